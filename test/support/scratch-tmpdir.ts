/**
 * Vitest global setup: every temporary folder the tests make (and the CLIs they start) goes under one folder
 * of this run, removed when the run ends, so repeated `npm test` runs do not fill the machine's temp folder.
 * Each project of the run calls it: the first makes the folder, the others keep it. Its name stays short:
 * Chromium's socket path under it must fit in a Unix socket address (108 bytes).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

const PREFIX = 'hdt-';

export default function setup(): () => void {
  if (basename(tmpdir()).startsWith(PREFIX)) return () => {};
  const root = mkdtempSync(join(tmpdir(), PREFIX));
  // Open to other users as /tmp is (mkdtemp makes it the owner's alone): a test runs the CLI as `nobody`.
  chmodSync(root, 0o755);
  const names = ['TMPDIR', 'TMP', 'TEMP'];
  const previous = names.map((name) => [name, process.env[name]] as const);
  for (const name of names) process.env[name] = root;
  return () => {
    for (const [name, value] of previous) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
}

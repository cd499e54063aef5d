/**
 * Vitest global setup: every temporary folder the tests make (and the CLIs they start) goes under one folder
 * of this run, removed when the run ends, so repeated `npm test` runs do not fill the machine's temp folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'holodeck-tests-'));
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

/**
 * The tsconfig.json a TypeScript module is compiled and resolved with (its `paths`, `baseUrl`, JSX settings): the
 * one nearest to the module, in its folder or the closest folder above — never the one of the folder holodeck runs
 * from, which may belong to another project or be missing.
 */
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The nearest tsconfig.json at or above `folder`, or null when there is none. */
export function nearestTsconfig(folder: string): string | null {
  for (let current = folder; ; current = dirname(current)) {
    const candidate = join(current, 'tsconfig.json');
    if (isFile(candidate)) return candidate;
    if (dirname(current) === current) return null;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

let empty: string | null | undefined;

/**
 * A tsconfig.json that sets nothing, for a module that has none of its own (written once per process in the
 * system's temporary folder); null when that folder cannot hold it, and tsx is then left to its own default.
 */
export function emptyTsconfig(): string | null {
  if (empty === undefined) {
    try {
      const path = join(mkdtempSync(join(tmpdir(), 'holodeck-tsconfig-')), 'tsconfig.json');
      writeFileSync(path, '{}\n');
      empty = path;
    } catch {
      empty = null;
    }
  }
  return empty;
}

/**
 * Where an error thrown while a module loaded was thrown in the user's code: the first frame of its stack that
 * is neither Node's own (`node:…`, `internal/…`), nor an installed package's (`node_modules`), nor holodeck's
 * (`/path/agent.mjs:3:11`). Null when no frame is, or the error has no stack.
 */

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `    at fn (/path:3:11)` or `    at /path:3:11`: the path right after `at ` or the opening parenthesis. */
const FRAME = /^\s+at\s+(?:[^(]*\()?((?:file:\/\/)?\/[^\s()]*):(\d+):(\d+)\)?\s*$/;

export function thrownAt(error: unknown): string | null {
  const stack = typeof error === 'object' && error !== null ? (error as { stack?: unknown }).stack : undefined;
  if (typeof stack !== 'string') return null;
  // A module not found: its message already names the module that imported it.
  const code = (error as { code?: unknown }).code;
  if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return null;
  const root = ownRoot();
  // holodeck's code, built or not: a sample or test beside it in a checkout is user code.
  const own = root === null ? [] : [join(root, 'dist', ''), join(root, 'src', '')];
  for (const line of stack.split('\n').slice(1)) {
    // A frame line is short; a longer one is a message's own text.
    const found = line.length > 2000 ? null : FRAME.exec(line);
    if (found === null) continue;
    const [, written = '', row, column] = found;
    const path = written.startsWith('file://') ? safePath(written) : written;
    if (path === null || path.includes(`${sep}node_modules${sep}`)) continue;
    if (own.some((folder) => path.startsWith(folder))) continue;
    return `${path}:${row}:${column}`;
  }
  return null;
}

function safePath(url: string): string | null {
  try {
    return fileURLToPath(url);
  } catch {
    return null;
  }
}

let ownFolder: string | null | undefined;

/** holodeck's own folder: the nearest above this module whose package.json names it. */
function ownRoot(): string | null {
  if (ownFolder !== undefined) return ownFolder;
  ownFolder = null;
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    try {
      if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'holodeck') ownFolder = dir;
    } catch {
      // An unreadable manifest names nothing.
    }
    if (ownFolder !== null) break;
  }
  return ownFolder;
}

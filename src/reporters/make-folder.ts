/**
 * Creates a folder and the folders above it that are missing, one at a time. Node's own `mkdir(path,
 * { recursive: true })` never settles when a level cannot be created although the level above exists (a folder
 * under /proc or /sys answers ENOENT to every attempt, and Node tries again for ever), which held a run at its
 * end; here such a level rejects with its error.
 */
import { mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

export async function makeFolder(folder: string): Promise<void> {
  const missing: string[] = [];
  let at = resolve(folder);
  for (;;) {
    const found = await stat(at).catch((error: unknown) => {
      if ((error as { code?: unknown }).code === 'ENOENT') return null;
      throw error;
    });
    if (found !== null) {
      if (!found.isDirectory()) {
        throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${folder}' (${at} is a file)`), {
          code: 'ENOTDIR',
        });
      }
      break;
    }
    const parent = dirname(at);
    if (parent === at) break;
    missing.push(at);
    at = parent;
  }
  for (const level of missing.reverse()) {
    await mkdir(level).catch((error: unknown) => {
      // Made meanwhile by a concurrent caller: fine (a file there fails the next step, as it should).
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
    });
  }
}

/** Whether the folder `holodeck test view` reads can hold runs: a folder, one not made yet, or neither (and why). */
import { stat } from 'node:fs/promises';
import { fileKindOf } from '../../core/file-kind.js';

export type ResultsFolderState =
  | { readonly kind: 'folder' }
  /** Not there yet: the runs to come make it. */
  | { readonly kind: 'missing' }
  /** A file, a path through a file, or unreadable: it would be shown as a folder without runs, for ever. */
  | { readonly kind: 'unusable'; readonly problem: string };

export async function resultsFolderState(path: string): Promise<ResultsFolderState> {
  try {
    const found = await stat(path);
    if (found.isDirectory()) return { kind: 'folder' };
    return { kind: 'unusable', problem: `is ${found.isFile() ? 'a file' : fileKindOf(found)}, not a folder` };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'missing' };
    const problem = code === 'ENOTDIR' ? 'is under a file, not a folder' : `cannot be read (${code ?? String(error)})`;
    return { kind: 'unusable', problem };
  }
}

/**
 * A file opened for reading only when it is a regular file: a named pipe would hold the read until someone
 * writes to it, and a device such as /dev/zero never ends. The kind is checked before opening (a socket cannot
 * be opened) and again on what was opened, without waiting (a pipe put in its place meanwhile is not read).
 */
import { constants } from 'node:fs';
import { type FileHandle, open, stat } from 'node:fs/promises';
import { fileKindOf } from '../../../core/file-kind.js';

export type OpenedFile =
  | { readonly ok: true; readonly handle: FileHandle }
  /** What the path is instead: `a named pipe (FIFO)`, `a folder`… */
  | { readonly ok: false; readonly kind: string };

/** Throws what `stat` and `open` throw (ENOENT, EACCES…). */
export async function openRegularFile(path: string): Promise<OpenedFile> {
  const found = await stat(path);
  if (!found.isFile()) return { ok: false, kind: fileKindOf(found) };
  // Without waiting: opening a named pipe for reading would wait for a writer.
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  const opened = await handle.stat().catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  if (opened.isFile()) return { ok: true, handle };
  await handle.close();
  return { ok: false, kind: fileKindOf(opened) };
}

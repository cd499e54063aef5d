/** Writes a file so readers see either the old content or the new, never a half-written file. */

import { randomUUID } from 'node:crypto';
import { type FileHandle, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { makeFolder } from './make-folder.js';

/** How file reporters write their output; tests may pass their own. */
export type WriteFile = (path: string, data: string) => Promise<void>;

/** A piece of a file: text, or bytes already encoded as UTF-8. */
export type Piece = string | Uint8Array;

/** Receives the file's content piece by piece, or many pieces at once. */
export type WriteChunk = (chunk: Piece | readonly Piece[]) => Promise<void>;

/**
 * Writes `data` to a temporary file in the target's folder (created if missing), flushes it to disk, then
 * renames it over the target. On failure the temporary file is removed and the target is left untouched.
 */
export async function writeFileAtomic(path: string, data: string): Promise<void> {
  await writeStreamAtomic(path, (write) => write(data));
}

/**
 * Like writeFileAtomic, for content produced piece by piece (a report assembled from a spill file), so it
 * never has to exist in memory as one string. Small pieces are gathered into larger writes.
 */
export async function writeStreamAtomic(path: string, produce: (write: WriteChunk) => Promise<void>): Promise<void> {
  const folder = dirname(path);
  await makeFolder(folder);
  const temp = join(folder, `.${basename(path)}.${randomUUID()}.tmp`);
  try {
    const handle = await open(temp, 'wx');
    try {
      // Pieces are encoded straight into one reused buffer, written out each time it fills: no joined copy
      // of the text, one write per mebibyte.
      const buffer = Buffer.allocUnsafe(FLUSH_AT);
      let used = 0;
      const flush = async () => {
        if (used > 0) await writeAll(handle, buffer, used);
        used = 0;
      };
      // UTF-8 takes at most 3 bytes per UTF-16 code unit.
      const most = (piece: Piece) => (typeof piece === 'string' ? piece.length * 3 : piece.length);
      const copy = (piece: Piece) => {
        if (typeof piece === 'string') used += buffer.write(piece, used, 'utf8');
        else {
          buffer.set(piece, used);
          used += piece.length;
        }
      };
      const put = async (piece: Piece) => {
        await flush();
        if (most(piece) <= FLUSH_AT) return copy(piece);
        const bytes = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
        await writeAll(handle, bytes, bytes.length);
      };
      await produce(async (chunk) => {
        const pieces = typeof chunk === 'string' || chunk instanceof Uint8Array ? [chunk] : chunk;
        // Most pieces fit the buffer and are copied without an await.
        for (const piece of pieces as readonly Piece[]) {
          if (used + most(piece) <= FLUSH_AT) copy(piece);
          else await put(piece);
        }
      });
      await flush();
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

const FLUSH_AT = 1 << 20;

async function writeAll(handle: FileHandle, bytes: Uint8Array, length: number): Promise<void> {
  let written = 0;
  while (written < length) {
    const result = await handle.write(bytes, written, length - written, null);
    written += result.bytesWritten;
  }
}

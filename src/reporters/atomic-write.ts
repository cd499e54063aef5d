/** Writes a file so readers see either the old content or the new, never a half-written file. */

import { randomUUID } from 'node:crypto';
import { constants, fstatSync, type Stats } from 'node:fs';
import { type FileHandle, open, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { linkTarget } from './link-target.js';
import { makeFolder } from './make-folder.js';
import { writeReportToStdout } from './stdout-for-reports.js';

/** How file reporters write their output; tests may pass their own. */
export type WriteFile = (path: string, data: string) => Promise<void>;

/** A piece of a file: text, or bytes already encoded as UTF-8. */
export type Piece = string | Uint8Array;

/** Receives the file's content piece by piece, or many pieces at once. */
export type WriteChunk = (chunk: Piece | readonly Piece[]) => Promise<void>;

/**
 * Writes `data` to a temporary file in the target's folder (created if missing), flushes it to disk, then
 * renames it over the target. On failure the temporary file is removed and the target is left untouched.
 * A file replaced keeps its permissions (a report kept at 640 stays 640); a new one gets the umask's.
 * A device or a pipe is written to directly (see writeStreamAtomic).
 */
export async function writeFileAtomic(path: string, data: string): Promise<void> {
  await writeStreamAtomic(path, (write) => write(data));
}

/**
 * Like writeFileAtomic, for content produced piece by piece (a report assembled from a spill file), so it
 * never has to exist in memory as one string. Small pieces are gathered into larger writes. A path that names
 * a device or a pipe (`/dev/stdout`, a named pipe) is written to as it is: renaming a file over it would
 * replace the device's name with a file. Through a symbolic link to a file, the file it points to is replaced
 * and the link kept; through a dangling link, the file it names is created.
 */
export async function writeStreamAtomic(path: string, produce: (write: WriteChunk) => Promise<void>): Promise<void> {
  const existing = await stat(path).catch((error: unknown) => {
    if ((error as { code?: unknown }).code === 'ENOENT') return null;
    throw error;
  });
  // This process's own standard output or error, whatever it is (`/dev/stdout` of a socket cannot be opened again,
  // and of a file the shell redirected to would be replaced under the process's own writes).
  const own = existing === null ? undefined : [process.stdout, process.stderr].find((s) => isSameFile(existing, s.fd));
  if (own !== undefined) return writeToStream(own, produce);
  if (existing !== null && !existing.isFile() && !existing.isDirectory()) {
    const handle = await openStream(path, existing.isFIFO());
    try {
      await writePieces(handle, produce);
    } finally {
      await handle.close();
    }
    return;
  }
  // Through a symbolic link, the file it points to — existing, or a dangling link's file to create.
  const target = existing === null ? await linkTarget(path) : await realpath(path);
  const folder = dirname(target);
  await makeFolder(folder);
  const temp = join(folder, `.${basename(target)}.${randomUUID()}.tmp`);
  try {
    const handle = await open(temp, 'wx');
    try {
      // The file replaced keeps its permissions: a report or record the user restricted stays restricted.
      if (existing?.isFile()) await handle.chmod(existing.mode & 0o7777);
      await writePieces(handle, produce);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

function isSameFile(info: Stats, fd: number): boolean {
  try {
    const own = fstatSync(fd);
    return own.dev === info.dev && own.ino === info.ino;
  } catch {
    return false;
  }
}

/** Writes the pieces to a stream of this process, waiting whenever it asks to (and not past its end). */
async function writeToStream(stream: NodeJS.WriteStream, produce: (write: WriteChunk) => Promise<void>): Promise<void> {
  const write = stream === process.stdout ? writeReportToStdout : (piece: Piece) => stream.write(piece);
  await produce(async (chunk) => {
    for (const piece of piecesOf(chunk)) {
      if (write(piece) || stream.destroyed) continue;
      await new Promise<void>((done) => {
        const settle = () => {
          stream.off('drain', settle).off('close', settle).off('error', settle);
          done();
        };
        stream.on('drain', settle).on('close', settle).on('error', settle);
      });
    }
  });
}

/**
 * Opens a device or a pipe for writing. A named pipe nobody reads would hold the open for ever: it is first
 * opened without waiting, which fails at once when there is no reader.
 */
async function openStream(path: string, pipe: boolean): Promise<FileHandle> {
  if (!pipe) return open(path, 'w');
  const probe = await open(path, constants.O_WRONLY | constants.O_NONBLOCK).catch((error: unknown) => {
    if ((error as { code?: unknown }).code !== 'ENXIO') throw error;
    throw Object.assign(new Error(`no process reads the named pipe ${path}`), { code: 'ENXIO' });
  });
  try {
    return await open(path, 'w');
  } finally {
    await probe.close();
  }
}

/** Pieces are encoded straight into one reused buffer, written out each time it fills: one write per mebibyte. */
async function writePieces(handle: FileHandle, produce: (write: WriteChunk) => Promise<void>): Promise<void> {
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
    // Most pieces fit the buffer and are copied without an await.
    for (const piece of piecesOf(chunk)) {
      if (used + most(piece) <= FLUSH_AT) copy(piece);
      else await put(piece);
    }
  });
  await flush();
}

const FLUSH_AT = 1 << 20;

function piecesOf(chunk: Piece | readonly Piece[]): readonly Piece[] {
  return typeof chunk === 'string' || chunk instanceof Uint8Array ? [chunk] : (chunk as readonly Piece[]);
}

async function writeAll(handle: FileHandle, bytes: Uint8Array, length: number): Promise<void> {
  let written = 0;
  while (written < length) {
    const result = await handle.write(bytes, written, length - written, null);
    written += result.bytesWritten;
  }
}

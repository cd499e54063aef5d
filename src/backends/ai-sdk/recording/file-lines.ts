/**
 * The lines of an open file, read a piece at a time: a file larger than the longest string a JavaScript engine
 * holds (about 512 MB) is read as well as a small one, and only one line is in memory at a time. Lines end at
 * `\n` (a `\r` before it is left to the reader: JSON takes it as white space); bytes are read as UTF-8.
 */
import { constants } from 'node:buffer';
import type { FileHandle } from 'node:fs/promises';

/** A line longer than can be read into one string. */
export class LineTooLongError extends Error {
  constructor(
    /** 1 for the first line. */
    readonly line: number,
    /** The bytes of the line read so far: more than the limit. */
    readonly bytes: number,
  ) {
    super(`line ${line} is longer than ${bytes} bytes`);
    this.name = 'LineTooLongError';
  }
}

const CHUNK_BYTES = 1 << 20;

/** Each line's text, with its number (1 for the first); a line longer than `maxLineBytes` throws LineTooLongError. */
export async function* fileLines(
  handle: FileHandle,
  maxLineBytes: number = constants.MAX_STRING_LENGTH,
): AsyncGenerator<{ readonly text: string; readonly number: number }> {
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let number = 1;
  const take = (piece: Buffer) => {
    if (pendingBytes + piece.length > maxLineBytes) throw new LineTooLongError(number, pendingBytes + piece.length);
    const text = pending.length === 0 ? piece.toString('utf8') : Buffer.concat([...pending, piece]).toString('utf8');
    pending = [];
    pendingBytes = 0;
    return text;
  };
  for (;;) {
    const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, null);
    if (bytesRead === 0) break;
    const data = chunk.subarray(0, bytesRead);
    let start = 0;
    for (let end = data.indexOf(10, start); end !== -1; end = data.indexOf(10, start)) {
      const text = take(data.subarray(start, end));
      yield { text, number };
      number += 1;
      start = end + 1;
    }
    if (start < bytesRead) {
      pendingBytes += bytesRead - start;
      if (pendingBytes > maxLineBytes) throw new LineTooLongError(number, pendingBytes);
      // The chunk is read into again: the line's start is copied out of it.
      pending.push(Buffer.from(data.subarray(start)));
    }
  }
  if (pendingBytes > 0) yield { text: take(Buffer.alloc(0)), number };
}

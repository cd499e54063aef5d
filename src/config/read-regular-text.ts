/**
 * Reads a file the configuration names, as text. Only a regular file: a FIFO would block the read until some
 * other process writes to it (for ever, if none does) and a device such as /dev/zero never ends, so both are
 * refused with NotRegularFileError before anything is read. Its bytes must be text (core/decode-text.ts).
 */
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { decodeText, SAVE_AS_UTF8 } from '../core/decode-text.js';
import { fileKindOf } from '../core/file-kind.js';
import { tooLargeText } from './file-size-limits.js';

export class NotRegularFileError extends Error {
  constructor(stats: Stats) {
    super(`it is ${fileKindOf(stats)}, not a regular file (configuration is read from regular files only)`);
    this.name = 'NotRegularFileError';
  }
}

/** Stats of `path`, refusing anything but a regular file. */
export async function regularFileStats(path: string): Promise<Stats> {
  const stats = await stat(path);
  if (!stats.isFile()) throw new NotRegularFileError(stats);
  return stats;
}

/** A file that is not UTF-8 (or UTF-16 with a byte order mark) text, with where it first is not. */
export class NotUtf8TextError extends Error {
  constructor(line: number, column: number, problem: string) {
    super(`it is not UTF-8 text: ${problem} at line ${line}, column ${column} — ${SAVE_AS_UTF8}`);
    this.name = 'NotUtf8TextError';
  }
}

/** A file larger than the reader's limit. */
export class FileTooLargeError extends Error {
  constructor(size: number, limit: number) {
    super(tooLargeText(size, limit));
    this.name = 'FileTooLargeError';
  }
}

export async function readRegularText(path: string, maxBytes: number = Number.POSITIVE_INFINITY): Promise<string> {
  const { size } = await regularFileStats(path);
  if (size > maxBytes) throw new FileTooLargeError(size, maxBytes);
  const decoded = decodeText(await readFile(path));
  if (!decoded.ok) throw new NotUtf8TextError(decoded.line, decoded.column, decoded.problem);
  return decoded.text;
}

/** Why a file could not be read, for a message: our own errors by their message, others as Node gives them. */
export function readProblem(error: unknown): string {
  return error instanceof NotRegularFileError || error instanceof NotUtf8TextError || error instanceof FileTooLargeError
    ? error.message
    : String(error);
}

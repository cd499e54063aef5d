/** Why a run record or log could not be read: a stable code, and the file (or source) it names first. */

import { constants } from 'node:buffer';
import { readFile, stat } from 'node:fs/promises';
import type { z } from 'zod';
import { boundDepth } from '../core/bound-depth.js';
import { jsonSyntaxPosition } from '../core/json-syntax-position.js';

export type RunRecordErrorCode =
  | 'RUN_RECORD_UNREADABLE'
  /** Larger than the longest string the engine holds (about 512 MB): it cannot be read as one text. */
  | 'RUN_RECORD_TOO_LARGE'
  | 'RUN_RECORD_INVALID_JSON'
  | 'RUN_RECORD_UNSUPPORTED_VERSION'
  | 'RUN_RECORD_INVALID';

/** A run record that cannot be read, is not JSON, or does not have the record's shape. */
export class RunRecordError extends Error {
  constructor(
    readonly code: RunRecordErrorCode,
    readonly path: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${path}: ${message}`, options);
    this.name = 'RunRecordError';
  }
}

export async function readRecordText(path: string): Promise<string> {
  try {
    // Only a regular file: a named pipe would block the read until a writer comes, a device may never end.
    const stats = await stat(path);
    if (!stats.isFile()) {
      throw new RunRecordError('RUN_RECORD_UNREADABLE', path, 'cannot read the run record (not a regular file)');
    }
    if (stats.size > constants.MAX_STRING_LENGTH) throw tooLarge(path, stats.size);
    return await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof RunRecordError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    // A file that grew past the limit after its size was read.
    if (error instanceof RangeError || code === 'ERR_STRING_TOO_LONG') throw tooLarge(path, null);
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new RunRecordError('RUN_RECORD_UNREADABLE', path, `cannot read the run record (${reason})`, { cause: error });
  }
}

function tooLarge(path: string, bytes: number | null): RunRecordError {
  const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
  const size = bytes === null ? '' : `${mb(bytes)}, `;
  const message = `the run record is too large to read (${size}above the ${mb(constants.MAX_STRING_LENGTH)} a record can be read up to; --max-text-length keeps a run's answers shorter)`;
  return new RunRecordError('RUN_RECORD_TOO_LARGE', path, message);
}

/** The text without the UTF-8 byte order mark an editor may have put first. */
export function withoutByteOrderMark(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * A record's JSON; a value nested past MAX_VALUE_DEPTH (holodeck writes none) is cut there. A UTF-8 byte order
 * mark (an editor may add one) is read past, as the configuration reader does; an empty file says so.
 */
export function parseRecordJson(path: string, text: string): unknown {
  const json = withoutByteOrderMark(text);
  if (json.trim() === '') {
    const what = json === '' ? 'empty file' : 'empty file (white space only)';
    throw new RunRecordError('RUN_RECORD_INVALID_JSON', path, `not valid JSON: ${what}`);
  }
  try {
    return boundDepth(JSON.parse(json) as unknown);
  } catch (error) {
    // Placed, not quoted: V8's message quotes the text around the error, which may hold a piece of a secret.
    const where = jsonSyntaxPosition(json, error instanceof Error ? error.message : '');
    throw new RunRecordError('RUN_RECORD_INVALID_JSON', path, `not valid JSON: ${where}`, { cause: error });
  }
}

export function describeIssues(error: z.ZodError): string {
  const issues = error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : '';
  return `${issues.join('; ')}${more}`;
}

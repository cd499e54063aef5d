/** Why a run record or log could not be read: a stable code, and the file (or source) it names first. */

import { readFile, stat } from 'node:fs/promises';
import type { z } from 'zod';
import { boundDepth } from '../core/bound-depth.js';
import { jsonSyntaxPosition } from '../core/json-syntax-position.js';

export type RunRecordErrorCode =
  | 'RUN_RECORD_UNREADABLE'
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
    if (!(await stat(path)).isFile()) {
      throw new RunRecordError('RUN_RECORD_UNREADABLE', path, 'cannot read the run record (not a regular file)');
    }
    return await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof RunRecordError) throw error;
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new RunRecordError('RUN_RECORD_UNREADABLE', path, `cannot read the run record (${reason})`, { cause: error });
  }
}

/** A record's JSON; a value nested past MAX_VALUE_DEPTH (holodeck writes none) is cut there. */
export function parseRecordJson(path: string, text: string): unknown {
  try {
    return boundDepth(JSON.parse(text) as unknown);
  } catch (error) {
    // Placed, not quoted: V8's message quotes the text around the error, which may hold a piece of a secret.
    const where = jsonSyntaxPosition(text, error instanceof Error ? error.message : '');
    throw new RunRecordError('RUN_RECORD_INVALID_JSON', path, `not valid JSON: ${where}`, { cause: error });
  }
}

export function describeIssues(error: z.ZodError): string {
  const issues = error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : '';
  return `${issues.join('; ')}${more}`;
}

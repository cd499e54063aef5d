/**
 * The text of a run record or in-progress log. A file is read as one string, so one larger than the longest
 * string the JavaScript engine holds (about 512 MB) cannot be read at all: it is refused from its size, before
 * any of it is read, as RECORD_UNREADABLE naming that size, so a listing or a poll never spends a read on it.
 */
import { constants } from 'node:buffer';
import { open } from 'node:fs/promises';
import { DashboardError } from './dashboard-error.js';
import type { RunId } from './run-id.js';

/** The most bytes a record may have to be read: a file of more would decode to a string too long to hold. */
export const MAX_RECORD_BYTES = constants.MAX_STRING_LENGTH;

const MB = 1024 * 1024;

/** `600.0 MB`, as the page writes sizes. */
export function megabytes(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}

/** Why a record of `bytes` is not read (null when it is small enough). */
export function tooLargeReason(bytes: number, maxBytes: number = MAX_RECORD_BYTES): string | null {
  if (bytes <= maxBytes) return null;
  return `record too large to read: ${megabytes(bytes)}, above the ${Math.round(maxBytes / MB)} MB a record can be read up to`;
}

/** Errors of a read whose text came out longer than a string may be (a file that grew after its size was read). */
function isTooLong(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return error instanceof RangeError || code === 'ERR_STRING_TOO_LONG' || code === 'ERR_FS_FILE_TOO_LARGE';
}

/** Throws RECORD_UNREADABLE (`<run id>: <reason>`) when the file cannot be read or is too large. */
export async function readRecordSource(
  path: string,
  runId: RunId,
  maxBytes: number = MAX_RECORD_BYTES,
): Promise<string> {
  const unreadable = (reason: string, cause?: unknown): DashboardError =>
    new DashboardError('RECORD_UNREADABLE', `${runId.id}: ${reason}`, { cause });
  let size = 0;
  try {
    const handle = await open(path, 'r');
    try {
      size = (await handle.stat()).size;
      const tooLarge = tooLargeReason(size, maxBytes);
      if (tooLarge !== null) throw unreadable(tooLarge);
      return await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof DashboardError) throw error;
    if (isTooLong(error)) throw unreadable(tooLargeReason(Math.max(size, maxBytes + 1), maxBytes) ?? '', error);
    throw unreadable((error as Error).message, error);
  }
}

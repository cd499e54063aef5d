/**
 * A file a run writes (the run record, its log, a lock) that could not be written: which file, and why. Its
 * message names the file, so whoever reports it adds no file name of its own.
 */
export class FileWriteError extends Error {
  readonly code: string = 'FILE_NOT_WRITTEN';
  constructor(
    /** What the file is, as a message says it: `the run's log`, `the lock file`. */
    readonly what: string,
    readonly path: string,
    /** Why: `ENOSPC: no space left on device`. */
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`cannot write ${what} ${path}: ${reason}`, options);
    this.name = 'FileWriteError';
  }
}

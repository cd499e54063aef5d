/**
 * Who is running a run: `<timestamp>.lock` beside its record holds the process id, host and (where the system
 * says) start of the holodeck process writing it (the first run, or the `--resume` that continues it), and goes
 * once that process has written the record. A lock whose process is gone (killed, crashed, a machine that
 * restarted, its id now another process's) no longer counts: the run stopped without its record. So `--resume`
 * never takes over a run still going, and the dashboard tells a running run from one that stopped without its
 * record. Another machine's process cannot be asked: its lock counts until the caller judges it stale.
 */
import { readFileSync, statSync, unlinkSync } from 'node:fs';
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { fileErrorReason } from '../core/file-error-reason.js';
import { FileWriteError } from '../core/file-write-error.js';
import { isLiveProcess, processStart } from './live-process.js';

export interface RunHolder {
  readonly pid: number;
  readonly host: string;
}

export type TakenLock =
  | {
      readonly ok: true;
      release(): void;
      /** Another machine's lock taken over as stale (see takeRunLock), with when its run last wrote. */
      readonly replaced?: StaleHolder;
    }
  | { readonly ok: false; readonly holder: RunHolder };

export interface StaleHolder extends RunHolder {
  /** When the lock or the run's log was last written (ms since the epoch). */
  readonly last_written_ms: number;
}

export interface RunLockOptions {
  /**
   * A lock of another machine whose lock file and run log were both left untouched for longer than this is
   * stale: taken over, its holder said in `replaced`. Without it such a lock always counts.
   */
  readonly foreign_stale_after_ms?: number;
  readonly now?: () => number;
}

/** `<timestamp>.json` (or its `.partial.jsonl`) → `<timestamp>.lock`. */
export function lockPathOf(runFile: string): string {
  return runFile.replace(/(\.partial\.jsonl|\.json)$/, '.lock');
}

/** Locks taken before their run starts (`--resume`), by lock path: each undoes the exit hook that releases it. */
const takenAhead = new Map<string, () => void>();

/** Takes the run for this process, unless a live process holds it (see RunLockOptions for another machine's). */
export function takeRunLock(runFile: string, options: RunLockOptions = {}): Promise<TakenLock> {
  const path = lockPathOf(runFile);
  // The run's writer takes the lock over: from now on it is released when the record is written, never on a crash.
  takenAhead.get(path)?.();
  takenAhead.delete(path);
  const after = options.foreign_stale_after_ms;
  if (after === undefined) return takeFileLock(path);
  const now = options.now ?? Date.now;
  return takeFileLock(path, (holder) => {
    if (holder.host === hostname()) return null;
    const written = lastWritten([path, runFile.replace(/\.json$/, '.partial.jsonl')]);
    return now() - written > after ? { ...holder, last_written_ms: written } : null;
  });
}

/** When the newest of the files was last written; 0 when none is there. */
export function lastWritten(paths: readonly string[]): number {
  let newest = 0;
  for (const path of paths) {
    try {
      newest = Math.max(newest, statSync(path).mtimeMs);
    } catch {
      // Not there.
    }
  }
  return newest;
}

/**
 * A run's lock taken before the run starts (`--resume` reads the run first): released when the process exits,
 * unless the run's writer has taken it over by then. A `--resume` that stops before its run starts (a dry run,
 * a configuration error) leaves no lock behind to say the run stopped without its record.
 */
export function releaseAtExitUnlessTakenOver(runFile: string, lock: { release(): void }): void {
  const release = () => lock.release();
  process.once('exit', release);
  takenAhead.set(lockPathOf(runFile), () => process.off('exit', release));
}

/** A lock file that could not be written (a full disk, a read-only folder): its path and why. */
export class LockWriteError extends FileWriteError {
  override readonly code = 'LOCK_NOT_WRITTEN';
  constructor(path: string, reason: string, options?: { cause?: unknown }) {
    super('the lock file', path, reason, options);
    this.name = 'LockWriteError';
  }
}

/**
 * Takes the lock file `path` for this process (a run's, or a cassette's being recorded), unless a live one holds
 * it. A lock that cannot be written throws a LockWriteError, its temporary file removed.
 */
export async function takeFileLock(
  path: string,
  staleHolder: (holder: RunHolder) => StaleHolder | null = () => null,
): Promise<TakenLock> {
  const start = processStart('self');
  const mine = { pid: process.pid, host: hostname(), ...(start === null ? {} : { start }) };
  const text = `${JSON.stringify(mine)}\n`;
  let replaced: StaleHolder | null = null;
  // Written aside, then linked in place: the lock appears whole, and only if there was none.
  const written = `${path}.${process.pid}.tmp`;
  try {
    try {
      await writeFile(written, text);
    } catch (error) {
      // No folder yet: no run is there to hold (the record's folder is made when it is reserved).
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, release: () => {} };
      throw error;
    }
    try {
      await link(written, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = await liveHolder(path);
      replaced = holder === null ? null : staleHolder(holder);
      if (holder !== null && holder.pid !== process.pid && replaced === null) return { ok: false, holder };
      // A stale lock: its process is gone. Replaced whole, so a reader never sees half of it.
      await rename(written, path);
    }
  } catch (error) {
    throw new LockWriteError(path, fileErrorReason(error), { cause: error });
  } finally {
    // Also after a failed write: a full disk leaves the temporary file created, empty.
    await unlink(written).catch(() => undefined);
  }
  let released = false;
  // Released once the record is written, never on a crash: a lock left by a process that is gone says the run
  // stopped without its record.
  const release = () => {
    if (released) return;
    released = true;
    try {
      // Only our own lock: a later --resume of this run may hold it by now.
      if (readFileSync(path, 'utf8') === text) unlinkSync(path);
    } catch {
      // Gone already.
    }
  };
  return replaced === null ? { ok: true, release } : { ok: true, release, replaced };
}

/** The live process holding the run, or null when none does (no lock, or its process is gone). */
export async function runHolder(runFile: string): Promise<RunHolder | null> {
  return liveHolder(lockPathOf(runFile));
}

/**
 * What a partial log's lock says of its run: `running` (a live process holds it), `stopped` (the process that
 * held it is gone) or `unknown` (no lock: a run written before locks were, or one that is just starting).
 */
export function lockedState(runFile: string): 'running' | 'stopped' | 'unknown' {
  let text: string;
  try {
    text = readFileSync(lockPathOf(runFile), 'utf8');
  } catch {
    return 'unknown';
  }
  return holderOf(text) === null ? 'stopped' : 'running';
}

async function liveHolder(lockPath: string): Promise<RunHolder | null> {
  try {
    return holderOf(await readFile(lockPath, 'utf8'));
  } catch {
    return null;
  }
}

function holderOf(text: string): RunHolder | null {
  let holder: unknown;
  try {
    holder = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof holder !== 'object' || holder === null) return null;
  const { pid, host, start } = holder as { pid?: unknown; host?: unknown; start?: unknown };
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0 || typeof host !== 'string') return null;
  // Another machine's process cannot be asked: its lock is taken at its word.
  if (host !== hostname()) return { pid, host };
  return isLiveProcess(pid, typeof start === 'string' ? start : null) ? { pid, host } : null;
}

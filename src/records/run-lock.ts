/**
 * Who is running a run: `<timestamp>.lock` beside its record holds the process id, host and (where the system
 * says) start of the holodeck process writing it (the first run, or the `--resume` that continues it), and its
 * heartbeat (lock-heartbeat.ts): that process touches it every `heartbeat` ms, and removes it once it has written
 * the record. A lock written in this machine's own PID namespace counts while its process lives (a run killed a
 * moment ago does not). Any other lock touched lately counts, whatever its process id says (another machine's
 * process, or one of another PID namespace, cannot be asked). One left untouched longer (its process killed, crashed, frozen, a
 * machine that restarted) no longer counts, unless it is this machine's and its process is still there: the run
 * stopped without its record. So `--resume` never takes over a run still going, and the dashboard tells a running
 * run from one that stopped without its record. A lock of an earlier holodeck, without a heartbeat, counts while
 * its process lives; another machine's counts until the caller judges it stale.
 */
import { readFileSync, statSync, unlinkSync } from 'node:fs';
import { link, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { wallNow } from '../core/clock.js';
import { fileErrorReason } from '../core/file-error-reason.js';
import { FileWriteError } from '../core/file-write-error.js';
import { isLiveProcess, pidNamespace, processStart } from '../core/live-process.js';
import { HEARTBEAT_MS, staleAfterMs, startHeartbeat } from './lock-heartbeat.js';

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
  | {
      readonly ok: false;
      readonly holder: RunHolder;
      /** A lock with a heartbeat: when it was last touched, and how long it counts after that. */
      readonly heartbeat?: LockHeartbeat;
    };

export interface LockHeartbeat {
  /** When the lock was last touched (ms since the epoch). */
  readonly touched_ms: number;
  /** How long the lock counts after it was last touched. */
  readonly stale_after_ms: number;
}

export interface StaleHolder extends RunHolder {
  /** When the lock or the run's log was last written (ms since the epoch). */
  readonly last_written_ms: number;
  /** Set when the lock had a heartbeat, which stopped: how long it counted after it was last touched. */
  readonly stale_after_ms?: number;
}

export interface RunLockOptions {
  /**
   * A lock of another machine whose lock file and run log were both left untouched for longer than this is
   * stale: taken over, its holder said in `replaced`. Without it such a lock always counts.
   */
  readonly foreign_stale_after_ms?: number;
  readonly now?: () => number;
  /** How often the lock taken is touched (HEARTBEAT_MS unless given). */
  readonly heartbeat_ms?: number;
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
  const now = options.now ?? wallNow;
  // Judges only a lock of an earlier holodeck, without a heartbeat: by when its run last wrote.
  const stale = (holder: RunHolder): StaleHolder | null => {
    if (after === undefined || holder.host === hostname()) return null;
    const written = lastWritten([path, runFile.replace(/\.json$/, '.partial.jsonl')]);
    return now() - written > after ? { ...holder, last_written_ms: written } : null;
  };
  return takeFileLock(path, stale, options);
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
 * it, and touches it every `heartbeat_ms` until it is released. `staleHolder` may take over a lock of an earlier
 * holodeck (without a heartbeat) that still counts. A lock that cannot be written throws a LockWriteError, its
 * temporary file removed.
 */
export async function takeFileLock(
  path: string,
  staleHolder: (holder: RunHolder) => StaleHolder | null = () => null,
  options: Pick<RunLockOptions, 'heartbeat_ms' | 'now'> = {},
): Promise<TakenLock> {
  const start = processStart('self');
  const heartbeat = options.heartbeat_ms ?? HEARTBEAT_MS;
  const ns = pidNamespace();
  const mine = {
    pid: process.pid,
    host: hostname(),
    ...(start === null ? {} : { start }),
    ...(ns === null ? {} : { ns }),
    heartbeat,
  };
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
      const found = await readLock(path, (options.now ?? wallNow)());
      if (found?.live && !isMine(found)) {
        const { holder, heartbeat_ms, touched_ms } = found;
        replaced = heartbeat_ms === null ? staleHolder(holder) : null;
        if (replaced === null) {
          if (heartbeat_ms === null) return { ok: false, holder };
          return { ok: false, holder, heartbeat: { touched_ms, stale_after_ms: staleAfterMs(heartbeat_ms) } };
        }
      } else if (found !== null && !found.live && found.heartbeat_ms !== null && found.holder.host !== hostname()) {
        // Another machine's lock whose heartbeat stopped: said, as its process could not be asked.
        const stale_after_ms = staleAfterMs(found.heartbeat_ms);
        replaced = { ...found.holder, last_written_ms: found.touched_ms, stale_after_ms };
      }
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
  const stopHeartbeat = startHeartbeat(path, heartbeat);
  // Released once the record is written, never on a crash: a lock left by a process that is gone says the run
  // stopped without its record.
  const release = () => {
    if (released) return;
    released = true;
    stopHeartbeat();
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
  const found = await readLock(lockPathOf(runFile), wallNow());
  return found?.live === true ? found.holder : null;
}

/**
 * What a partial log's lock says of its run: `running` (a live process holds it), `stopped` (the process that
 * held it is gone) or `unknown` (no lock: a run written before locks were, or one that is just starting).
 */
export function lockedState(runFile: string, now: number = wallNow()): 'running' | 'stopped' | 'unknown' {
  const path = lockPathOf(runFile);
  let text: string;
  let touched: number;
  try {
    text = readFileSync(path, 'utf8');
    touched = statSync(path).mtimeMs;
  } catch {
    return 'unknown';
  }
  return judgeLock(text, touched, now)?.live === true ? 'running' : 'stopped';
}

/** Whether a run's lock has a heartbeat (judged by it), rather than being one of an earlier holodeck. */
export function lockHasHeartbeat(runFile: string): boolean {
  try {
    return judgeLock(readFileSync(lockPathOf(runFile), 'utf8'), 0, 0)?.heartbeat_ms !== null;
  } catch {
    return false;
  }
}

interface ReadLock {
  readonly holder: RunHolder;
  readonly start: string | null;
  /** How often its holder touches it, when it says (null: a lock of an earlier holodeck). */
  readonly heartbeat_ms: number | null;
  readonly touched_ms: number;
  /** Whether it counts: see the top of this file. */
  readonly live: boolean;
}

async function readLock(lockPath: string, now: number): Promise<ReadLock | null> {
  try {
    const [text, stats] = await Promise.all([readFile(lockPath, 'utf8'), stat(lockPath)]);
    return judgeLock(text, stats.mtimeMs, now);
  } catch {
    return null;
  }
}

function isMine({ holder, start }: ReadLock): boolean {
  if (holder.pid !== process.pid || holder.host !== hostname()) return false;
  return start === null || start === processStart('self');
}

/** The lock `text`, last touched at `touchedMs`; null when it is no lock. */
function judgeLock(text: string, touchedMs: number, now: number): ReadLock | null {
  let lock: unknown;
  try {
    lock = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof lock !== 'object' || lock === null) return null;
  const { pid, host, start, heartbeat, ns } = lock as {
    pid?: unknown;
    host?: unknown;
    start?: unknown;
    heartbeat?: unknown;
    ns?: unknown;
  };
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0 || typeof host !== 'string') return null;
  const started = typeof start === 'string' ? start : null;
  const every = typeof heartbeat === 'number' && Number.isFinite(heartbeat) && heartbeat > 0 ? heartbeat : null;
  const holder = { pid, host };
  const here = host === hostname();
  const read = { holder, start: started, heartbeat_ms: every, touched_ms: touchedMs };
  // An earlier holodeck's lock: this machine's counts while its process lives, another's is taken at its word.
  if (every === null) return { ...read, live: !here || isLiveProcess(pid, started) };
  // Written in this machine's own PID namespace: its process id says whether it runs, whatever the heartbeat (a
  // run killed a moment ago, or a copied lock, is not taken for a live one).
  if (here && typeof ns === 'string' && ns === pidNamespace()) return { ...read, live: isLiveProcess(pid, started) };
  // Touched lately: held, whatever the process id says here (another PID namespace, another machine).
  if (now - touchedMs <= staleAfterMs(every)) return { ...read, live: true };
  return { ...read, live: here && isLiveProcess(pid, started) };
}

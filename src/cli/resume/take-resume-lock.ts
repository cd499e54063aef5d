/**
 * The lock of the run `--resume` continues, taken before anything of it is read: two `--resume` of one run, or a
 * `--resume` of a run still going, never both run. A lock counts while its holder keeps touching it (its heartbeat,
 * records/lock-heartbeat.ts), whatever its process id says, and after that while its process, on this machine,
 * lives. A lock of an earlier holodeck, without a heartbeat, counts while its process lives (and is the one that
 * wrote it); one of another machine, which cannot be asked, counts until its run has written nothing for
 * STALE_FACTOR turn time limits (at least STALE_MIN_MS). Every refusal says how to override it.
 */
import { hostname } from 'node:os';
import { wallNow } from '../../core/clock.js';
import { isLiveProcess } from '../../core/live-process.js';
import { scanPartialLog } from '../../records/partial-log.js';
import {
  type LockHeartbeat,
  LockWriteError,
  lastWritten,
  lockPathOf,
  type RunHolder,
  type TakenLock,
  takeRunLock,
} from '../../records/run-lock.js';
import { readRunRecord } from '../../records/run-record.js';
import { formatDuration } from '../../reporters/format-numbers.js';
import type { RecordPaths } from '../../reporters/run-record-path.js';

/** A lock of another machine is stale once its run has written nothing for this many turn time limits… */
export const STALE_FACTOR = 10;
/** …and for at least this long. */
export const STALE_MIN_MS = 10 * 60 * 1000;
/** The turn time limit of a run that does not say its own (the default `execution.llm_timeout`). */
const DEFAULT_TURN_LIMIT_S = 60;

export type ResumeLock =
  | { readonly ok: true; readonly lock: { release(): void }; readonly note: string | null }
  | { readonly ok: false; readonly message: string };

export async function takeResumeLock(paths: RecordPaths, now: () => number = wallNow): Promise<ResumeLock> {
  const lockPath = lockPathOf(paths.record);
  const first = await attempt(paths, {});
  if (typeof first === 'string') return { ok: false, message: first };
  if (first.ok) return { ok: true, lock: first, note: heartbeatStopped(first, now) };
  const beat = first.heartbeat;
  // A holodeck process of this machine that holds it is named as the one writing the run.
  if (first.holder.host === hostname() && isLiveProcess(first.holder.pid, null)) {
    return { ok: false, message: stillGoing(first.holder, paths, lockPath) };
  }
  if (beat !== undefined && now() - beat.touched_ms <= beat.stale_after_ms) {
    return { ok: false, message: stillBeating(first.holder, lockPath, now() - beat.touched_ms, beat) };
  }
  if (first.holder.host === hostname()) return { ok: false, message: stillGoing(first.holder, paths, lockPath) };
  const limit = Math.max(STALE_MIN_MS, STALE_FACTOR * (await turnLimitSeconds(paths)) * 1000);
  const second = await attempt(paths, { foreign_stale_after_ms: limit, now });
  if (typeof second === 'string') return { ok: false, message: second };
  if (!second.ok) {
    const ago = now() - lastWritten([lockPath, paths.partial]);
    return { ok: false, message: maybeGoing(second.holder, lockPath, ago, limit) };
  }
  const stale = second.replaced;
  const note =
    stale === undefined
      ? null
      : `the run's lock named holodeck process ${stale.pid} on ${stale.host}, but the run has written nothing for ${formatDuration(now() - stale.last_written_ms)} (a lock of another machine counts for ${formatDuration(limit)} after its run last wrote): it is taken as stopped`;
  return { ok: true, lock: second, note };
}

async function attempt(paths: RecordPaths, options: Parameters<typeof takeRunLock>[1]): Promise<TakenLock | string> {
  try {
    return await takeRunLock(paths.record, options);
  } catch (error) {
    if (!(error instanceof LockWriteError)) throw error;
    return `cannot resume the run ${paths.record}: its lock file ${error.path} cannot be written (${error.reason})`;
  }
}

/** What to say of another machine's lock taken over as its heartbeat stopped; null when none was. */
function heartbeatStopped(taken: TakenLock & { ok: true }, now: () => number): string | null {
  const stale = taken.replaced;
  if (stale?.stale_after_ms === undefined) return null;
  return `the run's lock named holodeck process ${stale.pid} on ${stale.host}, but it was last touched ${formatDuration(now() - stale.last_written_ms)} ago (a running holodeck touches its lock as it goes, and a lock untouched for ${formatDuration(stale.stale_after_ms)} is stale): it is taken as stopped`;
}

function stillBeating({ pid, host }: RunHolder, lockPath: string, agoMs: number, beat: LockHeartbeat): string {
  return `the run is still going: its lock ${lockPath} names holodeck process ${pid} on ${host}, and was touched ${formatDuration(agoMs)} ago (a running holodeck touches its lock as it goes, and a lock untouched for ${formatDuration(beat.stale_after_ms)} is stale): let it finish, or stop it first; if it is not running any more (it crashed, its machine or job is gone, or these files were copied from there), delete ${lockPath} and resume again`;
}

function stillGoing({ pid }: RunHolder, paths: RecordPaths, lockPath: string): string {
  return `the run is still going (holodeck process ${pid} is writing ${paths.partial}): let it finish, or stop it first; if process ${pid} is not running it (the run crashed), delete ${lockPath} and resume again`;
}

function maybeGoing({ pid, host }: RunHolder, lockPath: string, agoMs: number, limitMs: number): string {
  return `the run may still be going: its lock ${lockPath} names holodeck process ${pid} on ${host}, which cannot be asked from here, and the run last wrote ${formatDuration(agoMs)} ago (a lock of another machine counts until its run has written nothing for ${formatDuration(limitMs)}): let it finish; if it is not running any more (its machine or job is gone, or these files were copied from there), delete ${lockPath} and resume again`;
}

/** The run's turn time limit in seconds, as its log's header or its record says. */
async function turnLimitSeconds(paths: RecordPaths): Promise<number> {
  const fromLog = await scanPartialLog(paths.partial).then(
    (scan) => scan.header?.metadata.execution?.llm_timeout,
    () => undefined,
  );
  const said =
    fromLog ??
    (await readRunRecord(paths.record).then(
      (record) => record.metadata.execution?.llm_timeout,
      () => undefined,
    ));
  return typeof said === 'number' && Number.isFinite(said) && said > 0 ? said : DEFAULT_TURN_LIMIT_S;
}

/**
 * A held lock's heartbeat: while a process holds a lock file, it touches the file (its modification time) every
 * HEARTBEAT_MS. A lock touched lately is held by a running process, whatever its process id says (a process of
 * another machine, or of another PID namespace of this one, cannot be asked); one left untouched for
 * staleAfterMs is not, unless its process, where it can be asked, is still there.
 */
import { utimesSync } from 'node:fs';
import { clearRunInterval, runInterval, wallDate } from '../core/clock.js';

/** How often a held lock is touched. */
export const HEARTBEAT_MS = 30_000;
/** A lock is stale once untouched for this many of its heartbeats… */
export const STALE_HEARTBEATS = 4;
/** …and for at least this long. */
export const STALE_MIN_MS = 2 * 60 * 1000;

/** How long a lock whose holder touches it every `heartbeatMs` may go untouched while it is held. */
export function staleAfterMs(heartbeatMs: number): number {
  return Math.max(STALE_MIN_MS, STALE_HEARTBEATS * heartbeatMs);
}

/** The heartbeat running for each lock path held by this process: one per lock, the latest taken. */
const beating = new Map<string, () => void>();

/** Touches `path` every `everyMs` until the returned function stops it; a touch that fails is skipped. */
export function startHeartbeat(path: string, everyMs: number): () => void {
  beating.get(path)?.();
  const timer = runInterval(() => {
    const now = wallDate();
    try {
      utimesSync(path, now, now);
    } catch {
      // Gone or unwritable for now: the next beat tries again.
    }
  }, everyMs);
  timer.unref();
  const stop = () => {
    clearRunInterval(timer);
    if (beating.get(path) === stop) beating.delete(path);
  };
  beating.set(path, stop);
  return stop;
}

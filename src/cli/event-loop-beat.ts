/**
 * A thread's proof that it still turns its event loop, kept in shared memory so that another thread can read it
 * while this one is stuck: the thread writes the time every BEAT_MS, beside the limit it may go without and
 * whether it is still loading or already running cases. The main thread's stall guard (stall-guard.ts) watches
 * the main thread this way, and the case worker pool its workers: a thread past its limit runs user code (a
 * module agent's factory, send or close, a module's top level) in a synchronous loop that never returns.
 */
import { runInterval, wallNow } from '../core/clock.js';

export const BEAT_MS = 200;

/** Where each fact sits in the shared Int32Array (the stall guard's watcher reads them by index). */
export const SLOT = { beat: 0, limit: 1, running: 2 } as const;

export interface EventLoopBeat {
  /** What to send to the beating and the watching thread. */
  readonly buffer: SharedArrayBuffer;
  /** The time the beats count from (ms since the epoch). */
  readonly origin: number;
}

export interface Overdue {
  readonly stalled: number;
  readonly limit: number;
  /** Running cases (its limit: the turn timeout + a grace), else loading. */
  readonly running: boolean;
}

/** A beat whose limit is `loadLimitMs` until the thread says it runs. */
export function createEventLoopBeat(loadLimitMs: number): EventLoopBeat {
  const origin = wallNow();
  const shared = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
  Atomics.store(shared, SLOT.limit, loadLimitMs);
  return { buffer: shared.buffer as SharedArrayBuffer, origin };
}

/** In the beating thread: beats from now on (the timer does not hold the thread). */
export function startBeating(beat: EventLoopBeat): { running(limitMs: number): void } {
  const shared = new Int32Array(beat.buffer);
  const write = () => Atomics.store(shared, SLOT.beat, wallNow() - beat.origin);
  write();
  runInterval(write, BEAT_MS).unref();
  return {
    running(limitMs) {
      Atomics.store(shared, SLOT.limit, Math.min(2 ** 31 - 1, limitMs));
      Atomics.store(shared, SLOT.running, 1);
      write();
    },
  };
}

/** In the watching thread: how long the beating thread has gone without a beat, once past its limit. */
export function overdue(beat: EventLoopBeat, now: number = wallNow()): Overdue | null {
  const shared = new Int32Array(beat.buffer);
  const stalled = now - beat.origin - Atomics.load(shared, SLOT.beat);
  const limit = Atomics.load(shared, SLOT.limit);
  return stalled > limit ? { stalled, limit, running: Atomics.load(shared, SLOT.running) === 1 } : null;
}

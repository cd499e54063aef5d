/**
 * A thread's proof that it still turns its event loop, kept in shared memory so that another thread can read it
 * while this one is stuck: the thread writes the time every BEAT_MS, and the limit it may go without (its
 * turn timeout + a grace once it runs cases). The case worker pool stops a worker whose beat is older than its
 * limit: user code in it (a module agent's factory, send or close) ran a synchronous loop that never returns.
 */
export const BEAT_MS = 200;

const BEAT = 0;
const LIMIT = 1;

export interface EventLoopBeat {
  /** What to send to the beating thread. */
  readonly buffer: SharedArrayBuffer;
  readonly origin: number;
}

export function createEventLoopBeat(limitMs: number): EventLoopBeat {
  const origin = Date.now();
  const shared = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  Atomics.store(shared, BEAT, 0);
  Atomics.store(shared, LIMIT, limitMs);
  return { buffer: shared.buffer as SharedArrayBuffer, origin };
}

/** In the beating thread: beats from now on (the timer does not hold the thread); returns how to set the limit. */
export function startBeating(beat: EventLoopBeat): { limitTo(ms: number): void } {
  const shared = new Int32Array(beat.buffer);
  const write = () => Atomics.store(shared, BEAT, Date.now() - beat.origin);
  write();
  setInterval(write, BEAT_MS).unref();
  return {
    limitTo(ms) {
      Atomics.store(shared, LIMIT, Math.min(2 ** 31 - 1, ms));
      write();
    },
  };
}

/** In the watching thread: how long the beating thread has gone without a beat and its limit, once past it. */
export function overdue(beat: EventLoopBeat, now: number = Date.now()): { stalled: number; limit: number } | null {
  const shared = new Int32Array(beat.buffer);
  const stalled = now - beat.origin - Atomics.load(shared, BEAT);
  const limit = Atomics.load(shared, LIMIT);
  return stalled > limit ? { stalled, limit } : null;
}

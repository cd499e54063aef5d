/** A clock for tests of the limiter: time moves only when `advance` is called, running due timers in order. */
import type { LimiterClock } from '../../../src/backends/ai-sdk/rate-limit/model-rate-limiter.js';

export interface ManualClock extends LimiterClock {
  /** Moves time forward by `ms`, running each timer when its moment comes, then lets promises settle. */
  advance(ms: number): Promise<void>;
}

/** `lateMs`: every timer fires that much after its time, as timers on a busy machine do. */
export function createManualClock(start = 0, lateMs = 0): ManualClock {
  let time = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const settle = async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  };
  return {
    now: () => time,
    schedule(run, ms) {
      const id = nextId++;
      timers.set(id, { at: time + Math.max(0, ms) + lateMs, run });
      return () => timers.delete(id);
    },
    async advance(ms) {
      const end = time + ms;
      await settle();
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (due === undefined) break;
        timers.delete(due[0]);
        time = Math.max(time, due[1].at);
        due[1].run();
        await settle();
      }
      time = end;
      await settle();
    },
  };
}

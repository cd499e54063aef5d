/**
 * The run's clock and timers, taken once before any user code loads (`protectClock`, called first by the command
 * line and by each worker thread). An agent, tool or grader that stubs `Date.now`, `performance.now`, `Date` or
 * the timers (as fake-timer and mock-date libraries do) changes its own world, not the run's durations,
 * deadlines, stall watch, heartbeats or record names: a turn that took too long cannot be timed as fast, and a
 * stubbed `setInterval` that returns a number cannot break a timer the run holds. Until taken (in unit tests),
 * they are the globals of the moment, so a test's fake timers drive them.
 */
interface Clock {
  readonly dateNow: () => number;
  readonly RealDate: DateConstructor;
  readonly performanceNow: () => number;
  readonly setTimeout: typeof setTimeout;
  readonly clearTimeout: typeof clearTimeout;
  readonly setInterval: typeof setInterval;
  readonly clearInterval: typeof clearInterval;
}

let taken: Clock | null = null;

export function protectClock(): void {
  if (taken !== null) return;
  taken = {
    dateNow: Date.now,
    RealDate: Date,
    performanceNow: performance.now.bind(performance),
    setTimeout: globalThis.setTimeout,
    clearTimeout: globalThis.clearTimeout,
    setInterval: globalThis.setInterval,
    clearInterval: globalThis.clearInterval,
  };
}

/** Milliseconds since the epoch, as `Date.now()` was before user code ran. */
export function wallNow(): number {
  return taken === null ? Date.now() : taken.dateNow();
}

/** The current time as a Date, whatever a user module made of the global `Date`. */
export function wallDate(): Date {
  return dateAt(wallNow());
}

/** `new Date(value)` with the Date of before user code ran. */
export function dateAt(value: number | string): Date {
  return taken === null ? new Date(value) : new taken.RealDate(value);
}

/** A monotonic clock in milliseconds, as `performance.now()` was before user code ran. */
export function monotonicNow(): number {
  return taken === null ? performance.now() : taken.performanceNow();
}

/** `setTimeout` as it was before user code ran. */
export const runTimer = ((...args: Parameters<typeof setTimeout>) =>
  (taken?.setTimeout ?? setTimeout)(...args)) as typeof setTimeout;

export function clearRunTimer(timer: Parameters<typeof clearTimeout>[0]): void {
  (taken?.clearTimeout ?? clearTimeout)(timer);
}

/** `setInterval` as it was before user code ran. */
export const runInterval = ((...args: Parameters<typeof setInterval>) =>
  (taken?.setInterval ?? setInterval)(...args)) as typeof setInterval;

export function clearRunInterval(timer: Parameters<typeof clearInterval>[0]): void {
  (taken?.clearInterval ?? clearInterval)(timer);
}

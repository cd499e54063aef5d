/**
 * The run's clock and deadline timer, taken when this module is first evaluated — the command line imports it
 * before any user code loads. An agent, tool or grader that stubs `Date.now`, `performance.now`, `Date` or the
 * timers (as fake-timer and mock-date libraries do) changes its own world, not the run's durations, deadlines,
 * stall watch or record names: a turn that took too long cannot be timed as fast.
 */
const dateNow = Date.now;
const RealDate = Date;
const performanceNow = performance.now.bind(performance);
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;

/** Milliseconds since the epoch, as `Date.now()` was before user code ran. */
export function wallNow(): number {
  return dateNow();
}

/** The current time as a Date, whatever a user module made of the global `Date`. */
export function wallDate(): Date {
  return new RealDate(dateNow());
}

/** A monotonic clock in milliseconds, as `performance.now()` was before user code ran. */
export function monotonicNow(): number {
  return performanceNow();
}

/** `setTimeout` as it was before user code ran: the timer of the run's deadlines. */
export function runTimer(callback: () => void, ms: number): ReturnType<typeof setTimeout> {
  return realSetTimeout(callback, ms);
}

export function clearRunTimer(timer: ReturnType<typeof setTimeout> | undefined): void {
  realClearTimeout(timer);
}

/** `new Date(value)` with the Date of before user code ran (a user module may replace the global class). */
export function dateAt(value: number | string): Date {
  return new RealDate(value);
}

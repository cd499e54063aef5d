/**
 * The turn's deadline, held when its answer comes in: the timer that aborts a turn at `llm_timeout` fires only
 * when the event loop is free, so an answer the run was too busy to stop in time (a model answer with very
 * many tool calls keeps it busy) may arrive after the deadline. Such an answer is never a verdict: the turn
 * ends as timed out, as it would have had the timer fired.
 */
import { TurnTimeoutError } from './turn-signal.js';

/**
 * Why an answer that came in `elapsedMs` after the turn started (plus `recordedMs`, the time answers served from
 * a cassette or the cache took when the model gave them) is too late for `timeoutMs`; null when it is in time.
 */
export function pastDeadline(elapsedMs: number, recordedMs: number, timeoutMs: number): string | null {
  const took = recordedMs + elapsedMs;
  if (took <= timeoutMs) return null;
  const timedOut = new TurnTimeoutError(timeoutMs).message;
  const seconds = `${(took / 1000).toFixed(1)}s`;
  if (recordedMs > 0) {
    // Answers served from a recording take no time now, but took their recorded time live.
    return `${timedOut}: its model answers came from a cassette or the cache, recorded taking ${seconds} in all`;
  }
  return `${timedOut}: the agent's answer came in only after ${seconds}`;
}

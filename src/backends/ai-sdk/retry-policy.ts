/**
 * Our own retry policy for model requests (the SDK's is turned off with `maxRetries: 0`): exponential
 * backoff with jitter, a server's `retry-after-ms` / `retry-after` wins, and no wait outlives the turn.
 */
import { clearRunTimer, runTimer } from '../../core/clock.js';

export interface RetryPolicy {
  /** Retries after the first attempt (`execution.max_retries`). */
  readonly max_retries: number;
  readonly base_delay_ms: number;
  readonly max_delay_ms: number;
  /** A server asking for a longer wait than this is capped to it. */
  readonly max_retry_after_ms: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  max_retries: 3,
  base_delay_ms: 500,
  max_delay_ms: 8_000,
  max_retry_after_ms: 60_000,
});

/**
 * The wait before retry number `retry` (0 = the first retry). Without a server hint: "equal jitter",
 * half of the exponential delay fixed and half random, so concurrent sessions spread out but never
 * retry immediately.
 */
export function retryDelayMs(
  retry: number,
  policy: RetryPolicy,
  random: () => number,
  retryAfterMs: number | null,
): number {
  if (retryAfterMs !== null) return Math.min(Math.max(0, retryAfterMs), policy.max_retry_after_ms);
  const exponential = Math.min(policy.max_delay_ms, policy.base_delay_ms * 2 ** retry);
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

/** Reads `retry-after-ms` (milliseconds) or `retry-after` (seconds or an HTTP date); null when absent or unreadable. */
export function parseRetryAfter(headers: Readonly<Record<string, string>> | undefined, nowMs: number): number | null {
  if (headers === undefined) return null;
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  const ms = lower.get('retry-after-ms');
  if (ms !== undefined && ms !== '' && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const after = lower.get('retry-after');
  if (after === undefined || after === '') return null;
  if (/^\d+(\.\d+)?$/.test(after)) return Number(after) * 1000;
  const date = Date.parse(after);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export const abortableSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearRunTimer(timer);
      reject(signal.reason);
    };
    const timer = runTimer(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

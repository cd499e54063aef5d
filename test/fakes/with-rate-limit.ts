/**
 * Wraps a script so the fake server enforces a true rate limit, as providers do: at most `requests` answers
 * in any sliding window of `window_ms`; a request beyond that gets a 429 whose headers say when a slot
 * frees (`retry-after-ms`, plus `retry-after` in whole seconds and OpenAI's `x-ratelimit-*` headers)
 * (`headers: false`: a bare 429). The arrival time of every accepted request is kept, so a test counts requests per window at the server.
 */
import type { FakeScript } from './fake-script.js';

export interface RateLimitOptions {
  /** Requests accepted per window. */
  readonly requests: number;
  readonly window_ms: number;
  readonly now?: () => number;
  /** false: a bare 429 that names no wait, as many gateways and local servers send. Default true. */
  readonly headers?: boolean;
}

export interface RateLimitedScript {
  readonly script: FakeScript;
  /** Arrival times (ms) of the requests that were answered, in order. */
  readonly accepted: readonly number[];
  /** How many requests got a 429. */
  readonly rejected: () => number;
}

export function withRateLimit(script: FakeScript, options: RateLimitOptions): RateLimitedScript {
  const now = options.now ?? (() => performance.now());
  const accepted: number[] = [];
  let rejected = 0;
  return {
    accepted,
    rejected: () => rejected,
    script: async (request) => {
      const at = now();
      const inWindow = accepted.filter((t) => t > at - options.window_ms);
      if (inWindow.length >= options.requests) {
        rejected += 1;
        const waitMs = Math.max(1, Math.ceil((inWindow[0] ?? at) + options.window_ms - at));
        return {
          kind: 'error',
          status: 429,
          message: `Rate limit reached: ${options.requests} requests per ${options.window_ms} ms`,
          headers:
            options.headers === false
              ? {}
              : {
                  'retry-after-ms': String(waitMs),
                  'retry-after': String(Math.ceil(waitMs / 1000)),
                  'x-ratelimit-limit-requests': String(options.requests),
                  'x-ratelimit-remaining-requests': '0',
                  'x-ratelimit-reset-requests': `${waitMs}ms`,
                },
        };
      }
      accepted.push(at);
      return script(request);
    },
  };
}

/** The most requests accepted in any window of `window_ms` starting at an accepted request. */
export function busiestWindow(accepted: readonly number[], windowMs: number): number {
  let most = 0;
  let end = 0;
  for (let start = 0; start < accepted.length; start += 1) {
    while (end < accepted.length && (accepted[end] ?? 0) < (accepted[start] ?? 0) + windowMs) end += 1;
    most = Math.max(most, end - start);
  }
  return most;
}

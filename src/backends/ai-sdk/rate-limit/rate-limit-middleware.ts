/**
 * The AI SDK language-model middleware that puts every model call through its model's limiter: a call is
 * sent when the limiter lets it, and its answer tells the limiter what it cost. A 429 (a rate limit, not an
 * exhausted quota) makes the limiter back off for the wait the answer names and is passed on: the caller
 * sends the call again at once (`isRateLimit`), without counting it against `max_retries` and without a
 * wait of its own, since the limiter holds the next call until the back-off ends — as often as it takes,
 * until the call's abort signal (the turn's timeout, a judge's deadline, Ctrl-C) ends it.
 */

import type { LanguageModelMiddleware } from 'ai';
import { wallNow } from '../../../core/clock.js';
import { quotaSpent } from '../classify-model-error.js';
import { holdsOf } from './held-requests.js';
import { MAX_RATE_LIMIT_WAIT_MS } from './model-rate-limiter.js';
import type { RateLimiter } from './rate-limit-channel.js';
import { rateLimitWaitMs } from './rate-limit-wait.js';

/**
 * The wait the last 429 of a model named and until when it holds new calls, by the model's limiter: a call
 * the timeout ends while it waits says what the provider asked for (a `Retry-After` beyond the turn's time,
 * say), whichever call got the 429 (in a worker thread, whichever call of the same session).
 */
const asked = new WeakMap<RateLimiter, { readonly wait_ms: number; readonly until: number }>();

/** `label`: what holds a call that waits, for the message of a turn that times out waiting (held-requests.ts). */
export function rateLimitMiddleware(
  limiter: RateLimiter,
  label = 'the rate limiter',
  now: () => number = wallNow,
): LanguageModelMiddleware {
  return {
    specificationVersion: 'v3',
    wrapGenerate: async ({ doGenerate, params }) => {
      const cost = limiter.counts_tokens ? estimateTokens(params.prompt, params.tools) : 0;
      const named = asked.get(limiter);
      const held = named !== undefined && now() < named.until ? `${label}${askedNote(named.wait_ms)}` : label;
      const release = holdsOf(params.abortSignal)?.begin(held);
      // A wait the call's timeout ends stays noted: the turn's error says the request was never sent.
      const permit = await limiter.acquire(cost, params.abortSignal);
      release?.();
      let result: Awaited<ReturnType<typeof doGenerate>>;
      try {
        result = await doGenerate();
      } catch (error) {
        if (params.abortSignal?.aborted !== true && isRateLimit(error)) {
          const wait = rateLimitWaitMs(headersOf(error), now());
          if (wait !== null)
            asked.set(limiter, { wait_ms: wait, until: now() + Math.min(wait, MAX_RATE_LIMIT_WAIT_MS) });
          permit.rateLimited(wait);
        } else {
          permit.failed();
        }
        throw error;
      }
      permit.done(totalTokens(result.usage));
      return result;
    },
  };
}

/** ` — its last 429 asked to wait 30 s`; a wait beyond the cap says it was held to the cap. */
function askedNote(waitMs: number): string {
  const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;
  const capped = waitMs > MAX_RATE_LIMIT_WAIT_MS ? ` (held to ${seconds(MAX_RATE_LIMIT_WAIT_MS)})` : '';
  return ` — its last 429 asked to wait ${seconds(waitMs)}${capped}`;
}

/** A 429 that asks to slow down; OpenAI's `insufficient_quota` (also a 429) will not pass by waiting. */
export function isRateLimit(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const record = error as Record<string, unknown>;
  if (record['statusCode'] !== 429) return false;
  return !quotaSpent(record['responseBody']);
}

function headersOf(error: unknown): Readonly<Record<string, string>> | undefined {
  const headers = (error as Record<string, unknown>)['responseHeaders'];
  return typeof headers === 'object' && headers !== null ? (headers as Readonly<Record<string, string>>) : undefined;
}

/** About four characters a token: the request's cost before its answer says what it was. */
function estimateTokens(prompt: unknown, tools: unknown): number {
  return Math.ceil((JSON.stringify(prompt)?.length ?? 0) / 4 + (JSON.stringify(tools ?? [])?.length ?? 0) / 4);
}

/** Input plus output tokens of an answer (V3 usage objects or plain numbers); null when not reported. */
function totalTokens(usage: unknown): number | null {
  if (typeof usage !== 'object' || usage === null) return null;
  const record = usage as Record<string, unknown>;
  const input = countOf(record['inputTokens']);
  const output = countOf(record['outputTokens']);
  return input === null && output === null ? null : (input ?? 0) + (output ?? 0);
}

function countOf(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'object' && value !== null) {
    const total = (value as Record<string, unknown>)['total'];
    return typeof total === 'number' ? total : null;
  }
  return null;
}

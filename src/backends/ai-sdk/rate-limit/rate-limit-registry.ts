/**
 * The limiters of one process, one per model (provider, endpoint, name): every caller of a model — the
 * agent's sessions, repeats, the models of a matrix, judges — gets the same one, so a limit holds for
 * all of them together. When two configurations limit the same model differently, the stricter figure holds.
 */
import type { LanguageModel } from 'ai';
import type { ModelConfig } from '../../../core/config-types.js';
import type { RateLimit, RateLimitStatus } from '../../../core/rate-limit.js';
import { asProviderModel } from '../provider-model.js';
import { wrapLanguageModel } from '../wrap-language-model.js';
import { type LimiterClock, ModelRateLimiter, SYSTEM_CLOCK } from './model-rate-limiter.js';
import type { LimitedModel, RemoteRateLimits } from './rate-limit-channel.js';
import { rateLimitMiddleware } from './rate-limit-middleware.js';

export interface RateLimitRegistry {
  /** The limiter of `model`, made on first use with `limit` (the model's own, else execution's). */
  limiterFor(model: LimitedModel, limit: RateLimit | null): ModelRateLimiter;
  /** `model` with its calls put through its limiter. */
  wrap(language: LanguageModel, model: ModelConfig, limit: RateLimit | null): Promise<LanguageModel>;
  /** Limiters worth showing: a limit is configured, or a 429 came. */
  statuses(): readonly RateLimitStatus[];
  /** In a case worker thread: `wrap` takes its permits from the main thread's registry from now on. */
  useRemote(remote: RemoteRateLimits): void;
}

export function createRateLimitRegistry(clock: LimiterClock = SYSTEM_CLOCK): RateLimitRegistry {
  const limiters = new Map<string, ModelRateLimiter>();
  let remote: RemoteRateLimits | null = null;
  const limiterFor = (model: LimitedModel, limit: RateLimit | null): ModelRateLimiter => {
    const key = JSON.stringify([model.provider, model.endpoint, model.name]);
    const existing = limiters.get(key);
    if (existing === undefined) {
      const limiter = new ModelRateLimiter(model.name, limit, clock);
      limiters.set(key, limiter);
      return limiter;
    }
    const merged = stricter(existing.limit, limit);
    if (!sameLimit(existing.limit, merged)) existing.setLimit(merged);
    return existing;
  };
  return {
    limiterFor,
    async wrap(language, model, limit) {
      return wrapLanguageModel(
        asProviderModel(language),
        rateLimitMiddleware(remote?.limiterFor(model, limit) ?? limiterFor(model, limit), holdLabel(model.name, limit)),
      );
    },
    statuses: () => [...limiters.values()].map((l) => l.status()).filter((s) => s.limit !== null || s.rate_limited > 0),
    useRemote: (source) => {
      remote = source;
    },
  };
}

/** The process's registry, shared by the agent's backend and every judge. */
export const processRateLimits: RateLimitRegistry = createRateLimitRegistry();

/** The limit that applies to a model: its own `rate_limit:`, else `execution.rate_limit:`. */
export function rateLimitOf(model: ModelConfig, fallback: RateLimit | null | undefined): RateLimit | null {
  return model.rate_limit ?? fallback ?? null;
}

function stricter(a: RateLimit | null, b: RateLimit | null): RateLimit | null {
  if (a === null) return b;
  if (b === null) return a;
  return {
    requests_per_minute: minOf(a.requests_per_minute, b.requests_per_minute),
    tokens_per_minute: minOf(a.tokens_per_minute, b.tokens_per_minute),
  };
}

function minOf(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : Math.min(a, b);
}

function sameLimit(a: RateLimit | null, b: RateLimit | null): boolean {
  return a?.requests_per_minute === b?.requests_per_minute && a?.tokens_per_minute === b?.tokens_per_minute;
}

/** What holds a call to `model` that waits: `holodeck's rate limiter for gpt-4o-mini (rate_limit: 12 requests a minute; …)`. */
function holdLabel(model: string, limit: RateLimit | null): string {
  if (limit === null) return `holodeck's back-off for ${model} after its 429s`;
  const parts = [
    limit.requests_per_minute === null ? null : `${limit.requests_per_minute} requests a minute`,
    limit.tokens_per_minute === null ? null : `${limit.tokens_per_minute} tokens a minute`,
  ].filter((part) => part !== null);
  const advice = 'with -j above what it serves, turns queue there: lower -j or raise the timeout';
  return `holodeck's rate limiter for ${model} (rate_limit: ${parts.join(', ')}; ${advice})`;
}

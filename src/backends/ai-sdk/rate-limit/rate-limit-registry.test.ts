import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../../test/support/backends/manual-clock.js';
import type { ModelConfig } from '../../../core/config-types.js';
import { createRateLimitRegistry, rateLimitOf } from './rate-limit-registry.js';

function model(name: string, extra: Partial<ModelConfig> = {}): ModelConfig {
  return {
    provider: 'openai',
    name,
    endpoint: 'http://127.0.0.1:1/v1',
    api_key: null,
    temperature: null,
    max_tokens: null,
    api_version: null,
    ...extra,
  };
}

describe('rate limit registry', () => {
  it('gives every caller of one model the same limiter, and another model its own', () => {
    const registry = createRateLimitRegistry(createManualClock());
    const agent = registry.limiterFor(model('gpt-4o-mini'), { requests_per_minute: 500, tokens_per_minute: null });
    const judge = registry.limiterFor(model('gpt-4o-mini', { temperature: 0 }), null);
    const other = registry.limiterFor(model('gpt-4o'), null);
    expect(judge).toBe(agent);
    expect(other).not.toBe(agent);
    expect(registry.limiterFor(model('gpt-4o-mini', { endpoint: 'http://127.0.0.1:2/v1' }), null)).not.toBe(agent);
  });

  it('keeps the stricter figure of two limits on one model, field by field', () => {
    const registry = createRateLimitRegistry(createManualClock());
    registry.limiterFor(model('m'), { requests_per_minute: 500, tokens_per_minute: null });
    const limiter = registry.limiterFor(model('m'), { requests_per_minute: 900, tokens_per_minute: 30_000 });
    expect(limiter.limit).toEqual({ requests_per_minute: 500, tokens_per_minute: 30_000 });
  });

  it('shows the models with a limit or a 429, not the others', async () => {
    const clock = createManualClock();
    const registry = createRateLimitRegistry(clock);
    registry.limiterFor(model('limited'), { requests_per_minute: 60, tokens_per_minute: null });
    const free = registry.limiterFor(model('free'), null);
    registry.limiterFor(model('quiet'), null);
    expect(registry.statuses().map((s) => s.model)).toEqual(['limited']);
    const permit = await free.acquire(0);
    permit.rateLimited(500);
    expect(registry.statuses().map((s) => [s.model, s.rate_limited, s.backoff_ms])).toEqual([
      ['limited', 0, 0],
      ['free', 1, 500],
    ]);
  });

  it("takes a model's own rate_limit over execution's", () => {
    const own = { requests_per_minute: 10, tokens_per_minute: null };
    const fallback = { requests_per_minute: 99, tokens_per_minute: null };
    expect(rateLimitOf(model('m', { rate_limit: own }), fallback)).toBe(own);
    expect(rateLimitOf(model('m'), fallback)).toBe(fallback);
    expect(rateLimitOf(model('m'), undefined)).toBeNull();
  });
});

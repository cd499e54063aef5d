import { describe, expect, it } from 'vitest';
import {
  addCost,
  costFields,
  costUsd,
  type RunPricing,
  spentOf,
  spentPricedUsd,
  storedOf,
  sumCosts,
  turnCost,
  ZERO_COST,
} from './cost.js';
import type { ModelPrice } from './model-price.js';
import { type CallUsage, type TokenUsage, ZERO_USAGE } from './token-usage.js';

const usage = (prompt: number, completion: number): TokenUsage => ({
  prompt_tokens: prompt,
  completion_tokens: completion,
  total_tokens: prompt + completion,
  cache_read_tokens: 0,
  cache_creation_tokens: 0,
});
const made = (usage: TokenUsage): CallUsage => ({ usage, stored: false });
const served = (usage: TokenUsage): CallUsage => ({ usage, stored: true });
const price = (input: number, output: number): ModelPrice => ({
  input_per_mtok: input,
  output_per_mtok: output,
  cached_input_per_mtok: null,
  cache_write_per_mtok: null,
});
const priced: RunPricing = {
  agent: { label: 'openai:gpt-4o', price: price(2.5, 10), source: 'builtin' },
  judge: { label: 'openai:gpt-4o-mini', price: price(0.15, 0.6), source: 'builtin' },
};
const unpricedJudge: RunPricing = { ...priced, judge: { label: 'ollama:llama3.2', price: null, source: null } };

describe('turnCost', () => {
  it('prices the agent and each judge call with their own model', () => {
    const cost = turnCost(priced, usage(1000, 100), [made(usage(1000, 100)), made(usage(500, 50))]);
    expect(cost).toEqual({
      agent_usd: 0.0035,
      judge_usd: 0.000315,
      priced_usd: 0.003815,
      unpriced_models: [],
      judge_calls: 2,
      judge_token_usage: usage(1500, 150),
      spent_usd: 0.003815,
      stored: { calls: 0, usd: 0, priced_usd: 0 },
    });
    expect(costUsd(cost)).toBe(0.003815);
  });

  it('is unknown, never 0, when a model that used tokens has no price; the priced part stays', () => {
    const cost = turnCost(unpricedJudge, usage(1000, 100), [made(usage(1000, 100))]);
    expect(cost.judge_usd).toBeNull();
    expect(cost.priced_usd).toBe(0.0035);
    expect(cost.unpriced_models).toEqual(['ollama:llama3.2']);
    expect(costFields(cost).cost_usd).toBeNull();
  });

  it('costs 0 when no token was used, priced or not', () => {
    const cost = turnCost(unpricedJudge, ZERO_USAGE, []);
    expect(costFields(cost)).toEqual({ cost_usd: 0, cost: { ...ZERO_COST, judge_token_usage: ZERO_USAGE } });
  });

  it('prices answers served from a cassette or the cache as made, and leaves them out of what was spent', () => {
    const cost = turnCost(priced, usage(3000, 300), [served(usage(1000, 100)), made(usage(500, 50))], {
      calls: 2,
      token_usage: usage(2000, 200),
    });
    expect(costUsd(cost)).toBe(0.010815);
    expect(cost.judge_calls).toBe(2);
    expect(cost.stored).toEqual({ calls: 3, usd: 0.00721, priced_usd: 0.00721 });
    expect(cost.spent_usd).toBe(0.003605);
    expect(spentPricedUsd(cost)).toBe(0.003605);
  });

  it('spends nothing when every answer was served, even from a model without a price', () => {
    const cost = turnCost(unpricedJudge, usage(1000, 100), [served(usage(10, 10))], {
      calls: 1,
      token_usage: usage(1000, 100),
    });
    expect(cost.spent_usd).toBe(0);
    expect(cost.stored).toEqual({ calls: 2, usd: null, priced_usd: 0.0035 });
    expect(costUsd(cost)).toBeNull();
    expect(spentPricedUsd(cost)).toBe(0);
  });

  it('names the agent when it has no model of ours', () => {
    const cost = turnCost({ agent: null, judge: null }, usage(10, 10), []);
    expect(cost.agent_usd).toBeNull();
    expect(cost.unpriced_models).toEqual(['the agent (no model configured)']);
  });
});

describe('addCost and sumCosts', () => {
  it('adds element-wise; an unknown part makes the sum unknown', () => {
    const known = turnCost(priced, usage(1000, 100), []);
    const unknown = turnCost(unpricedJudge, usage(1000, 100), [made(usage(10, 10))]);
    const sum = addCost(known, unknown);
    expect(sum.agent_usd).toBe(0.007);
    expect(sum.judge_usd).toBeNull();
    expect(sum.priced_usd).toBe(0.007);
    expect(sum.judge_calls).toBe(1);
    expect(costUsd(sum)).toBeNull();
    expect(costUsd(addCost(known, known))).toBe(0.007);
  });

  it('adds what was spent and what was served; a part written before they were told apart was all spent', () => {
    const replayed = turnCost(priced, usage(1000, 100), [], { calls: 1, token_usage: usage(1000, 100) });
    const { spent_usd: _spent, stored: _stored, ...old } = turnCost(priced, usage(1000, 100), []);
    const sum = addCost(replayed, old);
    expect(sum.spent_usd).toBe(0.0035);
    expect(sum.stored).toEqual({ calls: 1, usd: 0.0035, priced_usd: 0.0035 });
    expect(spentOf(old)).toBe(0.0035);
    expect(storedOf(old).calls).toBe(0);
    expect(spentPricedUsd(sum)).toBe(0.0035);
  });

  it('is null when no part carries a cost, and counts a part without one as unknown if it used tokens', () => {
    expect(sumCosts([{ token_usage: usage(1, 1) }])).toBeNull();
    const known = turnCost(priced, usage(1000, 100), []);
    const withOld = sumCosts([{ token_usage: usage(1000, 100), cost: known }, { token_usage: usage(5, 5) }]);
    expect(withOld?.agent_usd).toBeNull();
    expect(withOld?.priced_usd).toBe(0.0035);
    const withSkipped = sumCosts([{ token_usage: usage(1000, 100), cost: known }, { token_usage: ZERO_USAGE }]);
    expect(withSkipped && costUsd(withSkipped)).toBe(0.0035);
  });
});

import { describe, expect, it } from 'vitest';
import { ZERO_COST } from './cost.js';
import { formatCost, formatCostDetail, formatCostSpent, formatUsd } from './format-cost.js';

describe('formatUsd', () => {
  it.each([
    [0, '$0'],
    [0.000042, '$0.000042'],
    [0.0123, '$0.0123'],
    [0.1, '$0.10'],
    [1, '$1.00'],
    [1234.5, '$1,234.50'],
  ])('%s → %s', (usd, text) => {
    expect(formatUsd(usd)).toBe(text);
  });
});

describe('formatCost', () => {
  it('writes a known cost in dollars', () => {
    expect(formatCost({ cost_usd: 0.0123, cost: { ...ZERO_COST, agent_usd: 0.0123, priced_usd: 0.0123 } })).toBe(
      '$0.0123',
    );
  });

  it('writes a partly known cost as a lower bound naming the models without a price', () => {
    const cost = { ...ZERO_COST, agent_usd: 0.5, judge_usd: null, priced_usd: 0.5, unpriced_models: ['ollama:x'] };
    expect(formatCost({ cost_usd: null, cost })).toBe('≥ $0.50 (no price for ollama:x)');
  });

  it('writes an unknown cost as unknown, never $0', () => {
    const cost = { ...ZERO_COST, agent_usd: null, unpriced_models: ['openai_compatible:m'] };
    expect(formatCost({ cost_usd: null, cost })).toBe('unknown (no price for openai_compatible:m)');
  });

  it('says nothing for results written before cost was counted', () => {
    expect(formatCost({})).toBeNull();
    expect(formatCostDetail({})).toBeNull();
  });

  it('splits agent and judge cost when judges were called', () => {
    const cost = { ...ZERO_COST, agent_usd: 0.01, judge_usd: 0.002, priced_usd: 0.012, judge_calls: 3 };
    expect(formatCostDetail({ cost_usd: 0.012, cost })).toBe('$0.012 (agent $0.01, 3 judge calls $0.002)');
    expect(formatCostDetail({ cost_usd: 0, cost: ZERO_COST })).toBe('$0');
  });

  it('says what was spent when answers came from a cassette or the cache', () => {
    const served = { calls: 4, usd: 0.01, priced_usd: 0.01 };
    const cost = { ...ZERO_COST, agent_usd: 0.012, priced_usd: 0.012, spent_usd: 0.002, stored: served };
    expect(formatCostDetail({ cost_usd: 0.012, cost })).toBe(
      '$0.012 · spent $0.002: 4 model answers came from a cassette or the cache and cost nothing now',
    );
    expect(formatCostSpent({ cost_usd: 0.012, cost })).toBe('$0.012 (spent $0.002)');
    expect(formatCostSpent({ cost_usd: 0.012, cost: { ...cost, stored: { ...served, calls: 0 } } })).toBe('$0.012');
  });

  it('gives a lower bound or unknown for what was spent when a model called now has no price', () => {
    const stored = { calls: 1, usd: 0.01, priced_usd: 0.01 };
    const cost = { ...ZERO_COST, agent_usd: null, priced_usd: 0.015, spent_usd: null, stored };
    expect(formatCostSpent({ cost_usd: null, cost })).toBe('≥ $0.015 (spent ≥ $0.005)');
    expect(formatCostSpent({ cost_usd: null, cost: { ...cost, priced_usd: 0.01 } })).toBe('≥ $0.01 (spent unknown)');
  });
});

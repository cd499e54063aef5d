import { describe, expect, it } from 'vitest';
import { ZERO_COST } from '../core/cost.js';
import type { CostBreakdown, TestResult } from '../core/results.js';
import { createSummaryAccumulator } from '../core/summary-accumulator.js';
import { ZERO_USAGE } from '../core/token-usage.js';
import { rollupRepeats } from './rollup-repeats.js';

const usage = { ...ZERO_USAGE, prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 };

function repeat(cost: CostBreakdown | null): TestResult {
  return {
    test_name: 'case',
    test_input: 'q',
    agent_response: 'a',
    ground_truth: null,
    expected_tools: null,
    tool_calls: [],
    tool_invocations: [],
    tools_matched: null,
    metric_results: [],
    status: 'passed',
    passed: true,
    execution_time_ms: 5,
    token_usage: usage,
    errors: [],
    timestamp: '2026-12-04T08:00:00.000Z',
    ...(cost === null ? {} : { cost_usd: cost.agent_usd === null ? null : cost.priced_usd, cost }),
  };
}

const priced = (usd: number): CostBreakdown => ({ ...ZERO_COST, agent_usd: usd, priced_usd: usd });
const unpriced: CostBreakdown = { ...ZERO_COST, agent_usd: null, unpriced_models: ['ollama:m'] };

describe('the cost of a repeated case', () => {
  it('is the sum over its repeats, breakdown included, and counts so in the summary', () => {
    const result = rollupRepeats([repeat(priced(0.001)), repeat(priced(0.002)), repeat(priced(0.003))], 1);
    expect(result.cost_usd).toBe(0.006);
    expect(result.cost).toEqual({ ...ZERO_COST, agent_usd: 0.006, priced_usd: 0.006 });
    const summary = createSummaryAccumulator();
    summary.add(result);
    expect(summary.summary(0).cost_usd).toBe(0.006);
  });

  it('is unknown when a repeat has no price, keeping the priced part', () => {
    const result = rollupRepeats([repeat(priced(0.001)), repeat(unpriced)], 0.5);
    expect(result.cost_usd).toBeNull();
    expect(result.cost).toMatchObject({ agent_usd: null, priced_usd: 0.001, unpriced_models: ['ollama:m'] });
  });

  it('is absent when no repeat counted cost', () => {
    const result = rollupRepeats([repeat(null), repeat(null)], 1);
    expect('cost_usd' in result).toBe(false);
    expect('cost' in result).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { singleTurnResult } from '../../test/support/reporters/report-fixtures.js';
import type { TestResult } from '../core/results.js';
import { createCostBudget } from './cost-budget.js';

function costing(usd: number): TestResult {
  const cost = {
    agent_usd: usd,
    judge_usd: 0,
    priced_usd: usd,
    unpriced_models: [],
    judge_calls: 0,
    judge_token_usage: {
      prompt_tokens: 0,
      completion_tokens: 0,
      total_tokens: 0,
      cache_read_tokens: 0,
      cache_creation_tokens: 0,
    },
  };
  return { ...singleTurnResult({ test_name: 'c', passed: true }), cost_usd: usd, cost };
}

describe('createCostBudget', () => {
  it('stops once the finished cases reach the budget', async () => {
    const reached: number[] = [];
    const budget = createCostBudget(3, (spent) => reached.push(spent));
    await budget.reporter.onTestCaseEnd?.(costing(2), 0);
    expect(budget.stop.aborted).toBe(false);
    await budget.reporter.onTestCaseEnd?.(costing(2), 1);
    expect(budget.stop.aborted).toBe(true);
    expect(reached).toEqual([4]);
  });

  it('is reached by a sum that falls a hair short of it in binary fractions (0.00013 × 3 against 0.00039)', async () => {
    const budget = createCostBudget(0.00039, () => {});
    for (let index = 0; index < 2; index++) await budget.reporter.onTestCaseEnd?.(costing(0.00013), index);
    expect(budget.stop.aborted).toBe(false);
    await budget.reporter.onTestCaseEnd?.(costing(0.00013), 2);
    expect(budget.spent()).toBeLessThan(0.00039);
    expect(budget.stop.aborted).toBe(true);
  });

  it('with --repeat, counts each repeat as it finishes, and a repeated case once', async () => {
    const budget = createCostBudget(3, () => {});
    // Round one of four cases, two repeats each: the budget is reached within the round, before any case ends.
    await budget.reporter.onRepeatEnd?.(costing(2), 0, 0);
    await budget.reporter.onRepeatEnd?.(costing(2), 1, 0);
    expect(budget.stop.aborted).toBe(true);
    expect(budget.spent()).toBe(4);
    await budget.reporter.onRepeatEnd?.(costing(2), 0, 1);
    await budget.reporter.onTestCaseEnd?.(costing(4), 0);
    expect(budget.spent()).toBe(6);
  });
});

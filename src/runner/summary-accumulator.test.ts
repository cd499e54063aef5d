import { describe, expect, it } from 'vitest';
import type { TestResult, TurnResult } from '../core/results.js';
import { ZERO_USAGE } from '../core/token-usage.js';
import { createSummaryAccumulator } from './summary-accumulator.js';

const usage = (total: number) => ({ ...ZERO_USAGE, prompt_tokens: total, total_tokens: total });

function result(name: string, passed: boolean, turns?: Partial<TurnResult>[]): TestResult {
  return {
    test_name: name,
    passed,
    token_usage: usage(10),
    ...(turns === undefined ? {} : { turns: turns as TurnResult[] }),
  } as TestResult;
}

describe('createSummaryAccumulator', () => {
  it('counts cases, turns by state (a single-turn case is one turn) and sums tokens', () => {
    const summary = createSummaryAccumulator();
    summary.add(result('single-ok', true));
    summary.add(result('single-bad', false));
    summary.add(
      result('multi', false, [
        { passed: true, skipped: false },
        { passed: false, skipped: false },
        { passed: false, skipped: true },
      ]),
    );
    expect(summary.summary(1234)).toEqual({
      total_tests: 3,
      passed: 1,
      failed: 2,
      pass_rate: 1 / 3,
      total_turns: 5,
      passed_turns: 2,
      failed_turns: 2,
      skipped_turns: 1,
      duration_ms: 1234,
      token_usage: usage(30),
    });
  });

  it('reports an empty run with a pass rate of 0', () => {
    expect(createSummaryAccumulator().summary(0)).toMatchObject({ total_tests: 0, pass_rate: 0, total_turns: 0 });
  });
});

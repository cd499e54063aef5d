import { describe, expect, it } from 'vitest';
import type { TestResult } from './results.js';
import type { Status } from './status.js';
import { createSummaryAccumulator } from './summary-accumulator.js';
import { ZERO_USAGE } from './token-usage.js';

const usage = (total: number) => ({ ...ZERO_USAGE, prompt_tokens: total, total_tokens: total });

const call = (error: string | null) => ({ name: 'divide', args: {}, result: null, error, duration_ms: 1 });

function result(name: string, status: Status, turns?: Status[], toolErrors = 0): TestResult {
  return {
    test_name: name,
    status,
    passed: status === 'passed',
    token_usage: usage(10),
    tool_invocations: [call(null), ...Array.from({ length: toolErrors }, () => call('division by zero'))],
    ...(turns === undefined ? {} : { turns: turns.map((s) => ({ status: s, passed: s === 'passed' })) }),
  } as unknown as TestResult;
}

describe('createSummaryAccumulator', () => {
  it('counts cases, turns by state (a single-turn case is one turn), tool errors, and sums tokens', () => {
    const summary = createSummaryAccumulator();
    summary.add(result('single-ok', 'passed', undefined, 1));
    summary.add(result('single-bad', 'failed', undefined, 2));
    summary.add(result('single-unreachable', 'error'));
    summary.add(result('multi', 'failed', ['passed', 'failed', 'skipped']));
    summary.add(result('multi-crashed', 'error', ['passed', 'error', 'skipped']));
    summary.add(result('never-ran', 'skipped', ['skipped', 'skipped']));
    expect(summary.summary(1234)).toEqual({
      total_tests: 6,
      passed: 1,
      failed: 5,
      errored: 2,
      skipped: 1,
      pass_rate: 1 / 6,
      total_turns: 11,
      passed_turns: 3,
      failed_turns: 4,
      errored_turns: 2,
      skipped_turns: 4,
      tool_errors: 3,
      duration_ms: 1234,
      token_usage: usage(60),
    });
  });

  it('reports an empty run with a pass rate of 0', () => {
    expect(createSummaryAccumulator().summary(0)).toMatchObject({ total_tests: 0, pass_rate: 0, total_turns: 0 });
  });
});

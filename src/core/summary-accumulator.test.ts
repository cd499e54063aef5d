import { describe, expect, it } from 'vitest';
import type { TestResult } from './results.js';
import type { Status } from './status.js';
import { createSummaryAccumulator } from './summary-accumulator.js';
import { ZERO_USAGE } from './token-usage.js';

const usage = (total: number) => ({ ...ZERO_USAGE, prompt_tokens: total, total_tokens: total });

const call = (error: string | null) => ({ name: 'divide', args: {}, result: null, error, duration_ms: 1 });

const metric = (metric_name: string, score: number | null, passed: boolean | null, error: string | null = null) => ({
  metric_name,
  score,
  passed,
  skipped: false,
  error,
});

function result(name: string, status: Status, turns?: Status[], toolErrors = 0): TestResult {
  // A single-turn case's metrics are its own; a multi-turn case's are its turns'.
  const numeric = (s: Status) => (s === 'skipped' ? [] : [metric('numeric', s === 'passed' ? 1 : 0, s === 'passed')]);
  return {
    test_name: name,
    status,
    passed: status === 'passed',
    token_usage: usage(10),
    tool_invocations: [call(null), ...Array.from({ length: toolErrors }, () => call('division by zero'))],
    metric_results: turns === undefined ? numeric(status) : [],
    ...(turns === undefined
      ? {}
      : { turns: turns.map((s) => ({ status: s, passed: s === 'passed', metric_results: numeric(s) })) }),
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
    summary.add({
      ...result('judged', 'passed'),
      metric_results: [metric('bleu', 0.5, true), metric('tone', null, null, 'judge call timed out')],
    } as unknown as TestResult);
    expect(summary.summary(1234)).toEqual({
      total_tests: 7,
      passed: 2,
      failed: 5,
      errored: 2,
      skipped: 1,
      pass_rate: 2 / 7,
      total_turns: 12,
      passed_turns: 4,
      failed_turns: 4,
      errored_turns: 2,
      skipped_turns: 4,
      tool_errors: 3,
      // Per evaluation: each turn that ran, each single-turn case; an evaluation that could not run apart.
      metrics: [
        { metric_name: 'bleu', mean_score: 0.5, passed: 1, failed: 0, errored: 0 },
        { metric_name: 'numeric', mean_score: 3 / 7, passed: 3, failed: 4, errored: 0 },
        { metric_name: 'tone', mean_score: null, passed: 0, failed: 0, errored: 1 },
      ],
      duration_ms: 1234,
      token_usage: usage(70),
    });
  });

  it('reports an empty run with a pass rate of 0', () => {
    expect(createSummaryAccumulator().summary(0)).toMatchObject({ total_tests: 0, pass_rate: 0, total_turns: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { metric, singleTurnResult, turn } from '../../test/support/reporters/report-fixtures.js';
import { caseFailures, describeMetricFailure, turnFailureReasons } from './failure-reasons.js';
import type { MetricResult } from './results.js';

const expectedTools = [{ name: 'delete_account', count: 0 }] as never;

describe('turnFailureReasons', () => {
  it('gives an errored turn its error alone: its tool assertions were never checked', () => {
    const errored = turn({
      turn_index: 0,
      input: 'q',
      errors: ['turn timed out after 3s (llm_timeout)'],
      tools_matched: false,
      expected_tools: expectedTools,
      status: 'error',
    });
    expect(turnFailureReasons(errored)).toEqual(['turn timed out after 3s (llm_timeout)']);
  });

  it('says the expected tools were not called on a turn that answered without them', () => {
    const failed = turn({ turn_index: 0, input: 'q', tools_matched: false, passed: false });
    expect(turnFailureReasons(failed)).toEqual(['expected tools not called (called: none)']);
  });
});

describe('caseFailures', () => {
  it('gives an errored single-turn case its error alone', () => {
    const errored = singleTurnResult({
      test_name: 'guarded',
      errors: ['module agent agent.mjs:create threw Error: down'],
      tools_matched: false,
      status: 'error',
    });
    expect(caseFailures(errored)[0]?.reasons).toEqual(['module agent agent.mjs:create threw Error: down']);
    const failed = singleTurnResult({ test_name: 'plain', tools_matched: false, passed: false });
    expect(caseFailures(failed)[0]?.reasons).toEqual(['expected tools none not matched (called: none)']);
  });
});

describe('describeMetricFailure', () => {
  const grader = (score: number, threshold: number): MetricResult =>
    metric({ metric_name: 'grounded', score, threshold, passed: false, reasoning: null });

  it('says a score under its threshold as such', () => {
    expect(describeMetricFailure(grader(0.2, 0.5))).toBe('metric grounded: score 0.2 < threshold 0.5');
    // Two values that round alike are shown as they are, never as `0.3 < threshold 0.3`.
    expect(describeMetricFailure(grader(0.3, 0.30000000000000004))).toBe(
      'metric grounded: score 0.3 < threshold 0.30000000000000004',
    );
    expect(describeMetricFailure(grader(0.4999999, 0.5))).toBe('metric grounded: score 0.4999999 < threshold 0.5');
  });

  it("says a grader's own passed: false failed a score that reached its threshold, never `0.9 < 0.5`", () => {
    expect(describeMetricFailure(grader(0.9, 0.5))).toBe(
      "metric grounded: score 0.9 (threshold 0.5), failed by its grader's passed: false",
    );
  });
});

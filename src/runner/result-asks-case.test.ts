import { describe, expect, it } from 'vitest';
import { metric, singleTurnResult, turn } from '../../test/support/reporters/report-fixtures.js';
import { EXACT_METRIC } from '../../test/support/runner/runner-fixtures.js';
import type { MetricConfig, TestCaseConfig, TurnConfig } from '../core/config-types.js';
import { createRedactor } from '../core/redactor.js';
import type { TestResult } from '../core/results.js';
import { resultAsksCase } from './result-asks-case.js';

function turnConfig(index: number, input: string, ground_truth: string | null): TurnConfig {
  return { index, input, ground_truth, expected_tools: null } as unknown as TurnConfig;
}

function testCase(turns: readonly TurnConfig[], kind: 'single' | 'multi' = 'multi'): TestCaseConfig {
  return { name: 'c', kind, turns } as unknown as TestCaseConfig;
}

describe('resultAsksCase', () => {
  it('holds for a single-turn result of the same input and ground truth, and not once either changed', () => {
    const result = singleTurnResult({ test_name: 'c', test_input: 'q', ground_truth: '1', expected_tools: null });
    expect(resultAsksCase(result, testCase([turnConfig(0, 'q', '1')], 'single'), [EXACT_METRIC])).toBe(true);
    expect(resultAsksCase(result, testCase([turnConfig(0, 'q', 'CHANGED')], 'single'), [EXACT_METRIC])).toBe(false);
    expect(resultAsksCase(result, testCase([turnConfig(0, 'q?', '1')], 'single'), [EXACT_METRIC])).toBe(false);
  });

  it('compares every turn of a conversation, and its length', () => {
    const result = {
      ...singleTurnResult({ test_name: 'c' }),
      turns: [
        turn({ turn_index: 0, input: 'a', ground_truth: '1' }),
        turn({ turn_index: 1, input: 'b', ground_truth: null }),
      ],
    } as TestResult;
    const same = testCase([turnConfig(0, 'a', '1'), turnConfig(1, 'b', null)]);
    expect(resultAsksCase(result, same, [])).toBe(true);
    expect(resultAsksCase(result, testCase([turnConfig(0, 'a', '1'), turnConfig(1, 'b', '2')]), [])).toBe(false);
    expect(resultAsksCase(result, testCase([turnConfig(0, 'a', '1')]), [])).toBe(false);
  });

  it('takes a text the record cut as the same when what it kept starts the text now', () => {
    const long = 'x'.repeat(50);
    const cut = `${'x'.repeat(10)}… [truncated: 50 characters in total]`;
    const result = singleTurnResult({ test_name: 'c', test_input: cut, ground_truth: null, expected_tools: null });
    expect(resultAsksCase(result, testCase([turnConfig(0, long, null)], 'single'), [EXACT_METRIC])).toBe(true);
    expect(resultAsksCase(result, testCase([turnConfig(0, `y${long}`, null)], 'single'), [EXACT_METRIC])).toBe(false);
  });

  it('does not hold once the metrics that judged it changed: one added, one dropped, a threshold set anew', () => {
    const bleu: MetricConfig = { ...EXACT_METRIC, name: 'bleu', threshold: 0.5 } as MetricConfig;
    const result = singleTurnResult({
      test_name: 'c',
      test_input: 'q',
      ground_truth: '1',
      expected_tools: null,
      metric_results: [metric({ metric_name: 'equality' }), metric({ metric_name: 'bleu', threshold: 0.5 })],
    });
    const asked = testCase([turnConfig(0, 'q', '1')], 'single');
    expect(resultAsksCase(result, asked, [EXACT_METRIC, bleu])).toBe(true);
    expect(resultAsksCase(result, asked, [bleu])).toBe(false);
    expect(resultAsksCase(result, asked, [EXACT_METRIC])).toBe(false);
    expect(resultAsksCase(result, asked, [EXACT_METRIC, { ...bleu, threshold: 0.99 } as MetricConfig])).toBe(false);
    expect(resultAsksCase(result, asked, [EXACT_METRIC, { ...bleu, name: 'rouge' } as MetricConfig])).toBe(false);
  });

  it('holds a turn that errored before its metrics ran to nothing about them', () => {
    const result = singleTurnResult({
      test_name: 'c',
      test_input: 'q',
      ground_truth: '1',
      expected_tools: null,
      metric_results: [],
      errors: ['turn timed out after 10s'],
    });
    expect(resultAsksCase(result, testCase([turnConfig(0, 'q', '1')], 'single'), [EXACT_METRIC])).toBe(true);
  });

  it("takes a text the record masked as the same when the run's redactor masks the text now so", () => {
    const key = 'sk-proj-abcdefgh12345678';
    const redactor = createRedactor([{ name: 'MY_KEY', value: key }]);
    const truth = `the code ${key.slice(0, 16)}`;
    const result = singleTurnResult({
      test_name: 'c',
      test_input: redactor.text(`say ${key}`),
      ground_truth: redactor.text(truth),
      expected_tools: null,
    });
    expect(result.ground_truth).not.toBe(truth);
    const now = testCase([turnConfig(0, `say ${key}`, truth)], 'single');
    expect(resultAsksCase(result, now, [EXACT_METRIC])).toBe(false);
    expect(resultAsksCase(result, now, [EXACT_METRIC], false, redactor.deep)).toBe(true);
    const edited = testCase([turnConfig(0, `say ${key}`, `${truth}!`)], 'single');
    expect(resultAsksCase(result, edited, [EXACT_METRIC], false, redactor.deep)).toBe(false);
  });
});

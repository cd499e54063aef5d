/** Reports with repeated cases (`--repeat`), rolled up by the runner's own roll-up, for the reporter tests. */
import type { RunReport, TestResult } from '../../src/core/results.js';
import { rollupRepeats } from '../../src/runner/rollup-repeats.js';
import { metric, multiTurnResult, reportOf, singleTurnResult, turn } from '../support/reporters/report-fixtures.js';

const failing = () =>
  metric({ metric_name: 'equality', score: 0, passed: false, reasoning: 'expected "105", got "not 105"' });

function conversation(name: string, secondPasses: boolean): TestResult {
  return multiTurnResult(name, [
    turn({
      turn_index: 0,
      input: 'stable question',
      response: '42',
      metric_results: [metric({ metric_name: 'equality' })],
    }),
    turn({
      turn_index: 1,
      input: 'flaky question',
      response: secondPasses ? '105' : 'not 105',
      passed: secondPasses,
      metric_results: [secondPasses ? metric({ metric_name: 'equality' }) : failing()],
    }),
  ]);
}

function timedOut(name: string): TestResult {
  return singleTurnResult({ test_name: name, agent_response: '', errors: ['the agent did not answer within 60s'] });
}

/** A flaky case that passes at min pass rate 0.5, one that fails at 1, and a steady single-turn case. */
export function repeatsReport(): RunReport {
  const flakyPassed = rollupRepeats(
    [
      conversation('flaky passes', true),
      conversation('flaky passes', false),
      conversation('flaky passes', true),
      conversation('flaky passes', true),
    ],
    0.5,
  );
  const flakyFailed = rollupRepeats(
    [conversation('flaky fails', false), conversation('flaky fails', true), conversation('flaky fails', false)],
    1,
  );
  const erroredOnce = rollupRepeats(
    [
      singleTurnResult({ test_name: 'errored once' }),
      timedOut('errored once'),
      singleTurnResult({ test_name: 'errored once' }),
    ],
    0.6,
  );
  const steady = rollupRepeats(
    [singleTurnResult({ test_name: 'steady' }), singleTurnResult({ test_name: 'steady' })],
    1,
  );
  const results = [flakyPassed, flakyFailed, erroredOnce, steady];
  const report = reportOf(results);
  return { ...report, summary: { ...report.summary, repeats: 4, flaky_tests: 3 } };
}

/** A case that fails every repeat, though its turns pass in turn: not flaky itself, its turns are. */
export function flakyTurnsReport(): RunReport {
  const swap = (firstPasses: boolean) =>
    multiTurnResult('never whole', [
      turn({
        turn_index: 0,
        input: 'first',
        passed: firstPasses,
        metric_results: [firstPasses ? metric({ metric_name: 'equality' }) : failing()],
      }),
      turn({
        turn_index: 1,
        input: 'second',
        passed: !firstPasses,
        metric_results: [firstPasses ? failing() : metric({ metric_name: 'equality' })],
      }),
    ]);
  const neverWhole = rollupRepeats([swap(true), swap(false)], 1);
  const flaky = rollupRepeats([conversation('flaky', true), conversation('flaky', false)], 0.5);
  const report = reportOf([neverWhole, flaky]);
  return { ...report, summary: { ...report.summary, repeats: 2, flaky_tests: 1 } };
}

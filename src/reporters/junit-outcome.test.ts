import { describe, expect, it } from 'vitest';
import { call, metric, multiTurnResult, singleTurnResult, turn } from '../../test/support/reporters/report-fixtures.js';
import { failingConversation, passingConversation } from '../../test/support/reporters/report-scenarios.js';
import { junitCounts, junitOutcome } from './junit-outcome.js';

const wrongAnswer = () =>
  turn({
    turn_index: 1,
    input: 'and in 2008?',
    response: '12',
    passed: false,
    metric_results: [metric({ metric_name: 'numeric', score: 0, passed: false })],
  });
const skipped = (turn_index: number, reason: string) =>
  turn({ turn_index, input: 'next?', skipped: true, passed: false, execution_time_ms: 0, errors: [reason] });

describe('junitOutcome', () => {
  it('passes what passed', () => {
    expect(junitOutcome(singleTurnResult({ test_name: 'greeting' }))).toBe('passed');
    expect(junitOutcome(passingConversation())).toBe('passed');
  });

  it('reads wrong answers, tool and argument mismatches as failures', () => {
    const single = singleTurnResult({
      test_name: 'farewell',
      passed: false,
      metric_results: [metric({ metric_name: 'equality', score: 0, passed: false })],
    });
    expect(junitOutcome(single)).toBe('failure');
    const conversation = multiTurnResult('c', [turn({ turn_index: 0, input: 'hi', response: 'hi' }), wrongAnswer()]);
    expect(junitOutcome(conversation)).toBe('failure');
  });

  it('keeps a tool that returned an error to the agent a failure, not an error', () => {
    const result = singleTurnResult({
      test_name: 'divide',
      passed: false,
      tool_invocations: [call('divide', { a: 1, b: 0 }, null, 'division by zero')],
      tool_calls: ['divide'],
      tools_matched: false,
      expected_tools: [{ name: 'subtract', args: null, count: 1 }],
    });
    expect(junitOutcome(result)).toBe('failure');
  });

  it('reads a single turn that errored (endpoint unreachable, timeout) as an error', () => {
    const result = singleTurnResult({
      test_name: 'unreachable',
      passed: false,
      agent_response: '',
      metric_results: [],
      errors: ['connect ECONNREFUSED 127.0.0.1:11434'],
    });
    expect(junitOutcome(result)).toBe('error');
  });

  it('reads an errored metric (a grader that threw, an unreachable judge) as an error', () => {
    const single = singleTurnResult({
      test_name: 'grader',
      passed: false,
      metric_results: [metric({ metric_name: 'g', kind: 'code', score: null, passed: false, error: 'TypeError' })],
    });
    expect(junitOutcome(single)).toBe('error');
    expect(junitOutcome(failingConversation())).toBe('error');
  });

  it('reads an errored turn as an error even when another turn failed an assertion', () => {
    const timedOut = turn({
      turn_index: 2,
      input: 'and 2007?',
      passed: false,
      errors: ['the agent did not answer within 60s'],
    });
    const result = multiTurnResult('c', [turn({ turn_index: 0, input: 'hi' }), wrongAnswer(), timedOut]);
    expect(junitOutcome(result)).toBe('error');
  });

  it('reads a session that could not be opened as an error, though no turn ran', () => {
    const reason = 'session could not be opened: MCP server "fin" exited with code 1';
    const result = multiTurnResult(
      'c',
      [skipped(0, reason), skipped(1, reason)],
      ['MCP server "fin" exited with code 1'],
    );
    expect(junitOutcome(result)).toBe('error');
  });

  it('reads a conversation whose turns were all skipped, without an error of its own, as skipped', () => {
    const result = multiTurnResult('c', [skipped(0, 'skipped: the run was interrupted'), skipped(1, 'skipped')]);
    expect(junitOutcome(result)).toBe('skipped');
  });

  it('does not count the reasons of skipped turns as errors', () => {
    const result = multiTurnResult('c', [
      turn({ turn_index: 0, input: 'hi' }),
      wrongAnswer(),
      skipped(2, 'skipped: the session failed twice in a row'),
    ]);
    expect(junitOutcome(result)).toBe('failure');
  });
});

describe('junitCounts', () => {
  it('counts every case as a test and each outcome apart', () => {
    expect(junitCounts(['passed', 'failure', 'error', 'error', 'skipped', 'passed'])).toEqual({
      tests: 6,
      failures: 1,
      errors: 2,
      skipped: 1,
    });
    expect(junitCounts([])).toEqual({ tests: 0, failures: 0, errors: 0, skipped: 0 });
  });
});

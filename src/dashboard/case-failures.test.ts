import { describe, expect, it } from 'vitest';
import {
  caseFailures,
  describeMetricFailure,
  firstFailureText,
  skipReason,
  turnFailureReasons,
} from '../core/failure-reasons.js';
import { formatExpectation as describeExpectation } from '../core/format-assertion.js';
import type { TestResult } from '../core/results.js';

/** The one line the runs list shows for a case. */
const firstFailure = (result: TestResult) => firstFailureText(result)?.text ?? null;

import { conversationCase, singleCase } from '../../test/support/dashboard/sample-results.js';

/** The dashboard explains failures with the same vocabulary as the console and the report files. */
describe('failure reasons in the dashboard', () => {
  it('names the failing turn, its assertion and its metrics', () => {
    const result = conversationCase('revenue', { failTurn: 1 });
    const failures = caseFailures(result);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ turn_index: 1, state: 'failed' });
    expect(failures[0]?.reasons[0]).toBe(
      `subtract(a≈206588, b≈181001) — arg 'b' mismatch: expected ≈"181001", got 180000`,
    );
    expect(failures[0]?.reasons.some((r) => r.startsWith('metric numeric: score 0 < threshold 1'))).toBe(true);
    expect(firstFailure(result)).toMatch(/^turn 2\/3: subtract\(/);
  });

  it('explains skipped turns and prefers a failed turn for the one-line summary', () => {
    const result = conversationCase('recovery', { failTurn: 0, skipFrom: 1 });
    const failures = caseFailures(result);
    expect(failures.map((f) => [f.turn_index, f.state])).toEqual([
      [0, 'failed'],
      [1, 'skipped'],
      [2, 'skipped'],
    ]);
    expect(failures[1]?.reasons).toEqual([
      'skipped: the session ended after an unrecoverable error in an earlier turn',
    ]);
    expect(firstFailure(result)).toMatch(/^turn 1\/3: /);
  });

  it('does not repeat turn errors that the case rolled up', () => {
    const result = conversationCase('recovery', { skipFrom: 1 });
    expect(caseFailures(result).every((f) => f.turn_index !== null)).toBe(true);
  });

  it('recognises rolled-up turn errors as the runner labels them now (turn 2/3) and as it did (0-based)', () => {
    const result = conversationCase('recovery', { skipFrom: 1 });
    const error = 'skipped: the session ended after an unrecoverable error in an earlier turn';
    for (const errors of [
      [`turn 2/3: ${error}`, `turn 3/3: ${error}`],
      [`turn 1: ${error}`, `turn 2: ${error}`],
    ]) {
      expect(caseFailures({ ...result, errors }).map((f) => f.turn_index)).toEqual([1, 2]);
    }
    const unrelated = caseFailures({ ...result, errors: [`turn 9/3: ${error}`] });
    expect(unrelated[0]).toMatchObject({ turn_index: null, reasons: [`turn 9/3: ${error}`] });
  });

  it('writes small scores and thresholds so they can be read', () => {
    const metric = conversationCase('x').turns?.[0]?.metric_results[0];
    if (metric === undefined) throw new Error('fixture');
    const low = { ...metric, score: 0.0004, threshold: 0.5, passed: false, reasoning: null };
    expect(describeMetricFailure(low)).toBe('metric numeric: score 0.0004 < threshold 0.5');
    expect(describeMetricFailure({ ...low, score: 0.33333 })).toBe('metric numeric: score 0.333 < threshold 0.5');
    expect(describeMetricFailure({ ...low, score: null, threshold: null })).toBe('metric numeric: score —');
  });

  it('keeps case-level errors not tied to a turn', () => {
    const base = conversationCase('x', { failTurn: 0 });
    const failures = caseFailures({ ...base, errors: ['session could not open: ECONNREFUSED'] });
    // An error of the case itself (its session did not open) is an error, not an assertion failure.
    expect(failures[0]).toEqual({
      turn_index: null,
      turn_count: null,
      state: 'error',
      reasons: ['session could not open: ECONNREFUSED'],
    });
  });

  it('explains single-turn failures by metric and by tools', () => {
    expect(caseFailures(singleCase('capital', false))[0]?.reasons).toEqual([
      'metric equality: score 0 — expected "Paris", got "Lyon"',
    ]);
    const toolFail = {
      ...singleCase('tools', false),
      metric_results: [],
      expected_tools: [{ name: 'lookup', args: null, count: 1 }],
      tools_matched: false,
    };
    expect(caseFailures(toolFail)[0]?.reasons).toEqual(['expected tools lookup not matched (called: none)']);
    expect(caseFailures({ ...toolFail, tools_matched: null })[0]?.reasons).toEqual(['failed (no reason recorded)']);
    expect(firstFailure(singleCase('ok', true))).toBeNull();
  });

  it('describes expectations with their matcher kinds and counts', () => {
    expect(describeExpectation({ tool: 'lookup', args: null, count: 1 })).toBe('lookup');
    expect(
      describeExpectation({ tool: 'f', args: { a: 1, b: { fuzzy: '2' }, c: { regex: '^x$' }, d: 'text' }, count: 2 }),
    ).toBe('f(a=1, b≈2, c~/^x$/, d="text") ×2');
  });

  it('reports a failed turn with no recorded reason, and errored metrics', () => {
    const turn = conversationCase('x').turns?.[0];
    if (turn === undefined) throw new Error('fixture');
    expect(
      turnFailureReasons({ ...turn, status: 'failed', passed: false, arg_match_details: [], metric_results: [] }),
    ).toEqual(['failed (no reason recorded)']);
    const errored = { ...turn.metric_results[0], metric_name: 'judge', passed: false, error: 'timeout after 30s' };
    expect(
      turnFailureReasons({
        ...turn,
        status: 'error',
        passed: false,
        metric_results: [errored] as typeof turn.metric_results,
      }),
    ).toContain('metric judge errored: timeout after 30s');
    expect(skipReason({ ...turn, errors: [] })).toBe('no reason recorded');
  });
});

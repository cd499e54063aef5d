import { describe, expect, it } from 'vitest';
import {
  assertion,
  metric,
  multiTurnResult,
  singleTurnResult,
  turn,
} from '../../test/support/reporters/report-fixtures.js';
import { failingConversation, passingConversation } from '../../test/support/reporters/report-scenarios.js';
import {
  caseFailures,
  caseOwnErrors,
  caseTurnCounts,
  firstFailureText,
  turnFailureReasons,
} from '../core/failure-reasons.js';

describe('failure reasons', () => {
  it('has none for passing cases and turns', () => {
    expect(caseFailures(passingConversation())).toEqual([]);
    expect(firstFailureText(passingConversation())).toBeNull();
    expect(turnFailureReasons(turn({ turn_index: 0, input: 'x' }))).toEqual([]);
  });

  it('names each failing and skipped turn by index, errors first, then tools, then metrics', () => {
    const failures = caseFailures(failingConversation());
    expect(failures.map((f) => [f.turn_index, f.state])).toEqual([
      [1, 'error'],
      [2, 'skipped'],
    ]);
    expect(failures[0]?.reasons).toEqual([
      `subtract(a=206588, b≈181001) — arg 'b' mismatch: expected ≈"181001", got 180000`,
      'metric numeric: score 0 — expected 25587, got 26588',
      'metric turn_program errored: TypeError: Cannot read properties of undefined (reading "steps")',
    ]);
    expect(failures[1]?.reasons).toEqual(['skipped: the session became unrecoverable at turn 2']);
  });

  it('names the failing argument of a single-turn case, as for a turn', () => {
    const failed = singleTurnResult({
      test_name: 'args',
      passed: false,
      expected_tools: [{ name: 'subtract', args: { b: { fuzzy: '181001' } }, count: 1 }],
      tools_matched: false,
      arg_match_details: [
        assertion({
          tool: 'subtract',
          args: { b: { fuzzy: '181001' } },
          passed: false,
          matched_call_index: -1,
          reason: `arg 'b' mismatch: expected ≈"181001", got 180000`,
        }),
      ],
      metric_results: [],
    });
    expect(caseFailures(failed)[0]?.reasons).toEqual([
      `subtract(b≈181001) — arg 'b' mismatch: expected ≈"181001", got 180000`,
    ]);
  });

  it('puts turn errors before assertion and metric failures, and ignores skipped metrics', () => {
    const failed = turn({
      turn_index: 3,
      input: 'x',
      passed: false,
      errors: ['turn timed out after 60s'],
      metric_results: [metric({ metric_name: 'rag', skipped: true, passed: false, score: null })],
    });
    expect(turnFailureReasons(failed)).toEqual(['turn timed out after 60s']);
  });

  it('explains tools_matched=false without assertion details, and never returns an empty list', () => {
    const noDetail = turn({ turn_index: 0, input: 'x', passed: false, tools_matched: false, tool_calls: ['add'] });
    expect(turnFailureReasons(noDetail)).toEqual(['expected tools not called (called: add)']);
    expect(turnFailureReasons(turn({ turn_index: 0, input: 'x', passed: false }))).toEqual([
      'failed (no reason recorded)',
    ]);
  });

  it('keeps case-level errors apart from the turn errors the roll-up repeats', () => {
    const result = multiTurnResult(
      'no-session',
      [
        turn({
          turn_index: 0,
          input: 'x',
          passed: false,
          skipped: true,
          errors: ['skipped: session could not be opened'],
        }),
      ],
      ['connection refused'],
    );
    expect(caseOwnErrors(result)).toEqual(['connection refused']);
    expect(caseFailures(result).map((f) => [f.turn_index, f.reasons])).toEqual([
      [null, ['connection refused']],
      [0, ['skipped: session could not be opened']],
    ]);
    expect(firstFailureText(result)).toEqual({ text: 'connection refused', more: 1 });
  });

  it('explains a failed single-turn case from its own fields', () => {
    const result = singleTurnResult({
      test_name: 's',
      passed: false,
      expected_tools: [{ name: 'greet', args: null, count: 1 }],
      tools_matched: false,
      metric_results: [metric({ metric_name: 'bleu', score: 0.2, threshold: 0.5, passed: false })],
    });
    expect(caseFailures(result)).toEqual([
      {
        turn_index: null,
        turn_count: null,
        state: 'failed',
        reasons: ['expected tools greet not matched (called: none)', 'metric bleu: score 0.2 < threshold 0.5'],
      },
    ]);
  });

  it('counts turns by state; a single-turn case is one turn', () => {
    expect(caseTurnCounts(failingConversation())).toEqual({ total: 3, passed: 1, failed: 1, errored: 1, skipped: 1 });
    expect(caseTurnCounts(singleTurnResult({ test_name: 's', passed: false }))).toEqual({
      total: 1,
      passed: 0,
      failed: 1,
      errored: 0,
      skipped: 0,
    });
  });
});

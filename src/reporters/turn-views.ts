/**
 * One shape for the per-turn detail of both single-turn and multi-turn cases, so the text reporters
 * render them with the same code. A single-turn case is shown as one turn built from its own fields.
 */

import type { AnswerCutOff } from '../core/answer-cut-off.js';
import { skipReason } from '../core/failure-reasons.js';
import { formatCostSpent } from '../core/format-cost.js';
import type { GraderDetail, MetricResult, TestResult, TurnResult } from '../core/results.js';
import type { Status } from '../core/status.js';
import type { ToolInvocation } from '../core/tool-invocation.js';
import { formatAssertion } from '../matchers/index.js';

export interface AssertionView {
  readonly passed: boolean;
  readonly text: string;
}

export interface TurnView {
  readonly turn_index: number;
  readonly turn_count: number;
  readonly state: Status;
  readonly execution_time_ms: number;
  readonly input: string;
  readonly response: string;
  readonly ground_truth: string | null;
  readonly tool_invocations: readonly ToolInvocation[];
  readonly assertions: readonly AssertionView[];
  readonly metric_results: readonly MetricResult[];
  readonly grader_details: readonly GraderDetail[];
  readonly errors: readonly string[];
  /** Why the turn was skipped; null unless skipped. */
  readonly skip_reason: string | null;
  /** Model requests retried during the turn (0 for a single-turn case, which does not record them). */
  readonly retries: number;
  /** What the turn cost (core/format-cost.ts); null when the result carries no cost. */
  readonly cost: string | null;
  /** Why the model stopped its answer before finishing it; null when it finished. */
  readonly answer_cut_off: AnswerCutOff | null;
}

/** ` · 2 retries`, or nothing when the turn needed no retry. */
export function retriesNote(view: { readonly retries: number }, separator = ' · '): string {
  if (view.retries === 0) return '';
  return `${separator}${view.retries} ${view.retries === 1 ? 'retry' : 'retries'}`;
}

export function turnViews(result: TestResult): TurnView[] {
  if (result.turns === undefined) return [singleTurnView(result)];
  const count = result.turns.length;
  return result.turns.map((turn) => multiTurnView(turn, count));
}

function multiTurnView(turn: TurnResult, count: number): TurnView {
  const state = turn.status;
  return {
    turn_index: turn.turn_index,
    turn_count: count,
    state,
    execution_time_ms: turn.execution_time_ms,
    input: turn.input,
    response: turn.response,
    ground_truth: turn.ground_truth,
    tool_invocations: turn.tool_invocations,
    assertions: turn.arg_match_details.map((a) => ({ passed: a.passed, text: formatAssertion(a) })),
    metric_results: turn.metric_results,
    grader_details: turn.grader_details,
    errors: state === 'skipped' ? turn.errors.slice(1) : turn.errors,
    skip_reason: state === 'skipped' ? skipReason(turn) : null,
    retries: turn.retries,
    cost: formatCostSpent(turn),
    answer_cut_off: turn.answer_cut_off ?? null,
  };
}

function singleTurnView(result: TestResult): TurnView {
  return {
    turn_index: 0,
    turn_count: 1,
    state: result.status,
    execution_time_ms: result.execution_time_ms,
    input: result.test_input,
    response: result.agent_response,
    ground_truth: result.ground_truth,
    tool_invocations: result.tool_invocations,
    assertions: singleTurnAssertions(result),
    metric_results: result.metric_results,
    grader_details: [],
    errors: result.errors,
    skip_reason: null,
    retries: result.retries ?? 0,
    cost: formatCostSpent(result),
    answer_cut_off: result.answer_cut_off ?? null,
  };
}

function singleTurnAssertions(result: TestResult): AssertionView[] {
  if (result.arg_match_details !== undefined) {
    return result.arg_match_details.map((a) => ({ passed: a.passed, text: formatAssertion(a) }));
  }
  // Results written before single-turn cases kept their assertions.
  if (result.expected_tools === null || result.expected_tools.length === 0) return [];
  const expected = result.expected_tools.map((tool) => tool.name).join(', ');
  const called = result.tool_calls.length === 0 ? 'none' : result.tool_calls.join(', ');
  const passed = result.tools_matched !== false;
  return [{ passed, text: `expected tools ${expected} — ${passed ? 'called' : `not matched (called: ${called})`}` }];
}

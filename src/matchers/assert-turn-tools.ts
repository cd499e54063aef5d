/**
 * Every tool check of one turn: its `expected_tools` / `forbidden_tools` entries, then, under
 * `execution.fail_on_tool_error`, one failed check per call that returned an error. A call that errored is
 * still a call of its tool, so it can satisfy an entry; only the policy makes the error itself fail the turn.
 * Last, when the turn stopped at its step limit with the agent still calling tools, one failed check naming
 * the limit: the agent gave no final answer.
 */
import type { TurnConfig } from '../core/config-types.js';
import type { ToolAssertionResult } from '../core/results.js';
import type { ToolInvocation } from '../core/tool-invocation.js';
import { assertTools, describeCall } from './assert-tools.js';

export interface ToolPolicy {
  readonly fail_on_tool_error: boolean;
}

export interface TurnToolChecks {
  readonly assertions: ToolAssertionResult[];
  /** null when the turn checks no tools. */
  readonly tools_matched: boolean | null;
}

export function assertTurnTools(
  turn: Pick<TurnConfig, 'expected_tools' | 'expected_tools_order' | 'distinct_calls'>,
  calls: readonly ToolInvocation[],
  policy: ToolPolicy = { fail_on_tool_error: false },
  stepLimit: number | null = null,
): TurnToolChecks {
  const expected = turn.expected_tools
    ? assertTools(turn.expected_tools, calls, turn.expected_tools_order, turn.distinct_calls === true)
    : [];
  const errors = policy.fail_on_tool_error ? toolErrorAssertions(calls) : [];
  const cutOff = stepLimit === null ? [] : [stepLimitAssertion(stepLimit, calls)];
  const assertions = [...expected, ...errors, ...cutOff];
  const checked = turn.expected_tools !== null || errors.length > 0 || cutOff.length > 0;
  return { assertions, tools_matched: checked ? assertions.every((a) => a.passed) : null };
}

/** `divide — call #1 divide(a=1, b=0) returned an error: division by zero (fail_on_tool_error)`. */
export function toolErrorAssertions(calls: readonly ToolInvocation[]): ToolAssertionResult[] {
  return calls.flatMap((call, index) =>
    call.error === null
      ? []
      : [
          {
            tool: call.name,
            args: null,
            count: 1,
            passed: false,
            matched_call_index: -1,
            matching_calls: 0,
            reason: `call #${index} ${describeCall(call)} returned an error: ${call.error} (fail_on_tool_error)`,
          },
        ],
  );
}

/**
 * `lookup — the turn reached its limit of 10 model calls (execution.max_steps) with the agent still calling
 * tools: it gave no final answer`, under the tool it was calling last.
 */
export function stepLimitAssertion(limit: number, calls: readonly ToolInvocation[]): ToolAssertionResult {
  return {
    tool: calls.at(-1)?.name ?? 'tools',
    args: null,
    count: 1,
    passed: false,
    matched_call_index: -1,
    matching_calls: 0,
    reason: `the turn reached its limit of ${limit} model call${limit === 1 ? '' : 's'} (execution.max_steps) with the agent still calling tools: it gave no final answer`,
  };
}

/**
 * Tool assertions of one turn (PRODUCT.md §4), scoped to the calls handed in. A call satisfies an entry when
 * its name contains the expected name and every asserted argument matches (extra arguments are ignored);
 * the entry passes when at least `count` calls satisfy it.
 */
import type { ArgMatcher, ExpectedTool } from '../core/config-types.js';
import type { ToolAssertionResult } from '../core/results.js';
import type { ToolInvocation } from '../core/tool-invocation.js';
import { reportArgs } from './expected-tool-to-report.js';
import { matchArg } from './match-arg.js';
import { matchesToolName } from './matches-tool-name.js';

interface CallCheck {
  /** Index of the call in the turn's invocations. */
  readonly index: number;
  /** How many asserted arguments matched, to find the closest call when none satisfies. */
  readonly matched_args: number;
  /** The first failing argument, or null when the call satisfies the entry. */
  readonly mismatch: string | null;
}

export function assertTools(
  expected: readonly ExpectedTool[],
  calls: readonly ToolInvocation[],
): ToolAssertionResult[] {
  return expected.map((entry) => assertTool(entry, calls));
}

function assertTool(expected: ExpectedTool, calls: readonly ToolInvocation[]): ToolAssertionResult {
  const checks: CallCheck[] = [];
  calls.forEach((call, index) => {
    if (matchesToolName(expected.name, call.name)) checks.push(checkCall(expected.args, call, index));
  });
  const satisfying = checks.filter((check) => check.mismatch === null);
  const passed = satisfying.length >= expected.count;
  return {
    tool: expected.name,
    args: expected.args === null ? null : reportArgs(expected.args),
    count: expected.count,
    passed,
    matched_call_index: satisfying[0]?.index ?? -1,
    matching_calls: satisfying.length,
    reason: passed ? null : failureReason(expected, checks, satisfying.length),
  };
}

function checkCall(args: Readonly<Record<string, ArgMatcher>> | null, call: ToolInvocation, index: number): CallCheck {
  let matchedArgs = 0;
  let mismatch: string | null = null;
  for (const [name, matcher] of Object.entries(args ?? {})) {
    const present = Object.hasOwn(call.args, name) && call.args[name] !== undefined;
    if (!present) {
      mismatch ??= `arg '${name}' missing`;
      continue;
    }
    const result = matchArg(matcher, call.args[name]);
    if (result.matched) matchedArgs += 1;
    else mismatch ??= `arg '${name}' mismatch: ${result.reason}`;
  }
  return { index, matched_args: matchedArgs, mismatch };
}

function failureReason(expected: ExpectedTool, checks: readonly CallCheck[], satisfying: number): string {
  if (checks.length === 0) return `tool '${expected.name}' was not called`;
  if (satisfying > 0) {
    return `expected ${expected.count} matching calls, got ${satisfying}`;
  }
  const closest = closestCall(checks);
  const where = checks.length > 1 ? ` (closest of ${checks.length} '${expected.name}' calls: #${closest.index})` : '';
  return `${closest.mismatch}${where}`;
}

/** The call with the most matching arguments; the earliest one on ties. */
function closestCall(checks: readonly CallCheck[]): CallCheck {
  return checks.reduce((best, check) => (check.matched_args > best.matched_args ? check : best));
}

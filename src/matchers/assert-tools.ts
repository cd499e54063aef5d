/**
 * Tool assertions of one turn (PRODUCT.md §4), scoped to the calls handed in. A call satisfies an entry when
 * its name contains the expected name (equals it, with `name_match: exact`) and every asserted argument matches (extra arguments are ignored);
 * the entry passes when at least `count` calls satisfy it, or, with count 0, when none does. Under
 * `strict` order the satisfying calls must also follow the order of the entries (see order-tools.ts). With
 * `distinct_calls`, one call satisfies at most one entry (see assign-calls.ts) and each result names its calls.
 */
import type { ExpectedTool, ExpectedToolsOrder } from '../core/config-types.js';
import { describeValue } from '../core/render-value.js';
import type { ToolAssertionResult } from '../core/results.js';
import type { ToolInvocation } from '../core/tool-invocation.js';
import { type CallCheck, checkCall } from './check-call.js';
import { distinctResults } from './distinct-results.js';
import { reportArgs } from './expected-tool-to-report.js';
import { matchesToolName } from './matches-tool-name.js';
import { orderTools } from './order-tools.js';

/** Offending calls named in the reason of a failed count-0 entry, at most. */
const MAX_NAMED_CALLS = 3;

export function assertTools(
  expected: readonly ExpectedTool[],
  calls: readonly ToolInvocation[],
  order: ExpectedToolsOrder = 'any',
  distinctCalls = false,
): ToolAssertionResult[] {
  const checked = expected.map((entry) => checkEntry(entry, calls));
  const results = checked.map(({ entry, checks, satisfying }) => toResult(entry, checks, satisfying, calls));
  // Strict order already gives each entry calls of its own (each placed after the previous entry's).
  if (order === 'strict') return orderTools(expected, checked, results, distinctCalls);
  return distinctCalls ? distinctResults(checked, results) : results;
}

export interface EntryCheck {
  readonly entry: ExpectedTool;
  readonly checks: readonly CallCheck[];
  /** Indices of the satisfying calls, in call order. */
  readonly satisfying: readonly number[];
}

function checkEntry(entry: ExpectedTool, calls: readonly ToolInvocation[]): EntryCheck {
  const checks: CallCheck[] = [];
  calls.forEach((call, index) => {
    // A call of a tool the agent does not have, or one its cut-off answer never ran, ran nothing: it is no call
    // of the expected tool.
    if (call.unknown_tool === true || call.not_run === true) return;
    if (matchesToolName(entry.name, call.name, entry.name_match)) checks.push(checkCall(entry.args, call, index));
  });
  const satisfying = checks.filter((check) => check.problems.length === 0).map((check) => check.index);
  return { entry, checks, satisfying };
}

function toResult(
  expected: ExpectedTool,
  checks: readonly CallCheck[],
  satisfying: readonly number[],
  calls: readonly ToolInvocation[],
): ToolAssertionResult {
  const passed = expected.count === 0 ? satisfying.length === 0 : satisfying.length >= expected.count;
  return {
    tool: expected.name,
    args: expected.args === null ? null : reportArgs(expected.args),
    count: expected.count,
    passed,
    matched_call_index: satisfying[0] ?? -1,
    matching_calls: satisfying.length,
    reason: passed ? null : failureReason(expected, checks, satisfying, calls),
  };
}

function failureReason(
  expected: ExpectedTool,
  checks: readonly CallCheck[],
  satisfying: readonly number[],
  calls: readonly ToolInvocation[],
): string {
  if (expected.count === 0) return forbiddenReason(expected, satisfying, calls);
  if (checks.length === 0) return notCalledReason(expected, calls);
  if (satisfying.length > 0) {
    return `expected ${expected.count} matching calls, got ${satisfying.length}`;
  }
  const closest = closestCall(checks);
  const where = checks.length > 1 ? ` (closest of ${checks.length} '${expected.name}' calls: #${closest.index})` : '';
  // What differs comes first, every argument of it; values too long to show there follow in full.
  const full = closest.problems.flatMap((problem) => (problem.full === null ? [] : [problem.full]));
  const inFull = full.length === 0 ? '' : ` — in full: ${full.join('; ')}`;
  return `${closest.problems.map((problem) => problem.text).join('; ')}${where}${inFull}`;
}

/**
 * `tool 'subtract' was not called`, naming the tools the turn did call; under exact matching, the calls whose
 * names contain it.
 */
function notCalledReason(expected: ExpectedTool, calls: readonly ToolInvocation[]): string {
  const base = `tool '${expected.name}' was not called`;
  // A call whose name matches but that named no tool of the agent's ran nothing, and matches no entry.
  const unknown = [
    ...new Set(
      calls.filter((call) => call.unknown_tool === true && call.name.includes(expected.name)).map((c) => c.name),
    ),
  ];
  const exact = expected.name_match === 'exact' ? 'exact name; ' : '';
  if (unknown.length > 0) {
    // What the call's error says of it (`the agent's tool subtract is offered as mcp__holodeck__subtract`).
    const error = calls.find((call) => call.unknown_tool === true && call.name === unknown[0])?.error ?? '';
    const said = error === '' ? '' : `: ${error.length > 200 ? `${error.slice(0, 200)}…` : error}`;
    return `${base} (${exact}called ${namedList(unknown)}, which is no tool of the agent's${said})`;
  }
  if (expected.name_match !== 'exact') {
    const called = [...new Set(calls.map((call) => call.name))];
    if (called.length === 0) return base;
    // A call of the tool that never ran (the answer was cut off before its calls could run) does not count.
    const unrun = calls.filter((call) => call.not_run === true && call.name.includes(expected.name));
    if (unrun.length > 0) {
      return `${base} (its call never ran: ${(unrun[0]?.error ?? 'not run').replace(/^not run: /, '')})`;
    }
    const lower = expected.name.toLowerCase();
    const cased = called.filter((name) => !name.includes(expected.name) && name.toLowerCase().includes(lower));
    if (cased.length > 0) return `${base} (names match with their letter case; called: ${namedList(cased)})`;
    return `${base} (${calledList(called)})`;
  }
  const near = [...new Set(calls.map((call) => call.name).filter((name) => name.includes(expected.name)))];
  return near.length === 0 ? `${base} (exact name)` : `${base} (exact name; called: ${near.join(', ')})`;
}

/** `called: add, subtract`; a call with an empty name names no tool, and is said so. */
function calledList(called: readonly string[]): string {
  const named = called.filter((name) => name !== '');
  if (named.length === called.length) return `called: ${namedList(called)}`;
  const empty = "a tool with an empty name, which is no tool of the agent's";
  return named.length === 0 ? `called ${empty}` : `called: ${namedList(named)}; also ${empty}`;
}

/** `a, b, c, and 2 more`. */
function namedList(names: readonly string[]): string {
  const more = names.length > MAX_NAMED_CALLS ? `, and ${names.length - MAX_NAMED_CALLS} more` : '';
  return `${names.slice(0, MAX_NAMED_CALLS).join(', ')}${more}`;
}

/** `must not be called, but 2 calls matched: #0 subtract(a=1, b=2), #3 subtract(a=1, b=5)`. */
function forbiddenReason(expected: ExpectedTool, satisfying: readonly number[], calls: readonly ToolInvocation[]) {
  const named = satisfying.slice(0, MAX_NAMED_CALLS).map((index) => `#${index} ${describeCall(calls[index])}`);
  const more = satisfying.length > MAX_NAMED_CALLS ? `, and ${satisfying.length - MAX_NAMED_CALLS} more` : '';
  const what = expected.args === null ? `'${expected.name}' must not be called` : 'no call may match';
  const matched = satisfying.length === 1 ? '1 call matched' : `${satisfying.length} calls matched`;
  return `${what}, but ${matched}: ${named.join(', ')}${more}`;
}

/** `subtract(a=1, b=2)`. */
export function describeCall(call: ToolInvocation | undefined): string {
  if (call === undefined) return '?';
  const args = Object.entries(call.args).map(([name, value]) => `${name}=${describeValue(value)}`);
  return `${call.name}(${args.join(', ')})`;
}

/** The call with the most matching arguments; the earliest one on ties. */
function closestCall(checks: readonly CallCheck[]): CallCheck {
  return checks.reduce((best, check) => (check.matched_args > best.matched_args ? check : best));
}

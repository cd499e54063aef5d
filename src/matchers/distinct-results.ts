/**
 * The tool assertions of a turn under `distinct_calls`: each entry that expects calls (count >= 1) passes
 * only with `count` calls of its own, handed out by `assignCalls`; its result lists them (`assigned_calls`).
 * An entry that fails says why: no call satisfies it at all (the reason it has without distinct_calls), or
 * calls do but other entries took them — naming each taken call and the entry that took it.
 * Count-0 entries (must not be called) are left as they are: any matching call fails them.
 */
import type { ExpectedTool } from '../core/config-types.js';
import { formatExpectation } from '../core/format-assertion.js';
import type { ToolAssertionResult } from '../core/results.js';
import { assignCalls } from './assign-calls.js';

interface CheckedEntry {
  readonly entry: ExpectedTool;
  /** Indices of the calls that satisfy the entry on their own, in call order. */
  readonly satisfying: readonly number[];
}

/** Taken calls named in a reason, at most. */
const MAX_NAMED_CALLS = 3;

export function distinctResults(
  checked: readonly CheckedEntry[],
  results: readonly ToolAssertionResult[],
): ToolAssertionResult[] {
  const assigned = assignCalls(
    checked.map(({ entry, satisfying }, position) => ({
      satisfying,
      count: entry.count,
      asserted_args: entry.args === null ? 0 : Object.keys(entry.args).length,
      key: `${entry.name_match} ${formatExpectation(results[position] ?? { tool: entry.name, args: null, count: 0 })}`,
    })),
  );
  const takenBy = new Map<number, number>();
  assigned.forEach((calls, position) => {
    for (const call of calls) takenBy.set(call, position);
  });
  return results.map((result, position) => {
    const entry = checked[position]?.entry;
    if (entry === undefined || entry.count === 0) return result;
    const own = assigned[position] ?? [];
    const satisfying = checked[position]?.satisfying ?? [];
    const passed = own.length >= entry.count;
    const base = { ...result, passed, matched_call_index: own[0] ?? -1, assigned_calls: own };
    if (passed) return { ...base, reason: null };
    // Too few calls satisfy it even with every call to itself: the reason it has on its own stands.
    if (satisfying.length < entry.count) return base;
    return { ...base, reason: takenReason(entry, own, satisfying, takenBy, results) };
  });
}

/**
 * `its matching calls went to other entries: #0 to expected_tools[1] add(a=1); each call satisfies one
 * entry (distinct_calls)`, or, when it kept some: `expected 2 calls of its own, got 1 (#3): …`.
 */
function takenReason(
  entry: ExpectedTool,
  own: readonly number[],
  satisfying: readonly number[],
  takenBy: ReadonlyMap<number, number>,
  results: readonly ToolAssertionResult[],
): string {
  const taken = satisfying.filter((call) => !own.includes(call));
  const named = taken.slice(0, MAX_NAMED_CALLS).map((call) => {
    const position = takenBy.get(call) ?? -1;
    const other = results[position];
    return other === undefined ? `#${call}` : `#${call} to expected_tools[${position}] ${formatExpectation(other)}`;
  });
  const more = taken.length > MAX_NAMED_CALLS ? `, and ${taken.length - MAX_NAMED_CALLS} more` : '';
  const head =
    own.length === 0
      ? `its matching ${taken.length === 1 ? 'call went' : 'calls went'} to other entries`
      : `expected ${entry.count} calls of its own, got ${own.length} (${own.map((call) => `#${call}`).join(', ')})`;
  return `${head}: ${named.join(', ')}${more}; each call satisfies one entry (distinct_calls)`;
}

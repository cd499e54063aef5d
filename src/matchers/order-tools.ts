/**
 * `expected_tools_order: strict`: the entries that expect calls (count >= 1) must be satisfied by calls in
 * the order the entries are listed, each entry by its own calls — a subsequence of the turn's calls. Entries
 * are placed greedily at their earliest satisfying calls after the previous entry's, which finds an
 * ordering whenever one exists. An entry that cannot be placed fails, naming the entry it should follow;
 * entries that failed on their own, and count-0 entries, are left as they are. Placed entries never share a
 * call, so under `distinct_calls` the placement is the assignment, and each result lists its calls.
 */
import type { ExpectedTool } from '../core/config-types.js';
import type { ToolAssertionResult } from '../core/results.js';

interface OrderInput {
  /** Indices of the calls that satisfy the entry, in call order. */
  readonly satisfying: readonly number[];
}

interface Placed {
  readonly name: string;
  readonly position: number;
  /** Index of the last call the entry was placed on. */
  readonly last_call: number;
}

export function orderTools(
  expected: readonly ExpectedTool[],
  inputs: readonly OrderInput[],
  results: readonly ToolAssertionResult[],
  distinctCalls = false,
): ToolAssertionResult[] {
  let previous: Placed | null = null;
  const assigned = (calls: readonly number[]) => (distinctCalls ? { assigned_calls: calls } : {});
  return results.map((result, position) => {
    const entry = expected[position];
    const satisfying = inputs[position]?.satisfying ?? [];
    if (entry === undefined || entry.count === 0) return result;
    if (!result.passed) return { ...result, ...assigned([]) };
    const after = previous === null ? 0 : previous.last_call + 1;
    const placed = satisfying.filter((index) => index >= after).slice(0, entry.count);
    if (placed.length < entry.count) {
      return { ...result, passed: false, reason: outOfOrder(entry, satisfying, previous), ...assigned([]) };
    }
    previous = { name: entry.name, position, last_call: placed[placed.length - 1] ?? after };
    return { ...result, matched_call_index: placed[0] ?? result.matched_call_index, ...assigned(placed) };
  });
}

/** `out of order: expected after 'lookup' (expected_tools[0], call #2); matching calls of 'subtract': #0, #1`. */
function outOfOrder(entry: ExpectedTool, satisfying: readonly number[], previous: Placed | null): string {
  const calls = satisfying.map((index) => `#${index}`).join(', ');
  const need = entry.count > 1 ? `${entry.count} calls ` : '';
  const anchor =
    previous === null
      ? 'the start'
      : `'${previous.name}' (expected_tools[${previous.position}], call #${previous.last_call})`;
  return `out of order: expected ${need}after ${anchor}; matching calls of '${entry.name}': ${calls}`;
}

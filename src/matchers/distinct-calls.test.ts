import { describe, expect, it } from 'vitest';
import type { ArgMatcher, ExpectedTool } from '../core/config-types.js';
import { formatAssertion } from '../core/format-assertion.js';
import type { JsonValue } from '../core/json.js';
import type { ToolAssertionResult } from '../core/results.js';
import type { ToolInvocation } from '../core/tool-invocation.js';
import { assertTools } from './assert-tools.js';
import { assertTurnTools } from './assert-turn-tools.js';
import { assignCalls } from './assign-calls.js';

const literal = (value: JsonValue): ArgMatcher => ({ kind: 'literal', value });

function tool(name: string, args: Record<string, JsonValue> | null = null, count = 1): ExpectedTool {
  const matchers = args === null ? null : Object.fromEntries(Object.entries(args).map(([k, v]) => [k, literal(v)]));
  return { name, name_match: 'substring', args: matchers, count };
}

function call(name: string, args: Record<string, unknown> = {}): ToolInvocation {
  return { name, args, result: 1, error: null, duration_ms: 1 };
}

const distinct = (expected: ExpectedTool[], calls: ToolInvocation[], order: 'any' | 'strict' = 'any') =>
  assertTools(expected, calls, order, true);

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

/** The outcome per entry, keyed by the entry as written, so that listings in any order compare equal. */
function byEntry(results: readonly ToolAssertionResult[]): string[] {
  const text = (r: ToolAssertionResult) => formatAssertion(r).replace(/expected_tools\[\d+\] /g, '');
  return results.map((r) => `${text(r)} [${r.assigned_calls?.join(',') ?? '-'}]`).sort();
}

describe('distinct_calls', () => {
  it('lets one call satisfy two entries without it, and only one with it', () => {
    const expected = [tool('add', { a: 1 }), tool('add')];
    const calls = [call('add', { a: 1, b: 2 })];
    expect(assertTools(expected, calls).map((r) => r.passed)).toEqual([true, true]);
    const results = distinct(expected, calls);
    expect(results.map((r) => r.passed)).toEqual([true, false]);
    expect(results[0]).toMatchObject({ assigned_calls: [0], matched_call_index: 0, matching_calls: 1 });
    expect(results[1]).toMatchObject({ assigned_calls: [], matched_call_index: -1, matching_calls: 1 });
    expect(results[1]?.reason).toBe(
      'its matching call went to other entries: #0 to expected_tools[0] add(a=1); each call satisfies one entry (distinct_calls)',
    );
  });

  it('finds the assignment a first-fit reading misses, in every listing order', () => {
    // First fit gives call #0 to `add` and leaves add(a=1) without a call; the matching gives #1 to `add`.
    const expected = [tool('add'), tool('add', { a: 1 }), tool('lookup')];
    const calls = [call('add', { a: 1 }), call('add', { a: 2 }), call('lookup')];
    const first = byEntry(distinct(expected, calls));
    expect(first).toEqual([
      'add — assigned call #1 [1]',
      'add(a=1) — assigned call #0 [0]',
      'lookup — assigned call #2 [2]',
    ]);
    for (const listing of permutations(expected)) expect(byEntry(distinct(listing, calls))).toEqual(first);
  });

  it('fails the same entry whatever the listing order when the calls cannot serve every entry', () => {
    const expected = [tool('add', null, 2), tool('add', { a: 1 }), tool('add', { b: 5 })];
    const calls = [call('add', { a: 1, b: 5 }), call('add', { a: 1 }), call('add', { b: 7 })];
    const first = distinct(expected, calls);
    expect(first.filter((r) => !r.passed)).toHaveLength(1);
    for (const listing of permutations(expected)) {
      const results = distinct(listing, calls);
      expect(byEntry(results)).toEqual(byEntry(first));
      const check = assertTurnTools(
        { expected_tools: listing, expected_tools_order: 'any', distinct_calls: true },
        calls,
      );
      expect(check.tools_matched).toBe(false);
    }
  });

  it('needs count calls of its own for an entry with count, and says which were taken', () => {
    const expected = [tool('add', null, 2), tool('add', { a: 1 })];
    const calls = [call('add', { a: 1 }), call('add', { a: 2 })];
    const results = distinct(expected, calls);
    const failed = results.find((r) => !r.passed);
    expect(failed?.tool).toBe('add');
    expect(failed?.assigned_calls).toEqual([1]);
    expect(failed?.reason).toBe(
      'expected 2 calls of its own, got 1 (#1): #0 to expected_tools[1] add(a=1); each call satisfies one entry (distinct_calls)',
    );
    expect(distinct(expected, [...calls, call('add', { a: 3 })]).every((r) => r.passed)).toBe(true);
  });

  it('keeps the reason of an entry that no call satisfies at all', () => {
    const results = distinct([tool('add'), tool('subtract', { a: 1 })], [call('add'), call('subtract', { a: 2 })]);
    expect(results[1]?.reason).toBe("arg 'a' mismatch: expected 1, got 2");
    expect(distinct([tool('divide')], [call('add')])[0]?.reason).toBe("tool 'divide' was not called (called: add)");
  });

  it('leaves count-0 entries as they are: any matching call fails them', () => {
    const results = distinct([tool('add'), tool('add', { a: 1 }, 0)], [call('add', { a: 1 })]);
    expect(results[0]).toMatchObject({ passed: true, assigned_calls: [0] });
    expect(results[1]?.passed).toBe(false);
    expect(results[1]?.assigned_calls).toBeUndefined();
  });

  it('under strict order gives each entry the calls it was placed on', () => {
    const expected = [tool('lookup'), tool('add'), tool('lookup')];
    const calls = [call('lookup'), call('add'), call('lookup')];
    expect(distinct(expected, calls, 'strict').map((r) => r.assigned_calls)).toEqual([[0], [1], [2]]);
    const short = distinct(expected, calls.slice(0, 2), 'strict');
    expect(short.map((r) => r.passed)).toEqual([true, true, false]);
    expect(short[2]?.assigned_calls).toEqual([]);
    expect(assertTools(expected, calls, 'strict')[0]?.assigned_calls).toBeUndefined();
  });

  it('reports assigned calls in the assertion text', () => {
    const [result] = distinct([tool('add', null, 2)], [call('add'), call('sub'), call('add')]);
    expect(formatAssertion(result as ToolAssertionResult)).toBe('add ×2 — assigned calls #0, #2');
  });
});

describe('assignCalls', () => {
  /** Whether every demand can get its count of distinct calls, by trying every assignment. */
  function feasible(demands: { satisfying: number[]; count: number }[], taken = new Set<number>(), at = 0): boolean {
    const demand = demands[at];
    if (demand === undefined) return true;
    const choose = (from: number, left: number): boolean => {
      if (left === 0) return feasible(demands, taken, at + 1);
      for (let i = from; i < demand.satisfying.length; i++) {
        const c = demand.satisfying[i] as number;
        if (taken.has(c)) continue;
        taken.add(c);
        const ok = choose(i + 1, left - 1);
        taken.delete(c);
        if (ok) return true;
      }
      return false;
    };
    return choose(0, demand.count);
  }

  it('satisfies every demand exactly when some assignment does (random instances against brute force)', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let round = 0; round < 400; round++) {
      const calls = 1 + Math.floor(random() * 5);
      const demands = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, i) => ({
        satisfying: Array.from({ length: calls }, (_, c) => c).filter(() => random() < 0.5),
        count: Math.floor(random() * 3),
        asserted_args: 0,
        key: `e${i}`,
      }));
      const assigned = assignCalls(demands);
      const all = assigned.flat();
      expect(new Set(all).size).toBe(all.length);
      assigned.forEach((own, i) => {
        expect(own.length).toBeLessThanOrEqual(demands[i]?.count ?? 0);
        for (const c of own) expect(demands[i]?.satisfying).toContain(c);
      });
      const met = assigned.every((own, i) => own.length === demands[i]?.count);
      expect(met).toBe(feasible(demands));
    }
  });
});

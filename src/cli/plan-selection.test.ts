import { describe, expect, it } from 'vitest';
import type { TestCaseConfig } from '../core/config-types.js';
import { planSelection } from './plan-selection.js';

const cases = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'].map(
  (name, index) => ({ name, index, kind: 'single', evaluations: null, turns: [] }) as unknown as TestCaseConfig,
);
const names = (plan: ReturnType<typeof planSelection>) => (plan.ok ? plan.cases.map((c) => c.name) : plan.message);

describe('planSelection', () => {
  it('applies filter and limit, then the shard, and records the selection', () => {
    const plan = planSelection(cases, { filter: 'a', limit: 4, shard: { index: 2, total: 2 } });
    expect(names(plan)).toEqual(['gamma', 'delta']);
    expect(plan.ok && plan.selection).toMatchObject({
      filter: 'a',
      limit: 4,
      shard: { index: 2, total: 2 },
      suite_cases: 4,
    });
  });

  it('gives every shard of a suite the same fingerprint, and another suite another one', () => {
    const prints = [1, 2, 3].map((index) => {
      const plan = planSelection(cases, { filter: null, limit: null, shard: { index, total: 3 } });
      return plan.ok ? plan.selection.suite_fingerprint : '';
    });
    expect(new Set(prints).size).toBe(1);
    const other = planSelection(cases, { filter: null, limit: 4, shard: { index: 1, total: 3 } });
    expect(other.ok && other.selection.suite_fingerprint).not.toBe(prints[0]);
  });

  it('allows a shard with no case, but not a filter matching nothing', () => {
    expect(
      names(planSelection(cases.slice(0, 1), { filter: null, limit: null, shard: { index: 2, total: 2 } })),
    ).toEqual([]);
    expect(names(planSelection(cases, { filter: 'zzz', limit: null, shard: null }))).toMatch(
      /no test case name matches/,
    );
  });
});

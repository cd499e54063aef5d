import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TestCaseConfig } from '../core/config-types.js';
import { planSelection, requestOf, SELECT_ALL, type SelectionRequest } from './plan-selection.js';

const cases = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'].map(
  (name, index) => ({ name, index, kind: 'single', evaluations: null, turns: [] }) as unknown as TestCaseConfig,
);
const names = (plan: ReturnType<typeof planSelection>) => (plan.ok ? plan.cases.map((c) => c.name) : plan.message);
const plan = (request: Partial<SelectionRequest>) => planSelection(cases, { ...SELECT_ALL, ...request });

describe('planSelection', () => {
  it('applies filter and limit, then the shard, and records the selection', () => {
    const planned = plan({ filters: ['a'], limit: 4, shard: { index: 2, total: 2 } });
    expect(names(planned)).toEqual(['gamma', 'delta']);
    expect(planned.ok && planned.selection).toMatchObject({
      filter: 'a',
      filters: ['a'],
      limit: 4,
      shard: { index: 2, total: 2 },
      suite_cases: 4,
    });
  });

  it('runs a case when any --filter matches, keeping the configuration order', () => {
    expect(names(plan({ filters: ['eps', 'alp', 'gam*'] }))).toEqual(['alpha', 'gamma', 'epsilon']);
  });

  it('--grep searches a regular expression in the name; an invalid one is refused', () => {
    expect(names(plan({ grep: '^(b|d)e' }))).toEqual(['beta', 'delta']);
    expect(names(plan({ grep: '(' }))).toMatch(/--grep "\(" is not a valid regular expression/);
  });

  it('--exclude leaves matching cases out, after the other criteria', () => {
    expect(names(plan({ filters: ['a'], exclude: ['*ta', 'gam'] }))).toEqual(['alpha']);
  });

  it('--last-failed keeps only the named cases and records where they came from', () => {
    const planned = plan({ only: ['delta', 'alpha', 'gone'], last_failed_of: 'agent/2026-01-01T00-00-00Z' });
    expect(names(planned)).toEqual(['alpha', 'delta']);
    expect(planned.ok && planned.selection.last_failed).toEqual({
      run_id: 'agent/2026-01-01T00-00-00Z',
      names: ['delta', 'alpha', 'gone'],
    });
  });

  it('says which criteria matched nothing', () => {
    expect(names(plan({ filters: ['zzz', 'yyy'], exclude: ['a'] }))).toBe(
      'no test case name matches --filter "zzz" or --filter "yyy" (with --exclude "a"); nothing to run',
    );
    // A filter set in agent.yaml or the environment is named where it was set, not as an option never given.
    expect(names(plan({ filters: ['zzz*'], filters_from: 'execution.filter / HOLODECK_FILTER' }))).toBe(
      'no test case name matches execution.filter / HOLODECK_FILTER "zzz*"; nothing to run',
    );
    // An --exclude that leaves nothing is said as such, not as a name that matches nothing.
    expect(names(plan({ exclude: ['a', 'e'] }))).toBe(
      '--exclude "a", --exclude "e" leaves out every test case; nothing to run',
    );
  });

  it('repeats a stored selection, old records with a single filter included', () => {
    const planned = plan({ filters: ['a', 'e'], grep: 'l', exclude: ['eps'], limit: 3 });
    expect(planned.ok).toBe(true);
    if (!planned.ok) return;
    expect(names(planSelection(cases, requestOf(planned.selection)))).toEqual(names(planned));
    const legacy = { filter: 'ta', limit: null, shard: null, suite_cases: 2, suite_fingerprint: 'x' };
    expect(names(planSelection(cases, requestOf(legacy)))).toEqual(['beta', 'delta']);
    expect(names(planSelection(cases, requestOf(null)))).toHaveLength(5);
  });

  it('fingerprints the names as earlier records did: each name and a newline, hashed with SHA-256', () => {
    const expected = createHash('sha256').update('alpha\nbeta\ngamma\ndelta\nepsilon\n').digest('hex').slice(0, 16);
    const planned = plan({});
    expect(names(planned)).toEqual(['alpha', 'beta', 'gamma', 'delta', 'epsilon']);
    expect(planned.ok && planned.selection.suite_fingerprint).toBe(expected);
  });

  it('gives every shard of a suite the same fingerprint, and another suite another one', () => {
    const prints = [1, 2, 3].map((index) => {
      const planned = plan({ shard: { index, total: 3 } });
      return planned.ok ? planned.selection.suite_fingerprint : '';
    });
    expect(new Set(prints).size).toBe(1);
    const other = plan({ limit: 4, shard: { index: 1, total: 3 } });
    expect(other.ok && other.selection.suite_fingerprint).not.toBe(prints[0]);
  });

  it('allows a shard with no case, but not a filter matching nothing', () => {
    expect(names(planSelection(cases.slice(0, 1), { ...SELECT_ALL, shard: { index: 2, total: 2 } }))).toEqual([]);
    expect(names(plan({ filters: ['zzz'] }))).toMatch(/no test case name matches/);
  });
});

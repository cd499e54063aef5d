import { describe, expect, it } from 'vitest';
import { boundDepth, MAX_VALUE_DEPTH, nestedDeeperThan, pathPastDepth, tooDeepText } from './bound-depth.js';

/** Arrays nested `levels` deep: `[]` is 1 level. */
function nested(levels: number): unknown[] {
  let value: unknown[] = [];
  for (let i = 1; i < levels; i += 1) value = [value];
  return value;
}

describe('nestedDeeperThan', () => {
  it('counts objects and arrays, not the values in them', () => {
    expect(nestedDeeperThan('text')).toBe(false);
    expect(nestedDeeperThan(null)).toBe(false);
    expect(nestedDeeperThan({ a: 1, b: 'x' }, 1)).toBe(false);
    expect(nestedDeeperThan({ a: { b: 1 } }, 1)).toBe(true);
    expect(nestedDeeperThan(nested(MAX_VALUE_DEPTH))).toBe(false);
    expect(nestedDeeperThan(nested(MAX_VALUE_DEPTH + 1))).toBe(true);
    expect(nestedDeeperThan({ bytes: new Uint8Array(4) }, 1)).toBe(false);
  });

  it('walks a value nested a million levels deep without overflowing the stack, and follows no cycle', () => {
    expect(nestedDeeperThan(nested(1_000_000))).toBe(true);
    const cyclic: Record<string, unknown> = { list: [1] };
    cyclic['self'] = cyclic;
    expect(nestedDeeperThan(cyclic, 2)).toBe(false);
    // A value met twice side by side is no cycle.
    const shared = { a: 1 };
    expect(nestedDeeperThan({ x: shared, y: [shared] }, 3)).toBe(false);
    expect(nestedDeeperThan({ x: shared, y: [shared] }, 2)).toBe(true);
  });

  it('measures a part shared many times once: no walk of every path through it', () => {
    // 2^60 paths from the top, 60 parts.
    let shared: unknown = [];
    for (let i = 0; i < 60; i += 1) shared = [shared, shared];
    const started = Date.now();
    expect(nestedDeeperThan(shared)).toBe(false);
    expect(nestedDeeperThan(shared, 30)).toBe(true);
    const branching: Record<string, unknown> = {};
    branching['a'] = branching;
    branching['b'] = branching;
    expect(nestedDeeperThan(branching)).toBe(false);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('names the path to the first part past the limit', () => {
    expect(pathPastDepth({ a: 1, b: [{ c: { d: [] } }] }, 3)).toEqual(['b', 0, 'c']);
    expect(pathPastDepth({ a: { b: 1 } }, 2)).toBeNull();
  });
});

describe('boundDepth', () => {
  it('gives back the same value when it is within the limit', () => {
    const value = { a: [1, { b: 'c' }] };
    expect(boundDepth(value)).toBe(value);
  });

  it('copies a deeper value with what lies past the limit replaced by a marker, leaving the original alone', () => {
    const value = { keep: 1, deep: { deeper: { deepest: [1] } } };
    expect(boundDepth(value, 2)).toEqual({ keep: 1, deep: { deeper: tooDeepText(2) } });
    expect(value.deep.deeper.deepest).toEqual([1]);
    const cut = boundDepth(nested(100_000));
    expect(JSON.stringify(cut)).toBe(`${'['.repeat(128)}"${tooDeepText()}"${']'.repeat(128)}`);
    expect(tooDeepText()).toBe('[nested deeper than 128 levels]');
    // A part shared along 2^60 paths is copied once per depth.
    let shared: unknown = [];
    for (let i = 0; i < 60; i += 1) shared = [shared, shared];
    const bounded = boundDepth(shared, 30) as unknown[];
    let part: unknown = bounded;
    for (let depth = 1; depth <= 30; depth += 1) part = (part as unknown[])[1];
    expect(part).toBe(tooDeepText(30));
  });
});

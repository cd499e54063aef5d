import { describe, expect, it } from 'vitest';
import { isCloneable } from './cloneable-case.js';

describe('isCloneable', () => {
  it('takes plain data, patterns and byte arrays', () => {
    const shared = { a: 1 };
    const value = { name: 'c', turns: [{ input: 'x', files: [], pattern: /a+/i, bytes: new Uint8Array(2) }], shared };
    expect(isCloneable({ ...value, again: shared })).toBe(true);
    expect(isCloneable(null)).toBe(true);
  });

  it('refuses a function at any depth, and class instances whose methods a clone would lose', () => {
    expect(isCloneable({ turns: [{ evaluations: [{ grader_fn: () => 1 }] }] })).toBe(false);
    expect(isCloneable({ matcher: { fullMatch: (text: string) => text === 'a' } })).toBe(false);
    expect(isCloneable({ at: new Map() })).toBe(false);
    expect(isCloneable({ at: new (class Point {})() })).toBe(false);
  });
});

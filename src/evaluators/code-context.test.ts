import { describe, expect, it } from 'vitest';
import { deepFrozenCopy } from './code-context.js';

describe('deepFrozenCopy', () => {
  it('copies and freezes nested arrays and objects', () => {
    const original = { a: [{ b: 1 }], c: { d: 'x' } };
    const copy = deepFrozenCopy(original);
    expect(copy).toEqual(original);
    expect(copy).not.toBe(original);
    expect([copy, copy.a, copy.a[0], copy.c].every((part) => Object.isFrozen(part))).toBe(true);
    expect(Object.isFrozen(original)).toBe(false);
  });

  it('keeps shared and cyclic references shared', () => {
    const shared = { v: 1 };
    const original: Record<string, unknown> = { left: shared, right: shared };
    original['self'] = original;
    const copy = deepFrozenCopy(original);
    expect(copy['left']).toBe(copy['right']);
    expect(copy['self']).toBe(copy);
  });

  it('clones values that cannot be frozen in place', () => {
    const date = new Date(0);
    const regex = /a/g;
    const bytes = new Uint8Array([1, 2]);
    const copy = deepFrozenCopy({ date, regex, bytes, map: new Map([[1, 2]]) });
    expect(copy.date).not.toBe(date);
    expect(copy.date.getTime()).toBe(0);
    expect(copy.regex.source).toBe('a');
    expect(copy.bytes).not.toBe(bytes);
    expect([...copy.bytes]).toEqual([1, 2]);
    expect(copy.map.get(1)).toBe(2);
  });

  it('keeps the data of objects that cannot be cloned, frozen', () => {
    class Holder {
      readonly value = 1;
      readonly fn = () => 2;
    }
    const copy = deepFrozenCopy({ holder: new Holder() });
    expect(copy.holder.value).toBe(1);
    expect(Object.isFrozen(copy.holder)).toBe(true);
  });

  it('passes primitives through', () => {
    expect(deepFrozenCopy(5)).toBe(5);
    expect(deepFrozenCopy(null)).toBe(null);
    expect(deepFrozenCopy('s')).toBe('s');
  });
});

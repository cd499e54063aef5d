import { describe, expect, it } from 'vitest';
import { deepFreeze, ResultTooLargeError, toJsonValue } from './json-safe.js';

describe('deepFreeze', () => {
  it('freezes nested arrays and objects in place, shared and cyclic references included', () => {
    const shared = { v: 1 };
    const value: Record<string, unknown> = { list: [{ a: 1 }], left: shared, right: shared };
    value['self'] = value;
    expect(deepFreeze(value)).toBe(value);
    expect([value, value['list'], (value['list'] as unknown[])[0], shared].every((part) => Object.isFrozen(part))).toBe(
      true,
    );
  });

  it('passes primitives through and leaves typed arrays as they are', () => {
    expect(deepFreeze(5)).toBe(5);
    expect(deepFreeze(null)).toBe(null);
    const holder = deepFreeze({ bytes: new Uint8Array([1]) });
    expect(Object.isFrozen(holder)).toBe(true);
    expect(Object.isFrozen(holder.bytes)).toBe(false);
  });
});

describe('toJsonValue', () => {
  it('refuses a value longer than the limit as JSON text, and takes one at the limit', () => {
    expect(() => toJsonValue('x'.repeat(11), 10)).toThrow(ResultTooLargeError);
    expect(() => toJsonValue({ a: 'xxxx' }, 10)).toThrow(/the tool's result is 0\.0 MB as JSON/);
    expect(toJsonValue('x'.repeat(10), 10)).toBe('x'.repeat(10));
    expect(toJsonValue({ a: 'xx' }, 10)).toEqual({ a: 'xx' });
    expect(toJsonValue(12345678901, 3)).toBe(12345678901);
  });

  it('keeps JSON, turns undefined into null and the rest into text', () => {
    expect(toJsonValue({ a: [1, 'x', null] })).toEqual({ a: [1, 'x', null] });
    expect(toJsonValue(undefined)).toBeNull();
    expect(toJsonValue(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(toJsonValue({ n: 1n })).toBe('[object Object]');
  });
});

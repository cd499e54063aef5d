import { describe, expect, it } from 'vitest';
import { checkGraderResult, deepFreeze, ResultTooDeepError, ResultTooLargeError, toJsonValue } from './json-safe.js';

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
    // Known too long before it is written, or once written (digits are counted as one before).
    expect(() => toJsonValue({ a: 'xxxx' }, 10)).toThrow(
      /^the tool's result is more than the 0\.0 MB a tool result may be as JSON/,
    );
    expect(() => toJsonValue({ a: 1234567 }, 8)).toThrow(
      /^the tool's result is 0\.0 MB as JSON, more than the 0\.0 MB/,
    );
    expect(toJsonValue('x'.repeat(10), 10)).toBe('x'.repeat(10));
    expect(toJsonValue({ a: 'xx' }, 10)).toEqual({ a: 'xx' });
    expect(toJsonValue(12345678901, 3)).toBe(12345678901);
  });

  it('refuses a value nested deeper than 128 levels, however deep, and carries a cycle as text', () => {
    const nested = (levels: number) => {
      let value: unknown[] = [];
      for (let i = 1; i < levels; i += 1) value = [value];
      return value;
    };
    expect(() => toJsonValue(nested(129))).toThrow(ResultTooDeepError);
    expect(() => toJsonValue(nested(1_000_000))).toThrow(
      "the tool's result is nested deeper than 128 levels (the most a value may be): return a flatter value",
    );
    expect(toJsonValue(nested(128))).toEqual(nested(128));
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(toJsonValue(cyclic)).toEqual({ self: '[Circular]' });
    // Only a reference back to an enclosing object is cut; a part shared by siblings is written at each place.
    const shared = { id: 7, tags: [1n] };
    const graph: Record<string, unknown> = { a: shared, b: [shared, { c: shared }] };
    (shared as Record<string, unknown>)['owner'] = graph;
    const sharedJson = { id: 7, tags: ['1'], owner: '[Circular]' };
    expect(toJsonValue(graph)).toEqual({ a: sharedJson, b: [sharedJson, { c: sharedJson }] });
  });

  it('keeps JSON, turns undefined into null and the rest into text', () => {
    expect(toJsonValue({ a: [1, 'x', null] })).toEqual({ a: [1, 'x', null] });
    expect(toJsonValue(undefined)).toBeNull();
    expect(toJsonValue(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(toJsonValue({ n: 1n, big: [2n ** 70n], date: new Date(0) })).toEqual({
      n: '1',
      big: ['1180591620717411303424'],
      date: '1970-01-01T00:00:00.000Z',
    });
    expect(toJsonValue(10n)).toBe('10');
  });
});

describe('checkGraderResult', () => {
  it('takes a result within the limit as it is, and refuses one over it, naming the grader', () => {
    expect(() => checkGraderResult({ score: 1, reason: 'x'.repeat(50) }, 100)).not.toThrow();
    expect(() => checkGraderResult({ score: 1, reason: 'x'.repeat(200) }, 100)).toThrow(ResultTooLargeError);
    expect(() => checkGraderResult('x'.repeat(200), 100)).toThrow(
      /^returned more than the 0\.0 MB a grader's result may be/,
    );
    expect(() => checkGraderResult(true, 100)).not.toThrow();
    expect(() => checkGraderResult(Number.NaN, 100)).not.toThrow();
    let deep: unknown = {};
    for (let i = 0; i < 200; i += 1) deep = { inner: deep };
    expect(() => checkGraderResult({ score: 1, details: deep })).toThrow(
      'returned a result nested deeper than 128 levels (the most a value may be)',
    );
  });

  it('counts nested details, keys, array items and typed arrays', () => {
    expect(() => checkGraderResult({ details: { rows: Array(40).fill('abc') } }, 100)).toThrow(ResultTooLargeError);
    expect(() => checkGraderResult({ details: { ['k'.repeat(120)]: 1 } }, 100)).toThrow(ResultTooLargeError);
    expect(() => checkGraderResult({ details: new Uint8Array(200) }, 100)).toThrow(ResultTooLargeError);
    expect(() => checkGraderResult({ details: Array(20).fill(0) }, 1000)).not.toThrow();
  });

  it('counts a shared object on each path (as the reports write it), a cycle once, and stops at the limit', () => {
    const shared = { text: 'y'.repeat(40) };
    expect(() => checkGraderResult({ a: shared }, 100)).not.toThrow();
    expect(() => checkGraderResult({ a: shared, b: shared, c: shared }, 100)).toThrow(ResultTooLargeError);
    // 60 levels of two references to one object: 2^60 paths, a few hundred bytes in memory.
    let dag: unknown = 'leaf';
    for (let level = 0; level < 60; level++) dag = { left: dag, right: dag };
    expect(() => checkGraderResult({ score: 1, details: dag })).toThrow(ResultTooLargeError);
    const cyclic: Record<string, unknown> = { reason: 'ok' };
    cyclic['self'] = cyclic;
    expect(() => checkGraderResult(cyclic, 100)).not.toThrow();
    // The walk ends at the limit: what comes after is not read.
    const rest = {
      reason: 'x'.repeat(200),
      get details(): never {
        throw new Error('read past the limit');
      },
    };
    expect(() => checkGraderResult(rest, 100)).toThrow(ResultTooLargeError);
  });
});

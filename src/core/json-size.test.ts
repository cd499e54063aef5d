import { describe, expect, it } from 'vitest';
import { jsonSizeExceeds } from './json-size.js';

/** 60 levels of two references to one object: 2^60 paths as JSON, a few kilobytes in memory. */
function sharedGraph(levels: number): unknown {
  let node: unknown = 'leaf';
  for (let level = 0; level < levels; level++) node = { left: node, right: node };
  return node;
}

describe('jsonSizeExceeds', () => {
  it('counts no more than JSON.stringify writes, and close to it', () => {
    const values: unknown[] = [
      { name: 'subtract', args: { a: 206588, b: 181001 }, rows: ['x'.repeat(50), null, true, [], {}] },
      { a: 'xx' },
      [1, 2, 3, undefined, () => 1],
      { skipped: undefined, fn: () => 1, kept: 'k' },
      { at: new Date(0), bytes: new Uint8Array(3), view: new DataView(new ArrayBuffer(8)), map: new Map([[1, 2]]) },
      'plain text',
      12345,
      null,
    ];
    for (const value of values) {
      const length = JSON.stringify(value).length;
      expect(jsonSizeExceeds(value, length), JSON.stringify(value)).toBe(false);
    }
    expect(jsonSizeExceeds({ a: 'xx' }, 9)).toBe(true);
    expect(jsonSizeExceeds('x'.repeat(100), 101)).toBe(true);
    expect(jsonSizeExceeds({ ['k'.repeat(100)]: 1 }, 50)).toBe(true);
    expect(jsonSizeExceeds(new Uint8Array(200), 100)).toBe(true);
  });

  it('counts a shared part on every path, so a graph of 2^60 paths is over any limit, at once', () => {
    const graph = sharedGraph(60);
    const started = performance.now();
    expect(jsonSizeExceeds(graph, 32 * 1024 * 1024)).toBe(true);
    expect(performance.now() - started).toBeLessThan(10_000);
    // The same parts without sharing would be small: a graph of 4 levels is 16 leaves.
    expect(jsonSizeExceeds(sharedGraph(4), 1000)).toBe(false);
    expect(jsonSizeExceeds(sharedGraph(4), 100)).toBe(true);
  });

  it('counts a cycle once, as its marker', () => {
    const cyclic: Record<string, unknown> = { reason: 'ok' };
    cyclic['self'] = cyclic;
    cyclic['list'] = [cyclic, cyclic];
    expect(jsonSizeExceeds(cyclic, 100)).toBe(false);
  });

  it('stops at the limit: a long or sparse array is over before its items are read, and later parts are not read', () => {
    expect(jsonSizeExceeds(new Array(1e9), 1000)).toBe(true);
    const rest = {
      reason: 'x'.repeat(200),
      get details(): never {
        throw new Error('read past the limit');
      },
    };
    expect(jsonSizeExceeds(rest, 100)).toBe(true);
  });

  it('walks a value nested a million levels deep without overflowing the stack', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 1_000_000; level++) deep = [deep];
    expect(jsonSizeExceeds(deep, 32 * 1024 * 1024)).toBe(false);
    expect(jsonSizeExceeds(deep, 1000)).toBe(true);
  });
});

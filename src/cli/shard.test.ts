import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseShard, shardSlice } from './shard.js';

describe('parseShard', () => {
  it('reads INDEX/TOTAL, 1-based', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, total: 4 });
    expect(parseShard(' 1 / 1 ')).toEqual({ index: 1, total: 1 });
  });

  it('reads auto, in any case, as a shard to take from the environment', () => {
    expect(parseShard('auto')).toBe('auto');
    expect(parseShard(' AUTO ')).toBe('auto');
    expect(() => parseShard('automatic')).toThrow(/expected INDEX\/TOTAL such as 2\/4, or auto, got "automatic"/);
  });

  it.each([
    ['2', /INDEX\/TOTAL/],
    ['a/b', /INDEX\/TOTAL/],
    ['-1/4', /INDEX\/TOTAL/],
    ['0/4', /between 1 and 4, got 0/],
    ['5/4', /between 1 and 4, got 5/],
    ['1/0', /at least 1/],
  ])('rejects %s', (text, message) => {
    expect(() => parseShard(text)).toThrow(message);
  });
});

describe('shardSlice', () => {
  it('splits into contiguous blocks, the larger ones first', () => {
    const items = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    expect([1, 2, 3].map((index) => shardSlice(items, { index, total: 3 }))).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ]);
    expect(shardSlice([0], { index: 2, total: 3 })).toEqual([]);
  });

  it('puts every item in exactly one shard, in order, with sizes differing by at most one', () => {
    fc.assert(
      fc.property(fc.nat({ max: 300 }), fc.integer({ min: 1, max: 40 }), (count, total) => {
        const items = Array.from({ length: count }, (_, i) => i);
        const shards = Array.from({ length: total }, (_, i) => shardSlice(items, { index: i + 1, total }));
        expect(shards.flat()).toEqual(items);
        const sizes = shards.map((shard) => shard.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });
});

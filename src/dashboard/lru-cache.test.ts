import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache.js';

describe('LruCache', () => {
  it('drops the least recently used entry when full', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.keys()).toEqual(['a', 'c']);
    expect(cache.get('b')).toBeUndefined();
    cache.delete('a');
    expect(cache.size).toBe(1);
  });

  it('refuses a capacity below one', () => {
    expect(() => new LruCache(0)).toThrowError(RangeError);
  });
});

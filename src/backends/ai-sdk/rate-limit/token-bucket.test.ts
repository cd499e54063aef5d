import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket.js';

describe('TokenBucket', () => {
  it('starts full with a tenth of a second of budget and refills evenly', () => {
    const bucket = new TokenBucket({ per_minute: 12_000, now: 0 });
    expect(bucket.capacity).toBe(20);
    expect(bucket.waitMs(20, 0)).toBe(0);
    bucket.take(20, 0);
    expect(bucket.waitMs(1, 0)).toBe(5);
    expect(bucket.waitMs(20, 50)).toBe(50);
    expect(bucket.waitMs(20, 100)).toBe(0);
    expect(bucket.levelAt(10_000)).toBe(20);
  });

  it('keeps at least one token, so a small limit paces one request at a time', () => {
    const bucket = new TokenBucket({ per_minute: 120, now: 0 });
    expect(bucket.capacity).toBe(1);
    bucket.take(1, 0);
    expect(bucket.waitMs(1, 0)).toBe(500);
    expect(bucket.waitMs(1, 499)).toBe(1);
    expect(bucket.levelAt(10_000)).toBe(1);
  });

  it('lets a take larger than the capacity through once full, leaving debt that holds the average', () => {
    const bucket = new TokenBucket({ per_minute: 600_000, now: 0 });
    expect(bucket.capacity).toBe(1000);
    expect(bucket.waitMs(5000, 0)).toBe(0);
    bucket.take(5000, 0);
    expect(bucket.levelAt(0)).toBe(-4000);
    expect(bucket.waitMs(5000, 0)).toBe(500);
  });

  it('gives back what an estimate took too much, never above the capacity', () => {
    const bucket = new TokenBucket({ per_minute: 600_000, now: 0 });
    bucket.take(800, 0);
    bucket.adjust(500, 0);
    expect(bucket.levelAt(0)).toBe(700);
    bucket.adjust(5000, 0);
    expect(bucket.levelAt(0)).toBe(1000);
    bucket.adjust(-1500, 0);
    expect(bucket.levelAt(0)).toBe(-500);
  });
});

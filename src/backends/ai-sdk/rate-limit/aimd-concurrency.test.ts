import { describe, expect, it } from 'vitest';
import { AimdConcurrency } from './aimd-concurrency.js';

describe('AimdConcurrency', () => {
  it('is uncapped until a 429, then halves from the requests in flight', () => {
    const aimd = new AimdConcurrency();
    expect(aimd.limit).toBe(Number.POSITIVE_INFINITY);
    aimd.onSuccess();
    expect(aimd.limit).toBe(Number.POSITIVE_INFINITY);
    aimd.onRateLimited(64, 0, 10);
    expect(aimd.limit).toBe(32);
  });

  it('halves once per round: 429s of requests sent before the decrease are ignored', () => {
    const aimd = new AimdConcurrency();
    aimd.onRateLimited(64, 0, 10);
    aimd.onRateLimited(63, 5, 11);
    expect(aimd.limit).toBe(32);
    aimd.onRateLimited(32, 12, 20);
    expect(aimd.limit).toBe(16);
  });

  it('climbs by one per round of successes', () => {
    const aimd = new AimdConcurrency();
    aimd.onRateLimited(8, 0, 0);
    expect(aimd.limit).toBe(4);
    for (let i = 0; i < 3; i += 1) aimd.onSuccess();
    expect(aimd.limit).toBe(4);
    aimd.onSuccess();
    expect(aimd.limit).toBe(5);
    for (let i = 0; i < 5; i += 1) aimd.onSuccess();
    expect(aimd.limit).toBe(6);
  });

  it('never falls below one', () => {
    const aimd = new AimdConcurrency();
    aimd.onRateLimited(1, 0, 0);
    aimd.onRateLimited(1, 1, 1);
    expect(aimd.limit).toBe(1);
  });
});

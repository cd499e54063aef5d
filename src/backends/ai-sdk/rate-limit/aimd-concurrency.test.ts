import { describe, expect, it } from 'vitest';
import { AimdConcurrency, GROWTH_MS } from './aimd-concurrency.js';

describe('AimdConcurrency', () => {
  it('is uncapped until a 429, then halves from the requests in flight', () => {
    const aimd = new AimdConcurrency();
    expect(aimd.limit).toBe(Number.POSITIVE_INFINITY);
    aimd.onSuccess(1);
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
    for (let i = 0; i < 3; i += 1) aimd.onSuccess(1);
    expect(aimd.limit).toBe(4);
    aimd.onSuccess(1);
    expect(aimd.limit).toBe(5);
    for (let i = 0; i < 5; i += 1) aimd.onSuccess(1);
    expect(aimd.limit).toBe(6);
  });

  it('never falls below one', () => {
    const aimd = new AimdConcurrency();
    aimd.onRateLimited(1, 0, 0);
    aimd.onRateLimited(1, 1, 1);
    expect(aimd.limit).toBe(1);
  });

  it('rises by one per GROWTH_MS without a change while requests wait, so a round that never ends holds nothing', () => {
    const aimd = new AimdConcurrency();
    expect(aimd.limitForWaiting(0)).toEqual({ limit: Number.POSITIVE_INFINITY, grows_in: Number.POSITIVE_INFINITY });
    aimd.onRateLimited(3, 0, 1000);
    expect(aimd.limitForWaiting(1000)).toEqual({ limit: 1, grows_in: GROWTH_MS });
    expect(aimd.limitForWaiting(1000 + GROWTH_MS - 1)).toEqual({ limit: 1, grows_in: 1 });
    expect(aimd.limitForWaiting(1000 + GROWTH_MS).limit).toBe(2);
    expect(aimd.limitForWaiting(1000 + 3.5 * GROWTH_MS)).toEqual({ limit: 4, grows_in: GROWTH_MS / 2 });
    // A new 429 halves it again and starts the wait over.
    aimd.onRateLimited(4, 4000, 4600);
    expect(aimd.limitForWaiting(4600)).toEqual({ limit: 2, grows_in: GROWTH_MS });
  });

  it('counts the time to rise from the end of a back-off', () => {
    const aimd = new AimdConcurrency();
    aimd.onRateLimited(8, 0, 0);
    aimd.holdUntil(2000);
    expect(aimd.limitForWaiting(1999)).toEqual({ limit: 4, grows_in: 2000 + GROWTH_MS - 1999 });
    expect(aimd.limitForWaiting(2000 + GROWTH_MS).limit).toBe(5);
  });
});

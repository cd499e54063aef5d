import { describe, expect, it } from 'vitest';
import { answer, type FakeRequest } from './fake-script.js';
import { busiestWindow, withRateLimit } from './with-rate-limit.js';

const request = { index: 0 } as FakeRequest;

describe('withRateLimit', () => {
  it('answers 429 beyond the limit in a sliding window, naming when a slot frees', async () => {
    let now = 0;
    const limited = withRateLimit(() => answer('ok'), { requests: 2, window_ms: 1000, now: () => now });
    expect((await limited.script(request)).kind).toBe('answer');
    now = 400;
    expect((await limited.script(request)).kind).toBe('answer');
    now = 600;
    expect(await limited.script(request)).toMatchObject({
      kind: 'error',
      status: 429,
      headers: { 'retry-after-ms': '400', 'retry-after': '1', 'x-ratelimit-reset-requests': '400ms' },
    });
    now = 1001;
    expect((await limited.script(request)).kind).toBe('answer');
    expect(limited.accepted).toEqual([0, 400, 1001]);
    expect(limited.rejected()).toBe(1);
  });

  it('counts the busiest window', () => {
    expect(busiestWindow([0, 100, 200, 1100, 1150, 1199, 1200], 1000)).toBe(4);
    expect(busiestWindow([], 1000)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import type { FakeRequest } from './fake-script.js';
import { seededRandom, withFaults } from './with-faults.js';

const request = {} as FakeRequest;
const ok = () => ({ kind: 'answer' as const, text: 'ok' });

describe('withFaults', () => {
  it('passes requests through at rate 0', async () => {
    expect(await withFaults(ok, { rate: 0 })(request)).toEqual({ kind: 'answer', text: 'ok' });
  });

  it('injects each kind of fault', async () => {
    const one = (kind: '429' | '500' | 'reset' | 'cut') =>
      withFaults(ok, { rate: 1, kinds: [kind], retry_after_ms: 3 })(request);
    expect(await one('429')).toEqual({
      kind: 'error',
      status: 429,
      message: 'rate limited',
      headers: { 'retry-after-ms': '3' },
    });
    expect(await one('500')).toMatchObject({ kind: 'error', status: 500 });
    expect(await one('reset')).toEqual({ kind: 'reset' });
    expect(await one('cut')).toEqual({ kind: 'cut', text: 'ok' });
  });

  it('fails about the requested share of requests, repeatably', async () => {
    const run = async () => {
      const script = withFaults(ok, { rate: 0.2, random: seededRandom(7) });
      const replies = await Promise.all(Array.from({ length: 2000 }, () => script(request)));
      return replies.map((r) => r.kind);
    };
    const first = await run();
    const failed = first.filter((k) => k !== 'answer').length;
    expect(failed).toBeGreaterThan(300);
    expect(failed).toBeLessThan(500);
    expect(await run()).toEqual(first);
  });
});

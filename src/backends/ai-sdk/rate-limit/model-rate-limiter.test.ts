import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../../test/support/backends/manual-clock.js';
import { ModelRateLimiter, type RatePermit, SYSTEM_CLOCK } from './model-rate-limiter.js';

/** Acquires and records when each grant came, by the limiter's clock. */
function track(limiter: ModelRateLimiter, clock: { now(): number }, cost = 0, signal?: AbortSignal) {
  const entry: { at: number | null; permit: RatePermit | null; error: unknown } = {
    at: null,
    permit: null,
    error: null,
  };
  limiter.acquire(cost, signal).then(
    (permit) => {
      entry.at = clock.now();
      entry.permit = permit;
    },
    (error: unknown) => {
      entry.error = error;
    },
  );
  return entry;
}

describe('ModelRateLimiter', () => {
  it('grants at once without a limit and before any 429', async () => {
    const clock = createManualClock();
    const limiter = new ModelRateLimiter('m', null, clock);
    const grants = Array.from({ length: 100 }, () => track(limiter, clock));
    await clock.advance(0);
    expect(grants.every((g) => g.at === 0)).toBe(true);
    expect(limiter.status().concurrency).toBeNull();
  });

  it('paces requests to the requests-per-minute limit', async () => {
    const clock = createManualClock();
    const limiter = new ModelRateLimiter('m', { requests_per_minute: 120, tokens_per_minute: null }, clock);
    const grants = Array.from({ length: 8 }, () => track(limiter, clock));
    await clock.advance(10_000);
    expect(grants.map((g) => g.at)).toEqual([0, 500, 1000, 1500, 2000, 2500, 3000, 3500]);
  });

  it('keeps the pace when its timers fire late', async () => {
    const clock = createManualClock(0, 100);
    const limiter = new ModelRateLimiter('m', { requests_per_minute: 120, tokens_per_minute: null }, clock);
    const grants = Array.from({ length: 6 }, () => track(limiter, clock));
    await clock.advance(10_000);
    // Each timer is 100 ms late; after the first, the half request of slack makes up for it.
    expect(grants.map((g) => g.at)).toEqual([0, 600, 1100, 1600, 2100, 2600]);
  });

  it('meters tokens by estimate and corrects by what the answer used', async () => {
    const clock = createManualClock();
    const limiter = new ModelRateLimiter('m', { requests_per_minute: null, tokens_per_minute: 60_000 }, clock);
    const first = track(limiter, clock, 1000);
    const second = track(limiter, clock, 1000);
    await clock.advance(0);
    expect(first.at).toBe(0);
    expect(second.at).toBeNull();
    // The estimate was 1000 but the call used 200: 800 come back, enough for the next one soon.
    first.permit?.done(200);
    await clock.advance(199);
    expect(second.at).toBeNull();
    await clock.advance(1);
    expect(second.at).toBe(200);
    expect(limiter.status().tokens_per_minute).toBe(12_000);
  });

  it('backs off every request for the wait a 429 names, then caps and regrows concurrency', async () => {
    const clock = createManualClock();
    const limiter = new ModelRateLimiter('m', null, clock);
    const first = Array.from({ length: 8 }, () => track(limiter, clock));
    await clock.advance(0);
    first[0]?.permit?.rateLimited(2000);
    const later = track(limiter, clock);
    await clock.advance(1999);
    expect(later.at).toBeNull();
    const status = limiter.status();
    expect(status).toMatchObject({ rate_limited: 1, backoff_ms: 1, concurrency: 4 });
    // 7 still in flight, cap 4: the waiter goes once the in-flight count falls below the cap.
    await clock.advance(1);
    expect(later.at).toBeNull();
    for (const g of first.slice(1, 5)) g.permit?.done(null);
    await clock.advance(0);
    expect(later.at).toBe(2000);
    // Four successes at cap 4 raised it to 5.
    expect(limiter.status().concurrency).toBe(5);
  });

  it('lets a waiting request go a second after the cap fell to one, though the request holding it never answers', async () => {
    const clock = createManualClock();
    const limiter = new ModelRateLimiter('m', null, clock);
    const [hung, limited] = [track(limiter, clock), track(limiter, clock)];
    await clock.advance(0);
    // A 429 with two in flight: the cap is one, held by a request the model never answers.
    limited.permit?.rateLimited(0);
    expect(limiter.status().concurrency).toBe(1);
    const waiting = track(limiter, clock);
    await clock.advance(999);
    expect(waiting.at).toBeNull();
    await clock.advance(1);
    expect(waiting.at).toBe(1000);
    expect(limiter.status().concurrency).toBe(2);
    expect(hung.permit).not.toBeNull();
  });

  it('without a named wait backs off 1 s, doubling per 429 in a row', async () => {
    const clock = createManualClock();
    const limiter = new ModelRateLimiter('m', null, clock);
    const a = track(limiter, clock);
    await clock.advance(0);
    a.permit?.rateLimited(null);
    const b = track(limiter, clock);
    await clock.advance(1000);
    expect(b.at).toBe(1000);
    b.permit?.rateLimited(null);
    const c = track(limiter, clock);
    await clock.advance(1999);
    expect(c.at).toBeNull();
    await clock.advance(1);
    expect(c.at).toBe(3000);
  });

  it('keeps a named wait of 0 once, then waits at least 1 s while the 429s follow one another', async () => {
    const clock = createManualClock();
    const limiter = new ModelRateLimiter('m', null, clock);
    const a = track(limiter, clock);
    await clock.advance(0);
    a.permit?.rateLimited(0);
    const b = track(limiter, clock);
    await clock.advance(0);
    expect(b.at).toBe(0);
    b.permit?.rateLimited(0);
    const c = track(limiter, clock);
    await clock.advance(999);
    expect(c.at).toBeNull();
    await clock.advance(1);
    expect(c.at).toBe(1000);
    // A longer named wait is kept as it is; a success ends the streak, and 0 is taken at its word again.
    c.permit?.rateLimited(5000);
    const d = track(limiter, clock);
    await clock.advance(5000);
    expect(d.at).toBe(6000);
    d.permit?.done(null);
    const e = track(limiter, clock);
    await clock.advance(0);
    e.permit?.rateLimited(0);
    const f = track(limiter, clock);
    await clock.advance(0);
    expect(f.at).toBe(6000);
  });

  it('counts the 429s of requests sent together as one round: a burst backs off 1 s, not 30', async () => {
    const clock = createManualClock();
    const limiter = new ModelRateLimiter('m', null, clock);
    const burst = Array.from({ length: 11 }, () => track(limiter, clock));
    await clock.advance(10);
    for (const request of burst) request.permit?.rateLimited(null);
    expect(limiter.status()).toMatchObject({ rate_limited: 11, backoff_ms: 1000 });
    const next = track(limiter, clock);
    await clock.advance(1000);
    expect(next.at).toBe(1010);
    // A 429 to a request sent after the round is the next one in a row.
    next.permit?.rateLimited(null);
    expect(limiter.status().backoff_ms).toBe(2000);
  });

  it('caps a named wait at a minute', async () => {
    const clock = createManualClock();
    const limiter = new ModelRateLimiter('m', null, clock);
    const a = track(limiter, clock);
    await clock.advance(0);
    a.permit?.rateLimited(3_600_000);
    expect(limiter.status().backoff_ms).toBe(60_000);
  });

  it('drops a waiter whose signal aborts, with the signal reason, and serves the next', async () => {
    const clock = createManualClock();
    const limiter = new ModelRateLimiter('m', { requests_per_minute: 60, tokens_per_minute: null }, clock);
    track(limiter, clock);
    const controller = new AbortController();
    const aborted = track(limiter, clock, 0, controller.signal);
    const next = track(limiter, clock);
    await clock.advance(0);
    controller.abort(new Error('turn timed out'));
    await clock.advance(1000);
    expect((aborted.error as Error).message).toBe('turn timed out');
    expect(next.at).toBe(1000);
    expect(limiter.load.waiting).toBe(0);
  });

  it('a permit ends once: a second end changes nothing', async () => {
    const clock = createManualClock();
    const limiter = new ModelRateLimiter('m', null, clock);
    const a = track(limiter, clock);
    await clock.advance(0);
    a.permit?.done(null);
    a.permit?.failed();
    expect(limiter.load.in_flight).toBe(0);
  });

  it('reports the current rate over the last seconds', async () => {
    const clock = createManualClock();
    const limiter = new ModelRateLimiter('m', { requests_per_minute: 600, tokens_per_minute: null }, clock);
    for (let i = 0; i < 30; i += 1) track(limiter, clock);
    await clock.advance(5000);
    // One every 100 ms: 30 in 3 s, reported over the 5 s since start.
    expect(limiter.status().requests_per_minute).toBe(360);
  });
});

describe('SYSTEM_CLOCK', () => {
  it('holds a wait longer than a timer can (a tiny limit in debt) instead of firing at once', async () => {
    let runs = 0;
    const cancel = SYSTEM_CLOCK.schedule(() => {
      runs += 1;
    }, 60_000 * 1e6);
    await new Promise((done) => setTimeout(done, 50));
    cancel();
    expect(runs).toBe(0);
  });

  it('runs a short wait', async () => {
    let runs = 0;
    SYSTEM_CLOCK.schedule(() => {
      runs += 1;
    }, 5);
    await new Promise((done) => setTimeout(done, 50));
    expect(runs).toBe(1);
  });
});

import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../../../test/support/backends/manual-clock.js';
import type { RatePermit } from './model-rate-limiter.js';
import { remoteRateLimits, serveRateLimits } from './rate-limit-channel.js';
import { createRateLimitRegistry } from './rate-limit-registry.js';

const MODEL = { provider: 'openai', endpoint: 'http://127.0.0.1:1/v1', name: 'gpt-4o-mini' } as const;
const LIMIT = { requests_per_minute: 120, tokens_per_minute: null };

/** Messages cross the port on the event loop: let them arrive and be answered. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 30));

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** The main thread's registry and `workers` ends of ports to it, as the case worker pool wires them. */
function wire(workers: number) {
  const clock = createManualClock();
  const registry = createRateLimitRegistry(clock);
  const sides = Array.from({ length: workers }, () => {
    const channel = new MessageChannel();
    const stop = serveRateLimits(channel.port1, registry.limiterFor);
    stops.push(stop, () => channel.port2.close());
    return { remote: remoteRateLimits(channel.port2), stop };
  });
  return { clock, registry, sides, main: () => registry.limiterFor(MODEL, LIMIT) };
}

function track(promise: Promise<RatePermit>) {
  const entry: { permit: RatePermit | null; error: unknown } = { permit: null, error: null };
  promise.then(
    (permit) => {
      entry.permit = permit;
    },
    (error: unknown) => {
      entry.error = error;
    },
  );
  return entry;
}

describe('rate limits across threads', () => {
  it('gives two workers one bucket: the main thread grants what the limit allows, in arrival order', async () => {
    const { clock, sides, main } = wire(2);
    const [a, b] = sides.map((side) => side.remote.limiterFor(MODEL, LIMIT));
    const grants = [a, b, a, b].map((limiter) => track((limiter as NonNullable<typeof a>).acquire(0)));
    await flush();
    expect(grants.map((g) => g.permit !== null)).toEqual([true, false, false, false]);
    expect(main().load).toEqual({ in_flight: 1, waiting: 3 });
    await clock.advance(500);
    await flush();
    expect(grants.filter((g) => g.permit !== null)).toHaveLength(2);
    for (const grant of grants) grant.permit?.done(null);
    await flush();
    expect(main().load).toEqual({ in_flight: 0, waiting: 2 });
  });

  it("tells the main thread's limiter of a 429 and the wait it named, so every worker holds back", async () => {
    const { clock, sides, main } = wire(2);
    const first = track((sides[0]?.remote.limiterFor(MODEL, LIMIT) ?? null)!.acquire(0));
    await flush();
    first.permit?.rateLimited(5000);
    await flush();
    expect(main().status()).toMatchObject({ rate_limited: 1, backoff_ms: 5000 });
    const other = track((sides[1]?.remote.limiterFor(MODEL, LIMIT) ?? null)!.acquire(0));
    await clock.advance(4000);
    await flush();
    expect(other.permit).toBeNull();
    await clock.advance(1000);
    await flush();
    expect(other.permit).not.toBeNull();
  });

  it("drops a request whose caller gave up from the main thread's queue", async () => {
    const { sides, main } = wire(1);
    const limiter = (sides[0]?.remote.limiterFor(MODEL, LIMIT) ?? null)!;
    const held = track(limiter.acquire(0));
    const controller = new AbortController();
    const waiting = track(limiter.acquire(0, controller.signal));
    await flush();
    expect(main().load).toEqual({ in_flight: 1, waiting: 1 });
    controller.abort(new Error('turn timed out'));
    await flush();
    expect(waiting.error).toEqual(new Error('turn timed out'));
    expect(main().load).toEqual({ in_flight: 1, waiting: 0 });
    held.permit?.failed();
    await flush();
    expect(main().load).toEqual({ in_flight: 0, waiting: 0 });
  });

  it('frees what a worker that ended held: its permits in flight and its waiting requests', async () => {
    const { sides, main } = wire(2);
    const [gone, alive] = sides.map((side) => side.remote.limiterFor(MODEL, LIMIT));
    track((gone ?? null)!.acquire(0));
    track((gone ?? null)!.acquire(0));
    const next = track((alive ?? null)!.acquire(0));
    await flush();
    expect(main().load).toEqual({ in_flight: 1, waiting: 2 });
    sides[0]?.stop();
    await flush();
    expect(main().load).toEqual({ in_flight: 0, waiting: 1 });
    expect(next.permit).toBeNull();
  });

  it('meters by tokens only when the limit counts tokens', () => {
    const { sides } = wire(1);
    const remote = (sides[0] ?? null)!.remote;
    expect(remote.limiterFor(MODEL, LIMIT).counts_tokens).toBe(false);
    expect(remote.limiterFor(MODEL, { requests_per_minute: null, tokens_per_minute: 1000 }).counts_tokens).toBe(true);
  });
});

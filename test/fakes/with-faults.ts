/** Wraps a script so a share of requests fail the way flaky providers do: 429, 500, reset, cut stream. */
import type { FakeReply, FakeScript } from './fake-script.js';

export type FaultKind = '429' | '500' | 'reset' | 'cut';

export interface FaultOptions {
  /** Share of requests that fail, 0..1. */
  readonly rate: number;
  readonly kinds?: readonly FaultKind[];
  /** Returns a number in [0, 1); defaults to a seeded generator so runs repeat. */
  readonly random?: () => number;
  /** The `retry-after-ms` header sent with injected 429s. */
  readonly retry_after_ms?: number;
}

export function withFaults(script: FakeScript, options: FaultOptions): FakeScript {
  const kinds = options.kinds ?? ['429', '500', 'reset'];
  const random = options.random ?? seededRandom(42);
  return async (request) => {
    if (random() >= options.rate) return script(request);
    const kind = kinds[Math.floor(random() * kinds.length)] ?? '500';
    return faultReply(kind, options.retry_after_ms ?? 10, await script(request));
  };
}

function faultReply(kind: FaultKind, retryAfterMs: number, wouldBe: FakeReply): FakeReply {
  switch (kind) {
    case '429':
      return {
        kind: 'error',
        status: 429,
        message: 'rate limited',
        headers: { 'retry-after-ms': String(retryAfterMs) },
      };
    case '500':
      return { kind: 'error', status: 500, message: 'injected server error' };
    case 'reset':
      return { kind: 'reset' };
    case 'cut':
      return wouldBe.kind === 'answer' ? { ...wouldBe, kind: 'cut' } : { kind: 'reset' };
  }
}

/** mulberry32: a small deterministic PRNG. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

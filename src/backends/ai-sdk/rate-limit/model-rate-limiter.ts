/**
 * One model's limiter, shared by every caller of that model in the process (cases, repeats, the models of
 * a matrix, judges): a token bucket for requests and one for tokens per minute, a back-off after a 429
 * that holds every new request, and an AIMD cap on requests in flight. Waiters are served in arrival order.
 * Without a configured limit and before any 429 it grants at once.
 */

import { clearRunTimer, runTimer, wallNow } from '../../../core/clock.js';
import { MAX_TIMER_MS } from '../../../core/max-timer.js';
import type { RateLimit, RateLimitStatus } from '../../../core/rate-limit.js';
import { AimdConcurrency } from './aimd-concurrency.js';
import { TokenBucket } from './token-bucket.js';

export interface LimiterClock {
  now(): number;
  /** Runs `run` after `ms`; returns a cancel function. */
  schedule(run: () => void, ms: number): () => void;
}

export const SYSTEM_CLOCK: LimiterClock = {
  now: () => wallNow(),
  schedule: (run, ms) => {
    // A tiny limit can ask for a wait past what a timer holds (which would fire at once, again and again):
    // the wake-up comes at the timer's limit instead, and the limiter looks again then.
    const timer = runTimer(run, Math.min(ms, MAX_TIMER_MS));
    timer.unref();
    return () => clearRunTimer(timer);
  },
};

/** A granted request: exactly one of its methods is called when it ends. */
export interface RatePermit {
  /** Answered; `tokens` as the provider counted them (null: unknown, the estimate stands). */
  done(tokens: number | null): void;
  /** Answered 429; `waitMs` as its headers asked (null: none named). */
  rateLimited(waitMs: number | null): void;
  /** Failed otherwise. */
  failed(): void;
}

interface Waiter {
  readonly cost: number;
  readonly grant: (permit: RatePermit) => void;
  readonly signal: AbortSignal | undefined;
  readonly reject: (reason: unknown) => void;
  readonly onAbort: () => void;
}

/** Waits after a 429 that names none: 1 s, doubling per 429 in a row, at most 30 s. */
const BASE_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;
/** A server asking for longer than this is capped to it, as for retries. */
export const MAX_RATE_LIMIT_WAIT_MS = 60_000;
/** The window over which the current rate is measured. */
const RATE_WINDOW_MS = 10_000;

export class ModelRateLimiter {
  private requests: TokenBucket | null = null;
  private tokens: TokenBucket | null = null;
  private current: RateLimit | null = null;
  private readonly aimd = new AimdConcurrency();
  private readonly queue: Waiter[] = [];
  private inFlight = 0;
  private pausedUntil = 0;
  private streak = 0;
  /** When the streak last grew: a 429 to a request sent before then belongs to the same round of 429s. */
  private streakAt = Number.NEGATIVE_INFINITY;
  private limited = 0;
  private cancelTimer: (() => void) | null = null;
  private readonly started: number[] = [];
  private readonly used: { at: number; tokens: number }[] = [];
  private readonly firstAt: number;

  constructor(
    readonly model: string,
    limit: RateLimit | null,
    private readonly clock: LimiterClock = SYSTEM_CLOCK,
  ) {
    this.firstAt = clock.now();
    this.setLimit(limit);
  }

  get limit(): RateLimit | null {
    return this.current;
  }

  /** Sets the limit (a second configuration of the same model may set a stricter one). */
  setLimit(limit: RateLimit | null): void {
    const now = this.clock.now();
    const rpm = limit?.requests_per_minute ?? null;
    const tpm = limit?.tokens_per_minute ?? null;
    this.current = limit;
    // Half a request of slack: a timer that fires late does not lose the requests' pace (any window still
    // holds at most one request beyond the limit's share of it).
    const burst = Math.max(1, (rpm ?? 0) / 600);
    this.requests =
      rpm === null ? null : new TokenBucket({ per_minute: rpm, capacity: burst + 0.5, initial: burst, now });
    this.tokens = tpm === null ? null : new TokenBucket({ per_minute: tpm, now });
    this.pump();
  }

  /** True when requests are metered by tokens, so callers estimate each request's cost. */
  get counts_tokens(): boolean {
    return this.tokens !== null;
  }

  /** Resolves when the request may be sent; rejects with the signal's reason if it aborts first. */
  acquire(cost: number, signal?: AbortSignal): Promise<RatePermit> {
    if (signal?.aborted === true) return Promise.reject(signal.reason);
    // The common case — nobody waiting and nothing in the way — grants without queueing.
    if (this.queue.length === 0) {
      const now = this.clock.now();
      if (this.readyIn(cost, now) <= 0 && this.inFlight < this.aimd.limitForWaiting(now).limit) {
        return Promise.resolve(this.grant(cost, now));
      }
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        cost,
        grant: resolve,
        signal,
        reject,
        onAbort: () => {
          const index = this.queue.indexOf(waiter);
          if (index >= 0) this.queue.splice(index, 1);
          reject(signal?.reason);
          this.pump();
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.queue.push(waiter);
      this.pump();
    });
  }

  status(): RateLimitStatus {
    const now = this.clock.now();
    this.forget(now);
    const span = Math.max(1000, Math.min(RATE_WINDOW_MS, now - this.firstAt));
    const perMinute = (n: number) => Math.round((n * 60_000) / span);
    return {
      model: this.model,
      limit: this.limit,
      requests_per_minute: perMinute(this.started.length),
      tokens_per_minute: perMinute(this.used.reduce((sum, u) => sum + u.tokens, 0)),
      rate_limited: this.limited,
      backoff_ms: Math.max(0, this.pausedUntil - now),
      concurrency: Number.isFinite(this.aimd.limit) ? this.aimd.limit : null,
    };
  }

  /** Requests in flight and waiting, for tests. */
  get load(): { readonly in_flight: number; readonly waiting: number } {
    return { in_flight: this.inFlight, waiting: this.queue.length };
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const now = this.clock.now();
      const cap = this.aimd.limitForWaiting(now);
      if (this.inFlight >= cap.limit) {
        // Answers that end a round raise the cap; a round that does not end raises it in time.
        if (Number.isFinite(cap.grows_in)) this.wake(cap.grows_in);
        return;
      }
      const head = this.queue[0] as Waiter;
      const wait = this.readyIn(head.cost, now);
      if (wait > 0) {
        this.wake(wait);
        return;
      }
      this.queue.shift();
      head.signal?.removeEventListener('abort', head.onAbort);
      head.grant(this.grant(head.cost, now));
    }
  }

  /** How long until a request of `cost` tokens may go, the cap on requests in flight aside. */
  private readyIn(cost: number, now: number): number {
    return Math.max(this.pausedUntil - now, this.requests?.waitMs(1, now) ?? 0, this.tokens?.waitMs(cost, now) ?? 0);
  }

  private grant(cost: number, now: number): RatePermit {
    this.requests?.take(1, now);
    this.tokens?.take(cost, now);
    this.inFlight += 1;
    this.started.push(now);
    if (this.started.length > 4096) this.forget(now);
    return this.permit(cost, now);
  }

  private permit(cost: number, sentAt: number): RatePermit {
    let ended = false;
    const end = (then: () => void) => {
      if (ended) return;
      ended = true;
      then();
      this.inFlight -= 1;
      this.pump();
    };
    return {
      done: (tokens) =>
        end(() => {
          const now = this.clock.now();
          if (tokens !== null) {
            this.tokens?.adjust(cost - tokens, now);
            this.used.push({ at: now, tokens });
            if (this.used.length > 4096) this.forget(now);
          }
          this.streak = 0;
          this.aimd.onSuccess(now);
        }),
      rateLimited: (waitMs) =>
        end(() => {
          const now = this.clock.now();
          this.limited += 1;
          // Requests in flight together that all get a 429 are one round, not as many 429s in a row.
          if (sentAt >= this.streakAt) {
            this.streak += 1;
            this.streakAt = now;
          }
          this.aimd.onRateLimited(this.inFlight, sentAt, now);
          const backoff = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** (this.streak - 1));
          // A named wait is kept, but once 429s follow one another (`retry-after: 0` every time) the model
          // is not asked again sooner than a second later.
          const floor = this.streak > 1 ? BASE_BACKOFF_MS : 0;
          const wait = Math.min(MAX_RATE_LIMIT_WAIT_MS, waitMs === null ? backoff : Math.max(waitMs, floor));
          this.pausedUntil = Math.max(this.pausedUntil, now + wait);
          this.aimd.holdUntil(this.pausedUntil);
        }),
      failed: () => end(() => undefined),
    };
  }

  /** One timer at a time, for the earliest moment the head of the queue may go. */
  private wake(ms: number): void {
    this.cancelTimer?.();
    this.cancelTimer = this.clock.schedule(() => {
      this.cancelTimer = null;
      this.pump();
    }, ms);
  }

  private forget(now: number): void {
    const from = now - RATE_WINDOW_MS;
    while ((this.started[0] ?? now) < from) this.started.shift();
    while ((this.used[0]?.at ?? now) < from) this.used.shift();
  }
}

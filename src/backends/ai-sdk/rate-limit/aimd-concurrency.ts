/**
 * Adaptive concurrency, additive increase / multiplicative decrease: uncapped until the provider answers
 * 429; then the cap halves from the number of requests in flight, and every `cap` successes raise it by one
 * (one step per round of requests), so it climbs back while the provider keeps up. One round of 429s halves
 * it once: a 429 for a request sent before the last decrease was a reply to the old cap.
 *
 * A round that never ends (a request the model answers slowly, or not at all until the turn times out) would
 * hold the cap, and every other conversation behind it: so the cap also rises by one each GROWTH_MS that passes
 * without a change while requests wait (counted from the end of a back-off).
 */

export const MAX_CONCURRENCY = 1024;

/** How long the cap may stay unchanged while requests wait for it before it rises by one. */
export const GROWTH_MS = 1000;

export class AimdConcurrency {
  private cap = Number.POSITIVE_INFINITY;
  private successes = 0;
  private lastDecrease = Number.NEGATIVE_INFINITY;
  private lastChange = Number.NEGATIVE_INFINITY;

  /** Requests allowed in flight; Infinity until the first 429. */
  get limit(): number {
    return this.cap;
  }

  /**
   * The cap for a request that would wait for it at `now`, raised by one for each GROWTH_MS since it last
   * changed; and how long until it rises next (Infinity when uncapped).
   */
  limitForWaiting(now: number): { readonly limit: number; readonly grows_in: number } {
    if (!Number.isFinite(this.cap)) return { limit: this.cap, grows_in: Number.POSITIVE_INFINITY };
    const steps = Math.floor((now - this.lastChange) / GROWTH_MS);
    if (steps > 0) {
      this.cap = Math.min(MAX_CONCURRENCY, this.cap + steps);
      this.lastChange += steps * GROWTH_MS;
      this.successes = 0;
    }
    return { limit: this.cap, grows_in: this.lastChange + GROWTH_MS - now };
  }

  /** A request answered 429; `inFlight` counts it, `sentAt` is when it was sent. */
  onRateLimited(inFlight: number, sentAt: number, now: number): void {
    if (sentAt < this.lastDecrease) return;
    this.cap = Math.max(1, Math.floor(Math.min(this.cap, inFlight) / 2));
    this.successes = 0;
    this.lastDecrease = now;
    this.lastChange = now;
  }

  /** The cap does not rise in time before `until` (the end of a back-off, when nothing is sent anyway). */
  holdUntil(until: number): void {
    this.lastChange = Math.max(this.lastChange, until);
  }

  onSuccess(now: number): void {
    if (!Number.isFinite(this.cap)) return;
    this.successes += 1;
    if (this.successes >= this.cap) {
      this.successes = 0;
      this.cap = Math.min(MAX_CONCURRENCY, this.cap + 1);
      this.lastChange = now;
    }
  }
}

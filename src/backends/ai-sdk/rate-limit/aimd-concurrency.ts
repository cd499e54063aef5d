/**
 * Adaptive concurrency, additive increase / multiplicative decrease: uncapped until the provider answers
 * 429; then the cap halves from the number of requests in flight, and every `cap` successes raise it by one
 * (one step per round of requests), so it climbs back while the provider keeps up. One round of 429s halves
 * it once: a 429 for a request sent before the last decrease was a reply to the old cap.
 */

export const MAX_CONCURRENCY = 1024;

export class AimdConcurrency {
  private cap = Number.POSITIVE_INFINITY;
  private successes = 0;
  private lastDecrease = Number.NEGATIVE_INFINITY;

  /** Requests allowed in flight; Infinity until the first 429. */
  get limit(): number {
    return this.cap;
  }

  /** A request answered 429; `inFlight` counts it, `sentAt` is when it was sent. */
  onRateLimited(inFlight: number, sentAt: number, now: number): void {
    if (sentAt < this.lastDecrease) return;
    this.cap = Math.max(1, Math.floor(Math.min(this.cap, inFlight) / 2));
    this.successes = 0;
    this.lastDecrease = now;
  }

  onSuccess(): void {
    if (!Number.isFinite(this.cap)) return;
    this.successes += 1;
    if (this.successes >= this.cap) {
      this.successes = 0;
      this.cap = Math.min(MAX_CONCURRENCY, this.cap + 1);
    }
  }
}

/**
 * A token bucket on an injected clock: `per_minute` tokens flow in evenly, at most `capacity` are kept
 * (a tenth of a second's worth by default, at least 1: providers enforce their per-minute limits over
 * shorter windows too, so a limit is paced, not spent in a burst). A take larger than the capacity is
 * allowed once the bucket is full and leaves it in debt, so the average rate holds for any size.
 */

export interface TokenBucketOptions {
  readonly per_minute: number;
  /** Tokens kept at most; default a tenth of a second's worth, at least 1. */
  readonly capacity?: number;
  /** Tokens at the start; default the capacity (full). */
  readonly initial?: number;
  /** The clock's time when the bucket is made. */
  readonly now: number;
}

export class TokenBucket {
  readonly capacity: number;
  private readonly perMs: number;
  private level: number;
  private updated: number;

  constructor(options: TokenBucketOptions) {
    this.perMs = options.per_minute / 60_000;
    this.capacity = options.capacity ?? Math.max(1, options.per_minute / 600);
    this.level = Math.min(this.capacity, options.initial ?? this.capacity);
    this.updated = options.now;
  }

  /** Tokens in the bucket at `now` (negative while in debt). */
  levelAt(now: number): number {
    this.refill(now);
    return this.level;
  }

  /** How long until `amount` may be taken (0 = now). */
  waitMs(amount: number, now: number): number {
    this.refill(now);
    const needed = Math.min(amount, this.capacity);
    return this.level >= needed ? 0 : Math.ceil((needed - this.level) / this.perMs - 1e-9);
  }

  /** Takes `amount`; callers check `waitMs` first. */
  take(amount: number, now: number): void {
    this.refill(now);
    this.level -= amount;
  }

  /** Gives back (positive) or charges (negative) a correction once the real amount is known. */
  adjust(amount: number, now: number): void {
    this.refill(now);
    this.level = Math.min(this.capacity, this.level + amount);
  }

  private refill(now: number): void {
    if (now > this.updated) {
      this.level = Math.min(this.capacity, this.level + (now - this.updated) * this.perMs);
      this.updated = now;
    }
  }
}

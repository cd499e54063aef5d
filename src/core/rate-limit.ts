/** `rate_limit:` of a model (or `execution.rate_limit:`, the default for every model), and what the progress line shows of it. */

export interface RateLimit {
  /** Model requests started per minute; null = no limit on requests. */
  readonly requests_per_minute: number | null;
  /** Tokens (prompt + completion) per minute; null = no limit on tokens. */
  readonly tokens_per_minute: number | null;
}

/** One model's limiter as the progress line shows it. */
export interface RateLimitStatus {
  /** The model's name, e.g. gpt-4o-mini. */
  readonly model: string;
  readonly limit: RateLimit | null;
  /** Requests started per minute, measured over the last few seconds. */
  readonly requests_per_minute: number;
  /** Tokens used per minute over the same window. */
  readonly tokens_per_minute: number;
  /** 429 answers received so far. */
  readonly rate_limited: number;
  /** How long new requests still wait after the last 429, in ms; 0 = not backing off. */
  readonly backoff_ms: number;
  /** The adaptive cap on requests in flight after a 429; null = not capped. */
  readonly concurrency: number | null;
}

/** Reads the limiters' current state; the CLI hands it to the console reporter. */
export type RateLimitStatusSource = () => readonly RateLimitStatus[];

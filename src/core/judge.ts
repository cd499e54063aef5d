/** An LLM used as a judge (geval, rag): asked for a JSON object matching a JSON Schema. */
import type { TokenUsage } from './token-usage.js';

export interface JudgeRequest {
  readonly system: string;
  readonly prompt: string;
  /** JSON Schema of the expected object. */
  readonly schema: Readonly<Record<string, unknown>>;
  readonly schema_name: string;
  readonly signal: AbortSignal;
  /**
   * How long the call may take, retries included; null for the judge's default. A call that does not finish
   * in time rejects with an error whose `code` is `JUDGE_TIMEOUT`.
   */
  readonly timeout_ms: number | null;
  /**
   * Told the token usage of each model call the judge makes for this request (for its cost); `stored`: its answer
   * came from a cassette or the cache, not from the model, and took `recorded_ms` when it was recorded.
   */
  readonly on_usage?: (usage: TokenUsage, stored: boolean, recorded_ms: number) => void;
  /** Told each time a request of this call is sent again (a 429, a 5xx, a dropped connection). */
  readonly on_retry?: () => void;
}

export interface Judge {
  judge(request: JudgeRequest): Promise<unknown>;
}

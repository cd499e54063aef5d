/** What every metric implementation receives and returns. */
import type { EarlierTurn } from './grader.js';
import type { JsonValue } from './json.js';
import type { TokenUsage } from './token-usage.js';
import type { ToolInvocation } from './tool-invocation.js';

export interface EvaluationInput {
  readonly test_case_name: string;
  readonly turn_index: number;
  readonly turn_input: string;
  readonly agent_response: string;
  readonly ground_truth: string | null;
  readonly retrieval_context: readonly string[] | null;
  readonly tool_invocations: readonly ToolInvocation[];
  readonly turn_config: Readonly<Record<string, unknown>>;
  /** The whole turn as configured, for code graders. */
  readonly turn: Readonly<Record<string, unknown>>;
  /** The conversation so far: the earlier turns the agent answered, in order (judges and code graders see it). */
  readonly earlier_turns: readonly EarlierTurn[];
  readonly signal: AbortSignal;
  /**
   * Told the token usage of each judge model call made for this turn (geval, rag), for its cost; `stored`: its
   * answer came from a cassette or the cache, and took `recorded_ms` when recorded (added to the turn's time).
   */
  readonly on_judge_usage?: (usage: TokenUsage, stored: boolean, recorded_ms: number) => void;
  /** Told each time a judge model request made for this turn is sent again: the turn's `retries` counts it. */
  readonly on_judge_retry?: () => void;
}

/** A metric's raw verdict; the runner adds threshold, timing and error containment. */
export interface MetricOutcome {
  readonly score: number;
  /** When set, overrides `score >= threshold`. */
  readonly passed?: boolean;
  readonly reasoning?: string | null;
  readonly details?: JsonValue | null | undefined;
}

export interface Evaluator {
  readonly name: string;
  /** Metrics that compare with a ground truth are skipped on turns without one. */
  readonly requires_ground_truth: boolean;
  /** Metrics that need retrieval_context are skipped on turns without one. */
  readonly requires_retrieval_context: boolean;
  /** The threshold applied when the config sets none (null = the outcome's own `passed`). */
  readonly default_threshold: number | null;
  evaluate(input: EvaluationInput): Promise<MetricOutcome>;
}

/** Results of a run, as they appear in the JSON report (PRODUCT.md §7). */
import type { AnswerCutOff } from './answer-cut-off.js';
import type { JsonValue } from './json.js';
import type { MetricSummary } from './metric-tally.js';
import type { Verdict } from './status.js';
import type { TokenUsage } from './token-usage.js';
import type { ToolInvocation } from './tool-invocation.js';

export type MetricKind = 'standard' | 'geval' | 'rag' | 'code';

export interface MetricResult {
  readonly metric_name: string;
  readonly kind: MetricKind;
  /** null when skipped or errored. */
  readonly score: number | null;
  readonly threshold: number | null;
  /** null when skipped: a skipped metric counts as neither passed nor failed. */
  readonly passed: boolean | null;
  readonly skipped: boolean;
  readonly error: string | null;
  readonly reasoning: string | null;
  readonly details: JsonValue | null;
  readonly evaluation_time_ms: number;
}

/** An expected tool as written in the config, for reports: literal values, `{ fuzzy }` or `{ regex }`. */
export interface ExpectedToolReport {
  readonly name: string;
  readonly args: Readonly<Record<string, JsonValue>> | null;
  readonly count: number;
}

/** The outcome of one `expected_tools` entry on one turn. */
export interface ToolAssertionResult {
  readonly tool: string;
  readonly args: Readonly<Record<string, JsonValue>> | null;
  readonly count: number;
  readonly passed: boolean;
  /** Index in the turn's tool_invocations of the first satisfying call, or -1. */
  readonly matched_call_index: number;
  readonly matching_calls: number;
  /**
   * Under `distinct_calls` (entries expecting calls only): the calls given to this entry, each satisfying no
   * other entry; absent otherwise.
   */
  readonly assigned_calls?: readonly number[] | undefined;
  /** Why it failed, e.g. `arg 'b' mismatch: expected ≈"181001", got 180000`; null when it passed. */
  readonly reason: string | null;
}

export interface GraderDetail {
  readonly metric_name: string;
  readonly grader: string;
  readonly score: number | null;
  readonly passed: boolean | null;
  readonly reason: string | null;
  readonly details: JsonValue | null;
  readonly error: string | null;
}

/** What the model calls of a turn, a test case or a run cost, in US dollars (core/cost.ts). */
export interface CostBreakdown {
  /** The agent model's calls; null when they used tokens and the model has no price. */
  readonly agent_usd: number | null;
  /** The judge model's calls (geval, rag metrics); 0 when there were none; null when it has no price. */
  readonly judge_usd: number | null;
  /** The priced part: `cost_usd` when everything has a price, else a lower bound of the cost. */
  readonly priced_usd: number;
  /** Models that used tokens and have no price, as "provider:name", sorted. */
  readonly unpriced_models: readonly string[];
  /** Judge model calls made. */
  readonly judge_calls: number;
  /** Tokens of the judge calls (the agent's are `token_usage`). */
  readonly judge_token_usage: TokenUsage;
  /**
   * What this run paid: the cost of the calls it made to a model, the answers served from a cassette or the
   * cache left out; null when one of those calls used tokens and its model has no price. Absent in results
   * written before answers served were told apart (all of `cost_usd` was then spent).
   */
  readonly spent_usd?: number | null | undefined;
  /** The answers served from a cassette (`--replay`) or the cache (`--cache`): priced in the cost, not paid now. */
  readonly stored?: StoredCost | undefined;
}

/** Model answers served from a cassette or the cache instead of the model, priced from their recorded token usage. */
export interface StoredCost {
  /** Model calls (the agent's and the judge's) answered so. */
  readonly calls: number;
  /** What those answers cost at the models' prices; null when one used tokens and its model has no price. */
  readonly usd: number | null;
  /** Their priced part: `usd` when every one has a price, else a lower bound. */
  readonly priced_usd: number;
}

/**
 * Cost fields of a turn, a test case and the summary: `cost_usd` is the agent's and the judge's calls
 * together, or null when a call that used tokens has no price (never 0 for an unknown price). Both are
 * absent in results written before cost was counted.
 */
export interface CostFields {
  readonly cost_usd?: number | null | undefined;
  readonly cost?: CostBreakdown | undefined;
}

export type TurnResult = TurnFields & Verdict;

export interface TurnFields extends CostFields {
  readonly turn_index: number;
  readonly input: string;
  readonly response: string;
  readonly ground_truth: string | null;
  readonly expected_tools: readonly ExpectedToolReport[] | null;
  readonly tool_calls: readonly string[];
  readonly tool_invocations: readonly ToolInvocation[];
  /** null when the turn asserts no tools. */
  readonly tools_matched: boolean | null;
  readonly arg_match_details: readonly ToolAssertionResult[];
  readonly metric_results: readonly MetricResult[];
  readonly skipped: boolean;
  readonly execution_time_ms: number;
  readonly token_usage: TokenUsage;
  readonly errors: readonly string[];
  readonly grader_details: readonly GraderDetail[];
  /** Model requests retried during this turn. */
  readonly retries: number;
  /** Present when the model stopped its final answer before finishing it. */
  readonly answer_cut_off?: AnswerCutOff | undefined;
}

export type TestResult = TestFields & Verdict;

export interface TestFields extends CostFields {
  readonly test_name: string;
  readonly test_input: string;
  readonly agent_response: string;
  readonly ground_truth: string | null;
  readonly expected_tools: readonly ExpectedToolReport[] | null;
  readonly tool_calls: readonly string[];
  readonly tool_invocations: readonly ToolInvocation[];
  readonly tools_matched: boolean | null;
  /** Single-turn cases only: the outcome of each tool assertion, as a turn of a multi-turn case has it. */
  readonly arg_match_details?: readonly ToolAssertionResult[] | undefined;
  readonly metric_results: readonly MetricResult[];
  readonly execution_time_ms: number;
  readonly token_usage: TokenUsage;
  readonly errors: readonly string[];
  readonly timestamp: string;
  /** Single-turn cases only (a multi-turn case has it on its turns): the model stopped its answer before finishing it. */
  readonly answer_cut_off?: AnswerCutOff | undefined;
  /** Single-turn cases only (a multi-turn case has it on its turns): model requests retried. */
  readonly retries?: number | undefined;
  /** Present on multi-turn cases only. */
  readonly turns?: readonly TurnResult[] | undefined;
  /**
   * `--repeat N` (N > 1) only: every repeat's own result, in repeat order. The case's other fields are those of
   * its first repeat with the case's status (token usage and time are summed over the repeats).
   */
  readonly repeats?: readonly TestResult[] | undefined;
  /** `--repeat N` (N > 1) only: how the case and each of its turns fared over the repeats. */
  readonly repeat_stats?: RepeatStats | undefined;
  /**
   * True when the run crashed while this case ran: the case is an error saying so (it never finished on its own),
   * and `--resume` runs it again. Absent otherwise.
   */
  readonly stopped_by_crash?: true | undefined;
}

/** Passes of one case or turn over n repeats, and the estimators they give. */
export interface PassCounts {
  /** Repeats run (n). */
  readonly runs: number;
  /** Repeats that passed (c); a repeat that errored or was skipped is not a pass. */
  readonly passed: number;
  readonly failed: number;
  readonly errored: number;
  readonly skipped: number;
  /** passed / runs. */
  readonly pass_rate: number;
  /** Some repeats passed and some did not. */
  readonly flaky: boolean;
  /** pass@k for k = 1..n (unbiased, as in HumanEval): at least one of k repeats passes. */
  readonly pass_at_k: readonly number[];
  /** pass^k for k = 1..n (unbiased, as in τ-bench): all k repeats pass. */
  readonly pass_hat_k: readonly number[];
}

export interface RepeatStats extends PassCounts {
  /** The case passes when pass_rate ≥ min_pass_rate. */
  readonly min_pass_rate: number;
  /** Multi-turn cases: each turn over the repeats, in turn order. */
  readonly turns?: readonly TurnRepeatStats[] | undefined;
}

export interface TurnRepeatStats extends PassCounts {
  readonly turn_index: number;
}

export interface ReportSummary extends CostFields {
  readonly total_tests: number;
  readonly passed: number;
  /** Every case that did not pass: `errored` and `skipped` cases included, so passed + failed == total_tests. */
  readonly failed: number;
  /** Cases whose status is `error`. */
  readonly errored: number;
  /** Cases whose status is `skipped`. */
  readonly skipped: number;
  readonly pass_rate: number;
  readonly total_turns: number;
  readonly passed_turns: number;
  /** Turns that ran and did not pass, errored turns included. */
  readonly failed_turns: number;
  readonly errored_turns: number;
  readonly skipped_turns: number;
  /**
   * Tool calls that returned an error (thrown, MCP `isError`, invalid arguments, server down), over all cases;
   * absent from reports written before they were counted.
   */
  readonly tool_errors?: number | undefined;
  /** `--repeat N` (N > 1) only: N, and the cases that are flaky (some repeats passed, some did not). */
  readonly repeats?: number | undefined;
  readonly flaky_tests?: number | undefined;
  /**
   * Each metric over every evaluation of the run (per turn, a single-turn case once, every repeat), in name order:
   * the per-turn accuracy of a benchmark's metric; absent from reports written before it was counted.
   */
  readonly metrics?: readonly MetricSummary[] | undefined;
  readonly duration_ms: number;
  readonly token_usage: TokenUsage;
}

export interface RunReport {
  readonly agent_name: string;
  readonly agent_config_path: string;
  readonly timestamp: string;
  readonly holodeck_version: string;
  /** A model matrix run (several models in one invocation): the id shared by the runs of every model. */
  readonly comparison_id?: string | undefined;
  /** A model matrix run: the model of this one, `provider:name`, so that each model's reports say whose they are. */
  readonly model?: string | undefined;
  /** Set when the run stopped before every selected test case finished (Ctrl-C, --max-cost, a crash). */
  readonly interrupted?: RunInterruption | undefined;
  readonly summary: ReportSummary;
  readonly results: readonly TestResult[];
}

/** How much of an interrupted run is missing from its report. */
export interface RunInterruption {
  /** The test cases the run was to run. */
  readonly selected_tests: number;
  /** Those that did not finish: not started, or cancelled while running. */
  readonly not_run: number;
  /** Why the run stopped; absent in records written before it was said. */
  readonly reason?: InterruptionReason | undefined;
  /** `reason: crash` only: the crash, its first line (masked, cut to CRASH_TEXT_MAX characters). */
  readonly error?: string | undefined;
}

/**
 * Why a run stopped before every selected case finished: `signal` (Ctrl-C, SIGTERM, SIGHUP), `max_cost`
 * (`--max-cost` reached), `crash` (an uncaught exception or unhandled rejection, exit 3).
 */
export const INTERRUPTION_REASONS = ['signal', 'max_cost', 'crash'] as const;
export type InterruptionReason = (typeof INTERRUPTION_REASONS)[number];

/** What stopped a run, as its report says it. */
export interface InterruptionCause {
  readonly reason: InterruptionReason;
  /** `crash` only: the crash. */
  readonly error?: string | undefined;
}

/** The longest crash description a report carries. */
export const CRASH_TEXT_MAX = 500;

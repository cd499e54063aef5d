/** Results of a run, as they appear in the JSON report (PRODUCT.md §7). */
import type { JsonValue } from './json.js';
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

export type TurnResult = TurnFields & Verdict;

export interface TurnFields {
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
}

export type TestResult = TestFields & Verdict;

export interface TestFields {
  readonly test_name: string;
  readonly test_input: string;
  readonly agent_response: string;
  readonly ground_truth: string | null;
  readonly expected_tools: readonly ExpectedToolReport[] | null;
  readonly tool_calls: readonly string[];
  readonly tool_invocations: readonly ToolInvocation[];
  readonly tools_matched: boolean | null;
  /** Single-turn cases only: the outcome of each tool assertion, as a turn of a multi-turn case has it. */
  readonly arg_match_details?: readonly ToolAssertionResult[];
  readonly metric_results: readonly MetricResult[];
  readonly execution_time_ms: number;
  readonly token_usage: TokenUsage;
  readonly errors: readonly string[];
  readonly timestamp: string;
  /** Present on multi-turn cases only. */
  readonly turns?: readonly TurnResult[];
}

export interface ReportSummary {
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
  readonly tool_errors?: number;
  readonly duration_ms: number;
  readonly token_usage: TokenUsage;
}

export interface RunReport {
  readonly agent_name: string;
  readonly agent_config_path: string;
  readonly timestamp: string;
  readonly holodeck_version: string;
  readonly summary: ReportSummary;
  readonly results: readonly TestResult[];
}

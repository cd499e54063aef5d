/** Runs one metric on one turn: skip rules, threshold, timing, and containment of any failure. */
import type { MetricConfig } from '../core/config-types.js';
import type { EvaluationInput, Evaluator, MetricOutcome } from '../core/evaluator.js';
import type { JsonValue } from '../core/json.js';
import type { GraderDetail, MetricResult } from '../core/results.js';

export interface EvaluatedMetric {
  readonly result: MetricResult;
  /** Present for code graders. */
  readonly grader_detail: GraderDetail | null;
}

export async function evaluateMetric(
  config: MetricConfig,
  evaluator: Evaluator,
  input: EvaluationInput,
  now: () => number,
): Promise<EvaluatedMetric> {
  const threshold = config.threshold ?? evaluator.default_threshold;
  const skipReason = skipReasonFor(evaluator, input);
  if (skipReason) {
    return { result: skipped(config, threshold, skipReason), grader_detail: null };
  }
  const started = now();
  let result: MetricResult;
  try {
    const outcome = await evaluator.evaluate(input);
    result = fromOutcome(config, threshold, outcome, now() - started);
  } catch (error) {
    result = errored(config, threshold, errorMessage(error), now() - started);
  }
  return { result, grader_detail: config.type === 'code' ? graderDetail(config.grader, result) : null };
}

function skipReasonFor(evaluator: Evaluator, input: EvaluationInput): string | null {
  if (evaluator.requires_ground_truth && (input.ground_truth === null || input.ground_truth === '')) {
    return 'skipped: the turn has no ground_truth';
  }
  if (evaluator.requires_retrieval_context && (input.retrieval_context ?? []).length === 0) {
    return 'skipped: the turn has no retrieval_context';
  }
  return null;
}

function fromOutcome(
  config: MetricConfig,
  threshold: number | null,
  outcome: MetricOutcome,
  elapsed: number,
): MetricResult {
  // A threshold the configuration sets decides, as for every metric (`passes when score >= threshold`), also
  // for a check with a verdict of its own (equality, numeric, contains…); a code grader's `passed` is its own.
  const configured = config.type !== 'code' && config.threshold !== null ? config.threshold : null;
  const passed =
    configured !== null
      ? outcome.score >= configured
      : (outcome.passed ?? (threshold === null ? outcome.score >= 1 : outcome.score >= threshold));
  return {
    metric_name: config.name,
    kind: config.type,
    score: outcome.score,
    threshold,
    passed,
    skipped: false,
    error: null,
    reasoning: outcome.reasoning ?? null,
    details: outcome.details ?? null,
    evaluation_time_ms: elapsed,
  };
}

function skipped(config: MetricConfig, threshold: number | null, reason: string): MetricResult {
  return {
    metric_name: config.name,
    kind: config.type,
    score: null,
    threshold,
    passed: null,
    skipped: true,
    error: null,
    reasoning: reason,
    details: null,
    evaluation_time_ms: 0,
  };
}

function errored(config: MetricConfig, threshold: number | null, message: string, elapsed: number): MetricResult {
  return {
    metric_name: config.name,
    kind: config.type,
    score: null,
    threshold,
    passed: false,
    skipped: false,
    error: message,
    reasoning: null,
    details: null,
    evaluation_time_ms: elapsed,
  };
}

function graderDetail(grader: string, result: MetricResult): GraderDetail {
  return {
    metric_name: result.metric_name,
    grader,
    score: result.score,
    passed: result.passed,
    reason: result.reasoning,
    details: result.details as JsonValue | null,
    error: result.error,
  };
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

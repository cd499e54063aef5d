/** Errors thrown by evaluators; the runner records the message on the metric result of that turn. */

export type EvaluatorErrorCode =
  /** A geval/rag metric was configured but no judge model is available. */
  | 'JUDGE_NOT_CONFIGURED'
  /** The judge model could not be called (after the judge's own retries). */
  | 'JUDGE_FAILED'
  /** The judge call, retries included, did not finish within the metric's `timeout_ms` (or `llm_timeout`). */
  | 'JUDGE_TIMEOUT'
  /** The judge answered with an object that does not match the requested schema. */
  | 'JUDGE_OUTPUT_INVALID'
  /** A code grader threw or its promise rejected. */
  | 'GRADER_THREW'
  /** A code grader did not settle within `timeout_ms`. */
  | 'GRADER_TIMEOUT'
  /** A code grader returned something other than a boolean, a score or a result object. */
  | 'GRADER_INVALID_RETURN'
  /** A code grader called process.exit(), or its worker thread crashed or was stopped. */
  | 'GRADER_WORKER_ENDED'
  /** A code grader could not be loaded where it runs (its worker thread). */
  | 'GRADER_UNAVAILABLE'
  /** The turn was aborted (timeout of the run, Ctrl-C) while the metric was running. */
  | 'EVALUATION_ABORTED'
  /** Two numbers beyond 2^53 that a double cannot tell apart within the tolerance asked for. */
  | 'NUMBER_BEYOND_PRECISION'
  /** The numeric metric cannot read the turn's ground truth as a number its options allow: the test case's mistake. */
  | 'GROUND_TRUTH_NOT_A_NUMBER'
  /** json_schema: an answer nested deeper than the validator's stack reaches. */
  | 'ANSWER_TOO_DEEP'
  /** A metric whose kind was not loaded for the run (load-evaluators.ts): a metric the run did not announce. */
  | 'EVALUATOR_NOT_LOADED';

export class EvaluatorError extends Error {
  constructor(
    readonly code: EvaluatorErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EvaluatorError';
  }
}

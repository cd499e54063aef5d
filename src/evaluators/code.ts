/**
 * `code`: a user grader (resolved and checked when the configuration loads) run in a worker thread with a deeply
 * frozen copy of the `GraderContext`. Sync or async; bounded by `timeout_ms`, counted from the call (not while its
 * module loads in a fresh worker). A grader past its time — even one stuck in a synchronous loop — is stopped:
 * its worker thread is terminated and replaced, and the run goes on. A throw, a rejection, a timeout, an invalid
 * return, a call of `process.exit()` (which ends only the worker) or a crash of the worker is thrown as an
 * `EvaluatorError` naming the grader, which the runner records on this metric only.
 */
import type { CodeMetricConfig } from '../core/config-types.js';
import type { Evaluator } from '../core/evaluator.js';
import { graderTarget } from '../workers/user-code-target.js';
import type { HostOutcome } from '../workers/worker-host.js';
import { sharedWorkerPool, type WorkerPool } from '../workers/worker-pool.js';
import { buildGraderContext } from './code-context.js';
import { graderOutcome } from './code-outcome.js';
import { EvaluatorError } from './evaluator-error.js';
import { metricNeeds } from './metric-needs.js';

export const DEFAULT_GRADER_THRESHOLD = 0.5;

export function createCodeEvaluator(config: CodeMetricConfig, pool: WorkerPool = sharedWorkerPool()): Evaluator {
  const label = `grader ${config.grader}`;
  const target = graderTarget(config.grader_fn);
  return {
    name: config.name,
    ...metricNeeds(config),
    default_threshold: DEFAULT_GRADER_THRESHOLD,
    evaluate: async (input) => {
      if (target === null) {
        throw new EvaluatorError('GRADER_UNAVAILABLE', `${label} was not loaded from a module, so it cannot be run`);
      }
      const context = buildGraderContext(input);
      const outcome = await pool.run({
        target,
        input: context,
        label,
        origin: `case ${JSON.stringify(input.test_case_name)}, turn ${input.turn_index + 1}`,
        timeout_ms: config.timeout_ms,
        signal: input.signal,
      });
      return graderOutcome(config.grader, returnedValue(config, label, outcome));
    },
  };
}

/** The grader's return value, or the error that says what became of the call. */
function returnedValue(config: CodeMetricConfig, label: string, outcome: HostOutcome): unknown {
  switch (outcome.kind) {
    case 'returned':
      return outcome.value;
    case 'threw':
      return fail('GRADER_THREW', `${label} threw ${outcome.description}`);
    case 'timed_out':
      return fail('GRADER_TIMEOUT', `${label} timed out after ${config.timeout_ms} ms`);
    case 'aborted':
      return fail('EVALUATION_ABORTED', `${label} was interrupted: ${abortReason(outcome.reason)}`, outcome.reason);
    case 'worker_ended':
      return fail('GRADER_WORKER_ENDED', `${label} ${outcome.message}`);
    case 'load_failed':
      return fail('GRADER_UNAVAILABLE', `${label} could not be loaded in its worker thread: ${outcome.message}`);
    case 'unsendable':
      return fail('GRADER_INVALID_RETURN', `${label} ${outcome.message}`);
  }
}

function fail(code: EvaluatorError['code'], message: string, cause?: unknown): never {
  throw new EvaluatorError(code, message, cause === undefined ? undefined : { cause });
}

function abortReason(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason ?? 'aborted');
}

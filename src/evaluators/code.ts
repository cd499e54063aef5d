/**
 * `code`: a user grader function (resolved when the configuration loads) called with a deeply frozen
 * `GraderContext`. Sync or async; bounded by `timeout_ms`. A throw, a rejection, a timeout or an invalid
 * return is thrown as an `EvaluatorError` naming the grader, which the runner records on this metric only.
 * A grader that blocks the event loop synchronously cannot be interrupted: graders are trusted code.
 */
import type { CodeMetricConfig } from '../core/config-types.js';
import type { Evaluator } from '../core/evaluator.js';
import type { GraderContext } from '../core/grader.js';
import { buildGraderContext } from './code-context.js';
import { graderOutcome } from './code-outcome.js';
import { EvaluatorError } from './evaluator-error.js';

export const DEFAULT_GRADER_THRESHOLD = 0.5;

export function createCodeEvaluator(config: CodeMetricConfig): Evaluator {
  return {
    name: config.name,
    requires_ground_truth: false,
    requires_retrieval_context: false,
    default_threshold: DEFAULT_GRADER_THRESHOLD,
    evaluate: async (input) => {
      const returned = await callGrader(config, buildGraderContext(input), input.signal);
      return graderOutcome(config.grader, returned);
    },
  };
}

function callGrader(config: CodeMetricConfig, context: GraderContext, signal: AbortSignal): Promise<unknown> {
  const label = `grader ${config.grader}`;
  if (signal.aborted) return Promise.reject(aborted(label, signal));
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (action: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      action();
    };
    const onAbort = (): void => settle(() => reject(aborted(label, signal)));
    const timer = setTimeout(
      () =>
        settle(() => reject(new EvaluatorError('GRADER_TIMEOUT', `${label} timed out after ${config.timeout_ms} ms`))),
      config.timeout_ms,
    );
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      Promise.resolve(config.grader_fn(context)).then(
        (value) => settle(() => resolve(value)),
        (error: unknown) => settle(() => reject(threw(label, error))),
      );
    } catch (error) {
      settle(() => reject(threw(label, error)));
    }
  });
}

function threw(label: string, error: unknown): EvaluatorError {
  return new EvaluatorError('GRADER_THREW', `${label} threw ${describeThrown(error)}`, { cause: error });
}

function aborted(label: string, signal: AbortSignal): EvaluatorError {
  const reason: unknown = signal.reason;
  const why = reason instanceof Error ? reason.message : String(reason ?? 'aborted');
  return new EvaluatorError('EVALUATION_ABORTED', `${label} was interrupted: ${why}`, { cause: reason });
}

/** `TypeError: boom`, using the class name when a custom error kept the default `name`. */
function describeThrown(error: unknown): string {
  if (error instanceof Error) {
    const className = error.constructor?.name;
    const type = error.name === 'Error' && className && className !== 'Error' ? className : error.name;
    return error.message ? `${type}: ${error.message}` : type;
  }
  if (typeof error === 'string') return JSON.stringify(error);
  return String(error);
}

/**
 * What every evaluator factory shares: the registry key of a metric configuration, the configuration a key's
 * factory receives, and the judge the LLM metrics need. The registry is load-evaluators.ts (only the kinds a
 * run uses, loaded on demand).
 */
import type { EvaluatorKey, MetricConfig } from '../core/config-types.js';
import type { Evaluator } from '../core/evaluator.js';
import type { Judge } from '../core/judge.js';
import { EvaluatorError } from './evaluator-error.js';

export interface EvaluatorDeps {
  /** The LLM judge for geval and rag metrics; null when no judge model is available. */
  readonly judge: Judge | null;
}

/** The configuration a key's factory receives. */
export type MetricConfigFor<K extends EvaluatorKey> = MetricConfig extends infer M
  ? M extends { readonly metric: infer Metric }
    ? K extends Metric
      ? M
      : never
    : M extends { readonly type: K }
      ? M
      : never
  : never;

export type Factory<K extends EvaluatorKey> = (config: MetricConfigFor<K>, deps: EvaluatorDeps) => Evaluator;

/** The registry key of a metric configuration. */
export function evaluatorKey(config: MetricConfig): EvaluatorKey {
  return config.type === 'standard' ? config.metric : config.type;
}

export function requireJudge(config: MetricConfig, deps: EvaluatorDeps): Judge {
  if (deps.judge !== null) return deps.judge;
  throw new EvaluatorError(
    'JUDGE_NOT_CONFIGURED',
    `metric "${config.name}" (type ${config.type}) needs an LLM judge, but no judge model is available; set evaluations.model in agent.yaml`,
  );
}

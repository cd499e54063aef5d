/**
 * The evaluator registry: one factory per `EvaluatorKey` (`standard` metrics by their `metric`, the other
 * types by `type`). The map is exhaustive, so a new key fails to compile until it has a factory.
 */
import type { EvaluatorKey, MetricConfig } from '../core/config-types.js';
import type { Evaluator } from '../core/evaluator.js';
import type { Judge } from '../core/judge.js';
import { createBleuEvaluator } from './bleu.js';
import { createCodeEvaluator } from './code.js';
import { createContainsEvaluator } from './contains.js';
import { createEqualityEvaluator } from './equality.js';
import { EvaluatorError } from './evaluator-error.js';
import { createGEvalEvaluator } from './geval.js';
import { createIsJsonEvaluator } from './is-json.js';
import { createJsonSchemaEvaluator } from './json-schema.js';
import { createMeteorEvaluator } from './meteor.js';
import { createNumericEvaluator } from './numeric.js';
import { createRagEvaluator } from './rag.js';
import { createRegexEvaluator } from './regex.js';
import { createRougeEvaluator } from './rouge.js';

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

type Factory<K extends EvaluatorKey> = (config: MetricConfigFor<K>, deps: EvaluatorDeps) => Evaluator;

const FACTORIES: { readonly [K in EvaluatorKey]: Factory<K> } = {
  bleu: (config) => createBleuEvaluator(config),
  rouge: (config) => createRougeEvaluator(config),
  meteor: (config) => createMeteorEvaluator(config),
  equality: (config) => createEqualityEvaluator(config),
  numeric: (config) => createNumericEvaluator(config),
  contains: (config) => createContainsEvaluator(config),
  not_contains: (config) => createContainsEvaluator(config),
  regex: (config) => createRegexEvaluator(config),
  is_json: (config) => createIsJsonEvaluator(config),
  json_schema: (config) => createJsonSchemaEvaluator(config),
  geval: (config, deps) => createGEvalEvaluator(config, requireJudge(config, deps)),
  rag: (config, deps) => createRagEvaluator(config, requireJudge(config, deps)),
  code: (config) => createCodeEvaluator(config),
};

export function createEvaluator(config: MetricConfig, deps: EvaluatorDeps): Evaluator {
  switch (config.type) {
    case 'standard':
      return build(config.metric, config, deps);
    case 'geval':
    case 'rag':
    case 'code':
      return build(config.type, config, deps);
  }
}

/** The registry key of a metric configuration. */
export function evaluatorKey(config: MetricConfig): EvaluatorKey {
  return config.type === 'standard' ? config.metric : config.type;
}

function build<K extends EvaluatorKey>(key: K, config: MetricConfigFor<K>, deps: EvaluatorDeps): Evaluator {
  const factory: Factory<K> = FACTORIES[key];
  return factory(config, deps);
}

function requireJudge(config: MetricConfig, deps: EvaluatorDeps): Judge {
  if (deps.judge !== null) return deps.judge;
  throw new EvaluatorError(
    'JUDGE_NOT_CONFIGURED',
    `metric "${config.name}" (type ${config.type}) needs an LLM judge, but no judge model is available; set evaluations.model in agent.yaml`,
  );
}

/**
 * The evaluator registry with every kind loaded up front: one factory per `EvaluatorKey` (`standard` metrics
 * by their `metric`, the other types by `type`). The map is exhaustive, so a new key fails to compile until
 * it has a factory — here and in load-evaluators.ts, which loads only the kinds a run uses.
 */
import type { EvaluatorKey, MetricConfig } from '../core/config-types.js';
import type { Evaluator } from '../core/evaluator.js';
import { createBleuEvaluator } from './bleu.js';
import { createCodeEvaluator } from './code.js';
import { createContainsEvaluator } from './contains.js';
import { createEqualityEvaluator } from './equality.js';
import { type EvaluatorDeps, type Factory, type MetricConfigFor, requireJudge } from './evaluator-factory.js';
import { createGEvalEvaluator } from './geval.js';
import { createIsJsonEvaluator } from './is-json.js';
import { createJsonSchemaEvaluator } from './json-schema.js';
import { createMeteorEvaluator } from './meteor.js';
import { createNumericEvaluator } from './numeric.js';
import { createRagEvaluator } from './rag.js';
import { createRegexEvaluator } from './regex.js';
import { createRougeEvaluator } from './rouge.js';

export { type EvaluatorDeps, evaluatorKey, type MetricConfigFor } from './evaluator-factory.js';

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

function build<K extends EvaluatorKey>(key: K, config: MetricConfigFor<K>, deps: EvaluatorDeps): Evaluator {
  const factory: Factory<K> = FACTORIES[key];
  return factory(config, deps);
}

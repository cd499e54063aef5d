/**
 * The evaluator registry: one loader per `EvaluatorKey` (`standard` metrics by their `metric`, the other types
 * by `type`). A run loads only the metric kinds its configuration uses (an equality check does not load BLEU's
 * tokenizers, METEOR's WordNet, the number grammar or the judge prompts). The map is exhaustive, so a new key
 * fails to compile until it has a loader.
 */
import type { EvaluatorKey, MetricConfig } from '../core/config-types.js';
import type { Evaluator } from '../core/evaluator.js';
import { EvaluatorError } from './evaluator-error.js';
import { type EvaluatorDeps, evaluatorKey, type Factory, requireJudge } from './evaluator-factory.js';

type Loader<K extends EvaluatorKey> = () => Promise<Factory<K>>;

const LOADERS: { readonly [K in EvaluatorKey]: Loader<K> } = {
  bleu: async () => {
    const { createBleuEvaluator } = await import('./bleu.js');
    return (config) => createBleuEvaluator(config);
  },
  rouge: async () => {
    const { createRougeEvaluator } = await import('./rouge.js');
    return (config) => createRougeEvaluator(config);
  },
  meteor: async () => {
    const { createMeteorEvaluator } = await import('./meteor.js');
    return (config) => createMeteorEvaluator(config);
  },
  equality: async () => {
    const { createEqualityEvaluator } = await import('./equality.js');
    return (config) => createEqualityEvaluator(config);
  },
  numeric: async () => {
    const { createNumericEvaluator } = await import('./numeric.js');
    return (config) => createNumericEvaluator(config);
  },
  contains: async () => {
    const { createContainsEvaluator } = await import('./contains.js');
    return (config) => createContainsEvaluator(config);
  },
  not_contains: async () => {
    const { createContainsEvaluator } = await import('./contains.js');
    return (config) => createContainsEvaluator(config);
  },
  regex: async () => {
    const { createRegexEvaluator } = await import('./regex.js');
    return (config) => createRegexEvaluator(config);
  },
  is_json: async () => {
    const { createIsJsonEvaluator } = await import('./is-json.js');
    return (config) => createIsJsonEvaluator(config);
  },
  json_schema: async () => {
    const { createJsonSchemaEvaluator } = await import('./json-schema.js');
    return (config) => createJsonSchemaEvaluator(config);
  },
  geval: async () => {
    const { createGEvalEvaluator } = await import('./geval.js');
    return (config, deps) => createGEvalEvaluator(config, requireJudge(config, deps));
  },
  rag: async () => {
    const { createRagEvaluator } = await import('./rag.js');
    return (config, deps) => createRagEvaluator(config, requireJudge(config, deps));
  },
  code: async () => {
    const { createCodeEvaluator } = await import('./code.js');
    return (config) => createCodeEvaluator(config);
  },
};

export type CreateEvaluator = (config: MetricConfig, deps: EvaluatorDeps) => Evaluator;

/** Loads the factories of `metrics`' kinds; the function it gives creates evaluators of those kinds only. */
export function loadEvaluators(metrics: Iterable<MetricConfig>): Promise<CreateEvaluator> {
  const keys = new Set<EvaluatorKey>();
  for (const metric of metrics) keys.add(evaluatorKey(metric));
  return loadKeys(keys);
}

/** Every kind's factory (for tools and tests that create evaluators of any kind). */
export function loadAllEvaluators(): Promise<CreateEvaluator> {
  return loadKeys(new Set(Object.keys(LOADERS) as EvaluatorKey[]));
}

async function loadKeys(keys: ReadonlySet<EvaluatorKey>): Promise<CreateEvaluator> {
  const loaded = new Map<EvaluatorKey, Factory<EvaluatorKey>>();
  await Promise.all([...keys].map(async (key) => loaded.set(key, (await LOADERS[key]()) as Factory<EvaluatorKey>)));
  return (config, deps) => {
    const factory = loaded.get(evaluatorKey(config));
    if (factory === undefined) {
      throw new EvaluatorError(
        'EVALUATOR_NOT_LOADED',
        `metric "${config.name}" (${evaluatorKey(config)}) was not among the metrics loaded for the run`,
      );
    }
    return factory(config as never, deps);
  };
}

/** One evaluator per metric configuration, created on first use; geval/rag get the judge model. */
import { createAiSdkJudge } from '../backends/ai-sdk/create-ai-sdk-judge.js';
import type { AgentConfig, MetricConfig } from '../core/config-types.js';
import type { Evaluator } from '../core/evaluator.js';
import type { Judge } from '../core/judge.js';
import { createEvaluator } from '../evaluators/create-evaluator.js';

export function createEvaluatorFactory(
  config: AgentConfig,
  env: NodeJS.ProcessEnv,
): (metric: MetricConfig) => Evaluator {
  const cache = new WeakMap<MetricConfig, Evaluator>();
  let judge: Judge | null = null;
  const judgeModel = config.evaluations.model ?? config.model;
  const getJudge = (): Judge | null => {
    if (judgeModel === null) return null;
    judge ??= createAiSdkJudge(judgeModel, env);
    return judge;
  };
  return (metric) => {
    let evaluator = cache.get(metric);
    if (!evaluator) {
      const needsJudge = metric.type === 'geval' || metric.type === 'rag';
      evaluator = createEvaluator(metric, { judge: needsJudge ? getJudge() : null });
      cache.set(metric, evaluator);
    }
    return evaluator;
  };
}

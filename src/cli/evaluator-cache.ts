/** One evaluator per metric configuration, created on first use; geval/rag get the judge model. */
import type { createAiSdkJudge } from '../backends/ai-sdk/create-ai-sdk-judge.js';
import type { ModelRecording } from '../backends/ai-sdk/recording/model-recording.js';
import type { AgentConfig, MetricConfig } from '../core/config-types.js';
import type { Evaluator } from '../core/evaluator.js';
import type { Judge } from '../core/judge.js';
import { modelPathsOf } from '../core/model-paths.js';
import type { CreateEvaluator } from '../evaluators/load-evaluators.js';

export interface EvaluatorMakers {
  readonly createEvaluator: CreateEvaluator;
  /** null when no metric of the run needs a judge. */
  readonly createJudge: typeof createAiSdkJudge | null;
}

export function evaluatorCache(
  config: AgentConfig,
  env: NodeJS.ProcessEnv,
  recording: ModelRecording | undefined,
  { createEvaluator, createJudge }: EvaluatorMakers,
): (metric: MetricConfig) => Evaluator {
  const cache = new WeakMap<MetricConfig, Evaluator>();
  let judge: Judge | null = null;
  const judgeModel = config.evaluations.model ?? config.model;
  const getJudge = (): Judge | null => {
    if (judgeModel === null || createJudge === null) return null;
    // Judge calls are retried like agent calls and, unless a metric sets timeout_ms, bounded by llm_timeout.
    judge ??= createJudge(judgeModel, env, {
      timeout_ms: config.execution.llm_timeout * 1000,
      retry: { max_retries: config.execution.max_retries },
      rate_limit: config.execution.rate_limit ?? null,
      model_path: modelPathsOf(config).judge,
      ...(recording === undefined ? {} : { recording }),
    });
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

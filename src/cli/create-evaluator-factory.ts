/** One evaluator per metric configuration, created on first use, from every metric kind loaded up front. */
import { createAiSdkJudge } from '../backends/ai-sdk/create-ai-sdk-judge.js';
import type { ModelRecording } from '../backends/ai-sdk/recording/model-recording.js';
import type { AgentConfig, MetricConfig } from '../core/config-types.js';
import type { Evaluator } from '../core/evaluator.js';
import { createEvaluator } from '../evaluators/create-evaluator.js';
import { evaluatorCache } from './evaluator-cache.js';

export function createEvaluatorFactory(
  config: AgentConfig,
  env: NodeJS.ProcessEnv,
  /** `--record`, `--replay` or `--cache`: judge calls go through it too. */
  recording?: ModelRecording,
): (metric: MetricConfig) => Evaluator {
  return evaluatorCache(config, env, recording, { createEvaluator, createJudge: createAiSdkJudge });
}

/**
 * The evaluators of a run, loading only what its metrics need: the factories of the metric kinds its agent,
 * test cases and turns configure, and the LLM judge only for geval or rag metrics.
 */
import type { ModelRecording } from '../backends/ai-sdk/recording/model-recording.js';
import type { AgentConfig, MetricConfig, TestCaseConfig } from '../core/config-types.js';
import type { Evaluator } from '../core/evaluator.js';
import { loadEvaluators } from '../evaluators/load-evaluators.js';
import { evaluatorCache } from './evaluator-cache.js';

export async function loadEvaluatorFactory(
  config: AgentConfig,
  cases: readonly TestCaseConfig[],
  env: NodeJS.ProcessEnv,
  /** `--record`, `--replay` or `--cache`: judge calls go through it too. */
  recording?: ModelRecording,
): Promise<(metric: MetricConfig) => Evaluator> {
  const metrics = metricsOf(config, cases);
  const needsJudge = metrics.some((metric) => metric.type === 'geval' || metric.type === 'rag');
  const [createEvaluator, judge] = await Promise.all([
    loadEvaluators(metrics),
    needsJudge ? import('../backends/ai-sdk/create-ai-sdk-judge.js') : null,
  ]);
  return evaluatorCache(config, env, recording, { createEvaluator, createJudge: judge?.createAiSdkJudge ?? null });
}

/** Every metric configuration the run's turns may use: the agent's, each test case's and each turn's. */
export function metricsOf(config: AgentConfig, cases: readonly TestCaseConfig[]): MetricConfig[] {
  const metrics = [...config.evaluations.metrics];
  // Most cases and turns have none of their own: no array is made or spread for them.
  for (const testCase of cases) {
    if (testCase.evaluations !== null) for (const metric of testCase.evaluations) metrics.push(metric);
    for (const turn of testCase.turns) {
      if (turn.evaluations !== null) for (const metric of turn.evaluations) metrics.push(metric);
    }
  }
  return metrics;
}

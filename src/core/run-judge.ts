/**
 * The judge of a run's LLM-judged metrics (geval, rag): `evaluations.model`, else the agent's model — null when
 * no enabled geval or rag metric is configured at any level, so nothing is judged.
 */
import type { AgentConfig, MetricConfig, ModelConfig } from './config-types.js';
import { anyMetric } from './metric-lists.js';

export function runJudge(config: AgentConfig): ModelConfig | null {
  // A record's configuration snapshot (merge-reports) lists its test cases by name: only its own metrics are known.
  const cases = config.test_cases.filter((testCase) => typeof testCase === 'object' && Array.isArray(testCase.turns));
  const judged = anyMetric(config.evaluations?.metrics, cases, isJudged);
  return judged ? (config.evaluations.model ?? config.model ?? null) : null;
}

function isJudged(metric: MetricConfig): boolean {
  return metric.enabled && (metric.type === 'geval' || metric.type === 'rag');
}

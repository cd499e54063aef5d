/** The prices a run pays: the agent model's and, when a metric needs one, the judge model's. */
import type { AgentConfig, TestCaseConfig } from '../core/config-types.js';
import type { RunPricing } from '../core/cost.js';
import { pricedModel } from '../core/resolve-price.js';
import { selectMetrics } from '../runner/select-metrics.js';

export function runPricing(config: AgentConfig, cases: readonly TestCaseConfig[]): RunPricing {
  const judgeModel = config.evaluations.model ?? config.model;
  return {
    agent: config.model === null ? null : pricedModel(config.model),
    judge: judgeModel !== null && usesJudge(config, cases) ? pricedModel(judgeModel) : null,
  };
}

/** Whether a turn of these cases runs a geval or rag metric, which calls the judge model. */
export function usesJudge(config: AgentConfig, cases: readonly TestCaseConfig[]): boolean {
  return cases.some((testCase) =>
    testCase.turns.some((turn) =>
      selectMetrics(config.evaluations.metrics, testCase, turn).some(
        (metric) => metric.type === 'geval' || metric.type === 'rag',
      ),
    ),
  );
}

/** The models of the run that have no price, as "provider:name (agent)"; the agent without a model counts. */
export function unpricedModels(pricing: RunPricing): string[] {
  const missing: string[] = [];
  if (pricing.agent === null) missing.push('the agent (a module agent without model:)');
  else if (pricing.agent.price === null) missing.push(`${pricing.agent.label} (agent)`);
  if (pricing.judge !== null && pricing.judge.price === null) missing.push(`${pricing.judge.label} (judge)`);
  return missing;
}

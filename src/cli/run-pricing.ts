/** The prices a run pays: the agent model's and, when a metric needs one, the judge model's. */
import type { AgentConfig, MetricConfig, TestCaseConfig } from '../core/config-types.js';
import type { RunPricing } from '../core/cost.js';
import { pricedModel } from '../core/resolve-price.js';

export function runPricing(config: AgentConfig, cases: readonly TestCaseConfig[]): RunPricing {
  const judgeModel = config.evaluations.model ?? config.model;
  return {
    agent: config.model === null ? null : pricedModel(config.model),
    judge: judgeModel !== null && usesJudge(config, cases) ? pricedModel(judgeModel) : null,
  };
}

/**
 * Whether a turn of these cases runs a geval or rag metric, which calls the judge model. The most specific
 * non-empty evaluations list wins (as in selectMetrics); the agent's list is checked once, not per turn.
 */
export function usesJudge(config: AgentConfig, cases: readonly TestCaseConfig[]): boolean {
  const agentMetrics = config.evaluations.metrics;
  const agentJudged = judged(agentMetrics);
  return cases.some((testCase) => {
    const caseList = nonEmpty(testCase.evaluations);
    const caseJudged = caseList === null ? agentJudged : judged(caseList);
    return testCase.turns.some((turn) => {
      const turnList = nonEmpty(turn.evaluations);
      return turnList === null ? caseJudged : judged(turnList);
    });
  });
}

function judged(metrics: readonly MetricConfig[]): boolean {
  return metrics.some((metric) => metric.enabled && (metric.type === 'geval' || metric.type === 'rag'));
}

function nonEmpty(list: readonly MetricConfig[] | null): readonly MetricConfig[] | null {
  return list && list.length > 0 ? list : null;
}

/** The models of the run that have no price, as "provider:name (agent)"; the agent without a model counts. */
export function unpricedModels(pricing: RunPricing): string[] {
  const missing: string[] = [];
  if (pricing.agent === null) missing.push('the agent (a module agent without model:)');
  else if (pricing.agent.price === null) missing.push(`${pricing.agent.label} (agent)`);
  if (pricing.judge !== null && pricing.judge.price === null) missing.push(`${pricing.judge.label} (judge)`);
  return missing;
}

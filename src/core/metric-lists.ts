/**
 * Every evaluations list a suite writes — the agent's, each test case's and each turn's — for the questions asked
 * of a whole suite (is any metric judged, does any metric read numbers) before its turns are walked.
 */
import type { MetricConfig, TestCaseConfig } from './config-types.js';

export function metricLists(
  agentMetrics: readonly MetricConfig[] | undefined,
  cases: readonly TestCaseConfig[],
): (readonly MetricConfig[] | null | undefined)[] {
  return [
    agentMetrics,
    ...cases.flatMap((testCase) => [testCase.evaluations, ...testCase.turns.map((t) => t.evaluations)]),
  ];
}

/** Whether a metric in any list of the suite, enabled or not, answers the question. */
export function anyMetric(
  agentMetrics: readonly MetricConfig[] | undefined,
  cases: readonly TestCaseConfig[],
  test: (metric: MetricConfig) => boolean,
): boolean {
  return metricLists(agentMetrics, cases).some((list) => list?.some(test) === true);
}

import type { MetricConfig, TestCaseConfig, TurnConfig } from '../core/config-types.js';

/** The most specific non-empty evaluations list wins: turn > test case > agent. Disabled metrics drop out. */
export function selectMetrics(
  agentMetrics: readonly MetricConfig[],
  testCase: TestCaseConfig,
  turn: TurnConfig,
): readonly MetricConfig[] {
  const chosen = nonEmpty(turn.evaluations) ?? nonEmpty(testCase.evaluations) ?? agentMetrics;
  return chosen.filter((metric) => metric.enabled);
}

/** Whether the agent's metrics judge a turn: neither it nor its test case has evaluations of its own. */
export function usesAgentMetrics(testCase: TestCaseConfig, turn: TurnConfig): boolean {
  return (turn.evaluations?.length ?? 0) === 0 && (testCase.evaluations?.length ?? 0) === 0;
}

function nonEmpty(list: readonly MetricConfig[] | null): readonly MetricConfig[] | null {
  return list && list.length > 0 ? list : null;
}

/**
 * `evaluations: []` on a test case or a turn, which selects nothing: the most specific non-empty list applies,
 * so the metrics above it still run there. Said before a run and by `validate`, since `[]` reads as "no metrics".
 */
import type { AgentConfig, TestCaseConfig } from '../core/config-types.js';

const MAX_NAMED = 5;

export function emptyMetricLists(config: AgentConfig, cases: readonly TestCaseConfig[]): string[] {
  const agentHas = config.evaluations.metrics.length > 0;
  const places: string[] = [];
  for (const testCase of cases) {
    const caseList = testCase.evaluations;
    if (caseList !== null && caseList.length === 0 && agentHas) places.push(`"${testCase.name}"`);
    const above = agentHas || (caseList !== null && caseList.length > 0);
    for (const turn of testCase.turns) {
      if (turn.evaluations !== null && turn.evaluations.length === 0 && above) {
        places.push(`"${testCase.name}" turn ${turn.index + 1}`);
      }
    }
  }
  if (places.length === 0) return [];
  const named = places.slice(0, MAX_NAMED).join(', ');
  const more = places.length > MAX_NAMED ? ` and ${places.length - MAX_NAMED} more` : '';
  return [
    `evaluations: [] on ${named}${more} turns no metric off: an empty list is passed over, and the metrics of the ` +
      'test case or the agent apply there — to turn a metric off, list it with enabled: false',
  ];
}

/**
 * Test cases that assert nothing: on none of their turns does a metric apply (enabled, and given the
 * ground truth or retrieval context it needs) or a tool assertion stand, and `fail_on_tool_error` is off.
 * Such a case passes whenever the agent answers without an error — most often an `evaluations` list left
 * out, or metrics that need a `ground_truth` the turns lack. Said as a warning before the run and by
 * `validate`; the run itself goes on (a case may be there only to record the agent's answers).
 * A conversation whose first turns check nothing is not named: only a case none of whose turns check anything.
 */
import type { AgentConfig, TestCaseConfig, TurnConfig } from '../core/config-types.js';
import { metricNeeds } from '../evaluators/metric-needs.js';
import { selectMetrics } from '../runner/select-metrics.js';

/** Cases named in one warning at most; the rest are counted. */
const MAX_NAMED = 5;

/** Why a turn checks nothing. */
type Gap = 'no_metric' | 'needs_ground_truth' | 'needs_context';

export function uncheckedTestCases(config: AgentConfig, cases: readonly TestCaseConfig[]): string[] {
  if (config.execution.fail_on_tool_error) return [];
  const byGap = new Map<Gap, string[]>();
  for (const testCase of cases) {
    const gap = caseGap(config, testCase);
    if (gap === null) continue;
    const names = byGap.get(gap);
    if (names === undefined) byGap.set(gap, [testCase.name]);
    else names.push(testCase.name);
  }
  return [...byGap].map(([gap, names]) => warningFor(gap, names));
}

/** null when some turn of the case checks something; else why its (first) turn does not. */
function caseGap(config: AgentConfig, testCase: TestCaseConfig): Gap | null {
  let first: Gap | null = null;
  for (const turn of testCase.turns) {
    const gap = turnGap(config, testCase, turn);
    if (gap === null) return null;
    first ??= gap;
  }
  return first;
}

function turnGap(config: AgentConfig, testCase: TestCaseConfig, turn: TurnConfig): Gap | null {
  if (turn.expected_tools !== null && turn.expected_tools.length > 0) return null;
  const metrics = selectMetrics(config.evaluations.metrics, testCase, turn);
  if (metrics.length === 0) return 'no_metric';
  const hasTruth = turn.ground_truth !== null && turn.ground_truth !== '';
  const hasContext = (turn.retrieval_context ?? []).length > 0;
  let gap: Gap = 'needs_ground_truth';
  for (const metric of metrics) {
    const needs = metricNeeds(metric);
    if (needs.requires_ground_truth && !hasTruth) continue;
    if (needs.requires_retrieval_context && !hasContext) {
      gap = 'needs_context';
      continue;
    }
    return null;
  }
  return gap;
}

function warningFor(gap: Gap, names: readonly string[]): string {
  const one = names.length === 1;
  const named = names
    .slice(0, MAX_NAMED)
    .map((name) => JSON.stringify(name))
    .join(', ');
  const more = names.length > MAX_NAMED ? ` and ${names.length - MAX_NAMED} more` : '';
  const what = one
    ? `test case ${named} asserts nothing: it passes`
    : `test cases (${named}${more}) assert nothing: they pass`;
  return `${names.length} ${what} whenever the agent answers without an error — ${GAP_TEXT[gap]}`;
}

const GAP_TEXT: Readonly<Record<Gap, string>> = {
  no_metric:
    'no metric applies and no tool is expected; add evaluations.metrics (e.g. { type: standard, metric: equality }) or expected_tools',
  needs_ground_truth:
    'the metrics need a ground_truth the turns do not have; add ground_truth, a metric that reads the answer alone, or expected_tools',
  needs_context:
    'the metrics need a retrieval_context (or a ground_truth) the turns do not have; add it, a metric that reads the answer alone, or expected_tools',
};

/**
 * Test cases that assert nothing: on none of their turns does a metric apply (enabled, and given the
 * ground truth or retrieval context it needs) or a tool assertion stand, and `fail_on_tool_error` is off.
 * Such a case passes whenever the agent answers without an error — most often an `evaluations` list left
 * out, or metrics that need a `ground_truth` or a `retrieval_context` the turns lack (each thing lacking is named). Said as a warning before the run and by
 * `validate`; the run itself goes on (a case may be there only to record the agent's answers).
 * A conversation whose first turns check nothing is not named: only a case none of whose turns check anything.
 * Turns of the other cases whose ground truth no metric reads are counted in a warning of their own.
 */
import type { AgentConfig, TestCaseConfig, TurnConfig } from '../core/config-types.js';
import { metricNeeds } from '../evaluators/metric-needs.js';
import { selectMetrics } from '../runner/select-metrics.js';

/** Cases named in one warning at most; the rest are counted. */
const MAX_NAMED = 5;

/**
 * Why a turn checks nothing: no metric applies, or each lacks what it reads — all the ground truth, all the
 * retrieval context, all both, or some the one and some the other.
 */
type Gap = 'no_metric' | 'needs_ground_truth' | 'needs_context' | 'needs_both' | 'needs_either';

export function uncheckedTestCases(config: AgentConfig, cases: readonly TestCaseConfig[]): string[] {
  const byGap = new Map<Gap, string[]>();
  const unread: { readonly name: string; readonly turns: number }[] = [];
  for (const testCase of cases) {
    const gap = config.execution.fail_on_tool_error ? null : caseGap(config, testCase);
    if (gap === null) {
      const turns = testCase.turns.filter((turn) => groundTruthUnread(config, testCase, turn)).length;
      if (turns > 0) unread.push({ name: testCase.name, turns });
      continue;
    }
    const names = byGap.get(gap);
    if (names === undefined) byGap.set(gap, [testCase.name]);
    else names.push(testCase.name);
  }
  const warnings = [...byGap].map(([gap, names]) => warningFor(gap, names));
  return unread.length === 0 ? warnings : [...warnings, unreadWarning(unread)];
}

/**
 * A turn whose ground truth no metric on it reads (none applies, or only ones that read the answer alone, such
 * as `contains` or `faithfulness`): the expected answer is written down but never compared. G-Eval and code
 * graders are given it, so they count as reading it.
 */
function groundTruthUnread(config: AgentConfig, testCase: TestCaseConfig, turn: TurnConfig): boolean {
  if (turn.ground_truth === null || turn.ground_truth === '') return false;
  return selectMetrics(config.evaluations.metrics, testCase, turn).every(
    (metric) => !(metricNeeds(metric).requires_ground_truth || metric.type === 'geval' || metric.type === 'code'),
  );
}

function unreadWarning(cases: readonly { readonly name: string; readonly turns: number }[]): string {
  const turns = cases.reduce((sum, c) => sum + c.turns, 0);
  const named = cases
    .slice(0, MAX_NAMED)
    .map((c) => JSON.stringify(c.name))
    .join(', ');
  const more = cases.length > MAX_NAMED ? ` and ${cases.length - MAX_NAMED} more` : '';
  const where = cases.length === 1 ? `test case ${named}` : `test cases ${named}${more}`;
  const what = turns === 1 ? 'turn has a ground_truth' : 'turns have a ground_truth';
  return `${turns} ${what} that no metric compares the answer with (${where}): it is never checked; add a metric that reads it (e.g. { type: standard, metric: equality } or numeric)`;
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
  const gaps = new Set<Gap>();
  for (const metric of metrics) {
    const needs = metricNeeds(metric);
    const truth = needs.requires_ground_truth && !hasTruth;
    const context = needs.requires_retrieval_context && !hasContext;
    if (!truth && !context) return null;
    gaps.add(truth && context ? 'needs_both' : truth ? 'needs_ground_truth' : 'needs_context');
  }
  const [only] = gaps;
  return gaps.size === 1 && only !== undefined ? only : 'needs_either';
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
    'the metrics need a retrieval_context the turns do not have; add it, a metric that reads the answer alone, or expected_tools',
  needs_both:
    'the metrics need both a ground_truth and a retrieval_context, which the turns do not have; add both, a metric that reads the answer alone, or expected_tools',
  needs_either:
    'each metric lacks the ground_truth or the retrieval_context it needs; add what the metrics read, a metric that reads the answer alone, or expected_tools',
};

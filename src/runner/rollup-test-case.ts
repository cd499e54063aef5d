/** Rolls the turns of a test case up into its TestResult fields (PRODUCT.md §4 "Roll-up"). */

import type { TestCaseConfig } from '../core/config-types.js';
import { costFields, sumCosts } from '../core/cost.js';
import type { MetricResult, TestResult, TurnResult } from '../core/results.js';
import { caseStatus, verdict } from '../core/status.js';
import { addUsage, ZERO_USAGE } from '../core/token-usage.js';
import { turnLabel } from '../core/turn-label.js';

export function rollupTestCase(
  testCase: TestCaseConfig,
  turns: readonly TurnResult[],
  elapsedMs: number,
  timestamp: string,
  caseErrors: readonly string[],
): TestResult {
  const last = turns[turns.length - 1];
  const single = testCase.kind === 'single' && turns.length === 1 && last !== undefined;
  const asserted = turns.filter((turn) => turn.tools_matched !== null);
  const base = {
    test_name: testCase.name,
    test_input: turns.map((turn) => turn.input).join('\n---\n'),
    agent_response: last?.response ?? '',
    ground_truth: last?.ground_truth ?? null,
    expected_tools: single ? last.expected_tools : null,
    tool_calls: turns.flatMap((turn) => turn.tool_calls),
    tool_invocations: turns.flatMap((turn) => turn.tool_invocations),
    tools_matched: asserted.length === 0 ? null : asserted.every((turn) => turn.tools_matched === true),
    ...(single ? { arg_match_details: last.arg_match_details } : {}),
    ...(single && last.answer_cut_off !== undefined ? { answer_cut_off: last.answer_cut_off } : {}),
    ...(single ? { retries: last.retries } : {}),
    metric_results: single ? last.metric_results : rollupMetrics(turns),
    ...verdict(
      caseStatus(
        turns.map((turn) => turn.status),
        caseErrors,
      ),
    ),
    execution_time_ms: elapsedMs,
    token_usage: turns.reduce((sum, turn) => addUsage(sum, turn.token_usage), ZERO_USAGE),
    ...caseCost(turns),
    // A single-turn case's turn errors read as the case's: one said at both levels is said once.
    errors: [...new Set([...caseErrors, ...turnErrors(turns, single)])],
    timestamp,
  };
  return single ? base : { ...base, turns };
}

/** The sum of the turns' costs, when they carry one. */
function caseCost(turns: readonly TurnResult[]) {
  const cost = sumCosts(turns);
  return cost === null ? {} : costFields(cost);
}

function turnErrors(turns: readonly TurnResult[], single: boolean): string[] {
  return turns.flatMap((turn) =>
    turn.errors.map((error) => (single ? error : `${turnLabel(turn.turn_index, turns.length)}: ${error}`)),
  );
}

/**
 * One entry per metric name: score = mean over the turns that ran it, passed = all of them passed, and
 * `passed: null` (skipped) when no turn ran it; the threshold the turns share, null when they differ. Its
 * reasoning also counts the turns that errored before any metric ran, which gave this metric no verdict either.
 */
export function rollupMetrics(turns: readonly TurnResult[]): MetricResult[] {
  const unevaluated = turns.filter((turn) => turn.status === 'error' && turn.metric_results.length === 0).length;
  const byName = new Map<string, MetricResult[]>();
  for (const turn of turns) {
    for (const metric of turn.metric_results) {
      const list = byName.get(metric.metric_name) ?? [];
      list.push(metric);
      byName.set(metric.metric_name, list);
    }
  }
  return [...byName.values()].map((results) => combine(results, unevaluated));
}

function combine(results: MetricResult[], unevaluated: number): MetricResult {
  const first = results[0]!;
  const ran = results.filter((r) => !r.skipped);
  const errors = ran.filter((r) => r.error !== null).map((r) => r.error);
  return {
    metric_name: first.metric_name,
    kind: first.kind,
    // A metric that errored on a turn did run there: it counts as 0, so a failing grader cannot raise the mean.
    score: ran.length === 0 ? null : ran.reduce((sum, r) => sum + (r.score ?? 0), 0) / ran.length,
    // One threshold when the turns share it; none when they differ (each turn's own is on the turn).
    threshold: results.every((r) => r.threshold === first.threshold) ? first.threshold : null,
    passed: ran.length === 0 ? null : ran.every((r) => r.passed === true),
    skipped: ran.length === 0,
    error: errors.length === 0 ? null : errors.join('; '),
    reasoning:
      `${ran.filter((r) => r.passed === true).length}/${ran.length} turns passed` +
      skippedNote(results.length - ran.length) +
      (unevaluated === 0 ? '' : `; ${unevaluated} errored ${unevaluated === 1 ? 'turn' : 'turns'} ran no metric`),
    details: null,
    evaluation_time_ms: results.reduce((sum, r) => sum + r.evaluation_time_ms, 0),
  };
}

function skippedNote(skipped: number): string {
  return skipped === 0 ? '' : ` (${skipped} skipped)`;
}

/**
 * Ground truths the metrics on their turn cannot compare — the numeric metric cannot read them (`twelve`, `12.5%`
 * without `accept_percent`), or the equality metric's normalisation leaves nothing of them (`!!!` with
 * `strip_punctuation`, which any answer without a letter or digit would equal): the test case's mistake, refused
 * before any model call — by `validate` and by `test` — and located in the file that holds it, rather than found
 * turn by turn once the agent has been paid to answer.
 */
import { ISSUE } from '../config/issue-codes.js';
import { type PendingIssue, pendingIssue } from '../config/pending-issue.js';
import type { AgentConfig, MetricConfig, TestCaseConfig } from '../core/config-types.js';
import { anyMetric } from '../core/metric-lists.js';
import { type EqualityMetricConfig, emptiedGroundTruth } from '../evaluators/equality.js';
import type { NumericMetricConfig } from '../evaluators/numeric.js';
import { selectMetrics, usesAgentMetrics } from '../runner/select-metrics.js';

/** Issues past this many are counted, not listed one by one: the first ones show what to fix. */
const MAX_ISSUES = 50;

const isNumeric = (metric: MetricConfig) => metric.type === 'standard' && metric.metric === 'numeric';
const isEquality = (metric: MetricConfig): metric is EqualityMetricConfig =>
  metric.type === 'standard' && metric.metric === 'equality';

export async function groundTruthIssues(
  config: AgentConfig,
  cases: readonly TestCaseConfig[] = config.test_cases,
): Promise<PendingIssue[]> {
  const issues: PendingIssue[] = [];
  // The numeric metric's reader is loaded only for a suite that uses it (the CLI loads what the run needs).
  const stripping = (metric: MetricConfig) => isEquality(metric) && metric.strip_punctuation;
  if (!anyMetric(config.evaluations.metrics, cases, (metric) => isNumeric(metric) || stripping(metric))) return issues;
  const { readGroundTruth } = await import('../evaluators/numeric.js');
  for (const testCase of cases) {
    for (const [position, turn] of testCase.turns.entries()) {
      if (turn.ground_truth === null || turn.ground_truth === '') continue;
      for (const metric of selectMetrics(config.evaluations.metrics, testCase, turn)) {
        const reason = isNumeric(metric)
          ? readFailure(readGroundTruth(metric as NumericMetricConfig, turn.ground_truth))
          : isEquality(metric)
            ? emptiedGroundTruth(turn.ground_truth, metric)
            : null;
        if (reason === null) continue;
        const where = testCase.kind === 'single' ? [] : ['turns', position];
        const kind = isNumeric(metric) ? 'numeric' : 'equality';
        issues.push(
          pendingIssue(ISSUE.invalidValue, ['test_cases', testCase.index, ...where, 'ground_truth'], reason, {
            hint:
              metric.name === kind
                ? null
                : `${kind === 'numeric' ? 'read' : 'compared'} by the ${kind} metric "${metric.name}"`,
          }),
        );
        break;
      }
    }
  }
  if (issues.length <= MAX_ISSUES) return issues;
  const more = issues.length - MAX_ISSUES;
  const rest = pendingIssue(
    ISSUE.invalidValue,
    [],
    `… and ${more} more ground ${more === 1 ? 'truth' : 'truths'} the metrics cannot compare, as above`,
    { target: 'none' },
  );
  return [...issues.slice(0, MAX_ISSUES), rest];
}

/**
 * The indices of the test cases whose every turn is judged by metrics of its own: a refused agent-level metric
 * list does not judge them, so their ground truths are checked all the same.
 */
export function casesWithOwnMetrics(config: AgentConfig): ReadonlySet<number> {
  const own = config.test_cases.filter((testCase) => testCase.turns.every((turn) => !usesAgentMetrics(testCase, turn)));
  return new Set(own.map((testCase) => testCase.index));
}

function readFailure(read: { readonly ok: true } | { readonly ok: false; readonly reason: string }): string | null {
  return read.ok ? null : read.reason;
}

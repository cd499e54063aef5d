/**
 * Whether a finished result (restored by `--resume`) answered what its test case asks now: the same turns, with
 * the same inputs, ground truths and expected tools, judged by the same metrics (the same names, the same
 * thresholds where the configuration sets one, and, for the agent's metrics, the same settings: the caller
 * compares those with the run's configuration snapshot). A case edited since the run started, or whose metrics changed,
 * runs again, rather than keep a verdict on what it no longer asks or a rule no longer in force. Texts the record cut (`… [truncated: N characters in total]`)
 * count as the same when what was kept starts the text now.
 */
import { canonicalJson } from '../core/canonical-json.js';
import type { MetricConfig, TestCaseConfig } from '../core/config-types.js';
import type { MetricResult, TestResult } from '../core/results.js';
import { expectedToolToReport } from '../matchers/index.js';
import { selectMetrics, usesAgentMetrics } from './select-metrics.js';

const TRUNCATED = /… \[truncated: [\d,]+ characters in total\]$/;

export function resultAsksCase(
  result: TestResult,
  testCase: TestCaseConfig,
  agentMetrics: readonly MetricConfig[],
  agentMetricsChanged = false,
): boolean {
  const done = result.turns ?? [
    {
      input: result.test_input,
      ground_truth: result.ground_truth,
      expected_tools: result.expected_tools,
      metric_results: result.metric_results,
      errors: result.errors,
      skipped: false,
    },
  ];
  if (done.length !== testCase.turns.length) return false;
  return testCase.turns.every((turn, at) => {
    const then = done[at];
    if (then === undefined) return false;
    const expected = turn.expected_tools ? turn.expected_tools.map(expectedToolToReport) : null;
    return (
      sameText(then.input, turn.input) &&
      sameText(then.ground_truth ?? null, turn.ground_truth) &&
      canonicalJson(then.expected_tools ?? null) === canonicalJson(expected) &&
      sameMetrics(
        then,
        selectMetrics(agentMetrics, testCase, turn),
        agentMetricsChanged && usesAgentMetrics(testCase, turn),
      )
    );
  });
}

/** A turn that ended before its metrics ran (an error, a skip) says nothing of them: it is not held against it. */
function sameMetrics(
  then: {
    readonly metric_results: readonly MetricResult[];
    readonly errors: readonly string[];
    readonly skipped: boolean;
  },
  now: readonly MetricConfig[],
  changed: boolean,
): boolean {
  if (then.metric_results.length === 0 && (then.skipped || then.errors.length > 0)) return true;
  if (changed && now.length > 0) return false;
  const ran = new Map(then.metric_results.map((metric) => [metric.metric_name, metric]));
  if (ran.size !== now.length) return false;
  return now.every((metric) => {
    const result = ran.get(metric.name);
    return result !== undefined && (metric.threshold === null || result.threshold === metric.threshold);
  });
}

function sameText(stored: string | null, now: string | null): boolean {
  if (stored === now) return true;
  if (stored === null || now === null) return false;
  const kept = stored.replace(TRUNCATED, '');
  return kept !== stored && now.startsWith(kept);
}

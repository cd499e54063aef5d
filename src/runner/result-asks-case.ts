/**
 * Whether a finished result (restored by `--resume`) answered what its test case asks now: the same turns, with
 * the same inputs, ground truths and expected tools, judged by the same metrics (the same names, the same
 * thresholds where the configuration sets one, and, for the agent's metrics, the same settings: the caller
 * compares those with the run's configuration snapshot). A case edited since the run started, or whose metrics changed,
 * runs again, rather than keep a verdict on what it no longer asks or a rule no longer in force. Texts the record cut (`… [truncated: N characters in total]`)
 * count as the same when what was kept starts the text now; texts the record masked (a secret in them) as the
 * same when the text now, masked by the run's redactor, is what the record holds.
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
  masked: <T>(value: T) => T = (value) => value,
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
    const storedTools = canonicalJson(then.expected_tools ?? null);
    return (
      sameText(then.input, turn.input, masked) &&
      sameText(then.ground_truth ?? null, turn.ground_truth, masked) &&
      (storedTools === canonicalJson(expected) || storedTools === canonicalJson(masked(expected))) &&
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

/** The same text, or the text now as the record masked it (a secret, or a piece of one, in it). */
function sameText(stored: string | null, now: string | null, masked: <T>(value: T) => T): boolean {
  if (stored === now) return true;
  if (stored === null || now === null) return false;
  const kept = stored.replace(TRUNCATED, '');
  if (kept !== stored && now.startsWith(kept)) return true;
  const shown = masked(now);
  return shown !== now && (stored === shown || (kept !== stored && shown.startsWith(kept)));
}

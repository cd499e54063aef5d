/** Resume: hands the results of cases finished by an earlier session to the reporters, in the order read. */

import type { MetricConfig, TestCaseConfig } from '../core/config-types.js';
import type { Reporter } from '../core/reporter.js';
import type { TestResult } from '../core/results.js';
import { resultAsksCase } from './result-asks-case.js';
import type { RestoredRun } from './run-deps.js';

/**
 * Replays each restored result whose case is selected (by name → index), once per case; returns the names
 * replayed. Results of cases no longer selected are left out, and so are those of cases that changed since (they
 * run again).
 */
export async function replayRestored(
  restored: RestoredRun,
  indexByName: ReadonlyMap<string, number>,
  reporter: Reporter,
  record: (result: TestResult, index: number) => void,
  testCases: readonly TestCaseConfig[],
  agentMetrics: readonly MetricConfig[],
): Promise<ReadonlySet<string>> {
  const seen = new Set<string>();
  const changed = new Set<string>();
  for await (const result of restored.results()) {
    const index = indexByName.get(result.test_name);
    if (index === undefined || seen.has(result.test_name) || changed.has(result.test_name)) continue;
    const testCase = testCases[index];
    if (
      testCase !== undefined &&
      !resultAsksCase(result, testCase, agentMetrics, restored.agent_metrics_changed === true, restored.masked)
    ) {
      changed.add(result.test_name);
      restored.on_changed?.(result.test_name);
      continue;
    }
    seen.add(result.test_name);
    record(result, index);
    await reporter.onTestCaseRestored?.(result, index);
  }
  return seen;
}

/** Runs every selected test case, up to N at once, and assembles the report. */
import type { AgentConfig, TestCaseConfig } from '../core/config-types.js';
import type { RunState } from '../core/reporter.js';
import type { RunReport, TestResult } from '../core/results.js';
import type { RunDeps, RunOptions } from './run-deps.js';
import { runPool } from './run-pool.js';
import { runTestCase } from './run-test-case.js';
import { summarize } from './summarize.js';

export interface SuiteOutcome {
  readonly report: RunReport;
  readonly state: RunState;
}

export async function runSuite(
  config: AgentConfig,
  testCases: readonly TestCaseConfig[],
  options: RunOptions,
  deps: RunDeps,
): Promise<SuiteOutcome> {
  const started = deps.now();
  const startedAt = new Date(started).toISOString();
  await deps.reporter.onBegin?.({
    run_id: options.run_id,
    config,
    total_cases: testCases.length,
    total_turns: testCases.reduce((sum, testCase) => sum + testCase.turns.length, 0),
    started_at: startedAt,
    parallel_test_cases: options.parallel_test_cases,
  });
  const results: (TestResult | undefined)[] = new Array(testCases.length);
  let interrupted = false;
  await runPool(testCases, options.parallel_test_cases, deps.signal, async (testCase, index) => {
    await deps.reporter.onTestCaseBegin?.(testCase.name, index);
    const run = await runTestCase(testCase, config.evaluations.metrics, options.turn_timeout_ms, deps);
    if (run.interrupted) {
      interrupted = true;
      return;
    }
    results[index] = run.result;
    await deps.reporter.onTestCaseEnd?.(run.result, index);
  });
  const finished = results.filter((result): result is TestResult => result !== undefined);
  const state: RunState = interrupted || deps.signal.aborted ? 'interrupted' : 'completed';
  const report: RunReport = {
    agent_name: config.name,
    agent_config_path: config.config_path,
    timestamp: startedAt,
    holodeck_version: options.holodeck_version,
    summary: summarize(finished, deps.now() - started),
    results: finished,
  };
  await deps.reporter.onEnd?.(report, state);
  return { report, state };
}

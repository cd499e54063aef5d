/**
 * Runs every selected test case, up to N at once, and assembles the report. Results go to the reporters as
 * each case finishes; the runner itself keeps only the counts of the summary (and the results, when asked).
 */

import { dateAt } from '../core/clock.js';
import type { AgentConfig, MetricConfig, TestCaseConfig } from '../core/config-types.js';
import { followAbort } from '../core/follow-abort.js';
import type { RunState } from '../core/reporter.js';
import type { RunReport, TestResult } from '../core/results.js';
import { createSummaryAccumulator } from '../core/summary-accumulator.js';
import { crashedCase } from './crashed-case.js';
import { createRepeatCollector } from './repeat-collector.js';
import { replayRestored } from './replay-restored.js';
import { createReporterBacklog } from './reporter-backlog.js';
import { resultAsksCase } from './result-asks-case.js';
import type { RunDeps, RunOptions } from './run-deps.js';
import { runPool } from './run-pool.js';
import { runTestCase } from './run-test-case.js';

export interface SuiteOutcome {
  /** `results` holds every result only with `keep_results` (the default); long runs keep none (empty). */
  readonly report: RunReport;
  readonly state: RunState;
}

interface PendingCase {
  readonly testCase: TestCaseConfig;
  readonly index: number;
}

export async function runSuite(
  config: AgentConfig,
  testCases: readonly TestCaseConfig[],
  options: RunOptions,
  deps: RunDeps,
): Promise<SuiteOutcome> {
  const started = deps.now();
  const timestamp = options.restored?.started_at ?? dateAt(started).toISOString();
  const keep = options.keep_results ?? true;
  const summary = createSummaryAccumulator();
  const kept: (TestResult | undefined)[] = keep ? new Array(testCases.length) : [];
  const record = (result: TestResult, index: number) => {
    summary.add(result);
    if (keep) kept[index] = result;
  };
  const cancel = followAbort(deps.signal);
  // Test doubles of the config may leave `execution` out.
  const tool_policy = { fail_on_tool_error: config.execution?.fail_on_tool_error === true };
  const scoped: RunDeps = { ...deps, signal: cancel.signal, tool_policy };
  const repeat = options.repeat ?? 1;
  let finished = 0;
  // The finished repeats of each case still running its others (--repeat).
  const unfinished = new Map<number, TestResult[]>();
  // A finished case's slot goes to the next case while the reporters still write the last one.
  const backlog = createReporterBacklog(Math.max(BACKLOG_MIN, 4 * options.parallel_test_cases));
  let drained = false;
  try {
    const restoredIndex = restoredIndices(testCases, options);
    await deps.reporter.onBegin?.({
      run_id: options.run_id,
      config,
      total_cases: testCases.length,
      total_turns: repeat * testCases.reduce((sum, testCase) => sum + testCase.turns.length, 0),
      started_at: timestamp,
      parallel_test_cases: options.parallel_test_cases,
      restored_cases: restoredIndex.size,
      ...(repeat > 1 ? { repeat } : {}),
    });
    const replayed = options.restored
      ? await replayRestored(
          options.restored,
          restoredIndex,
          deps.reporter,
          record,
          testCases,
          config.evaluations.metrics,
        )
      : new Set<string>();
    finished += replayed.size;
    const pending: PendingCase[] = [];
    testCases.forEach((testCase, index) => {
      if (!replayed.has(testCase.name)) pending.push({ testCase, index });
    });
    const repeats = createRepeatCollector(
      pending,
      repeat,
      options.min_pass_rate ?? 1,
      currentRepeats(testCases, options, config.evaluations.metrics),
    );
    for (const { result, index } of repeats.complete) {
      record(result, index);
      finished += 1;
      await deps.reporter.onTestCaseEnd?.(result, index);
    }
    await runPool(
      repeats.runs,
      options.parallel_test_cases,
      deps.stop ?? deps.signal,
      async (scheduled) => {
        const { testCase, index } = scheduled;
        if (repeats.starts(index)) await deps.reporter.onTestCaseBegin?.(testCase.name, index);
        const run =
          deps.runCase === undefined
            ? await runTestCase(testCase, config.evaluations.metrics, options.turn_timeout_ms, scoped)
            : await deps.runCase(testCase, scoped);
        const crash = run.interrupted ? crashOf(deps) : null;
        // Repeats left unfinished by a crash stay so: the case's other repeats never ran.
        if (run.interrupted && (crash === null || repeat > 1)) return;
        let result: TestResult | null = crash === null ? run.result : crashedCase(run.result, crash);
        if (repeat > 1) {
          await backlog.add(deps.reporter.onRepeatEnd?.(run.result, index, scheduled.repeat));
          result = repeats.add(scheduled, run.result);
          if (result === null) {
            unfinished.set(index, [...(unfinished.get(index) ?? []), run.result]);
            return;
          }
          unfinished.delete(index);
        }
        record(result, index);
        finished += 1;
        await backlog.add(deps.reporter.onTestCaseEnd?.(result, index));
      },
      deps.slots,
    );
    drained = true;
    await backlog.drain();
  } finally {
    // A run that throws still lets the writes of its finished cases complete before it is reported.
    if (!drained) await backlog.drain().catch(() => undefined);
    cancel.dispose();
  }
  // The repeats of cases the run did not finish were spent all the same: their tokens and cost count.
  for (const runs of unfinished.values()) for (const run of runs) summary.addSpent(run);
  const state: RunState = finished < testCases.length ? 'interrupted' : 'completed';
  const report: RunReport = {
    agent_name: config.name,
    agent_config_path: config.config_path,
    timestamp,
    holodeck_version: options.holodeck_version,
    ...(state === 'interrupted'
      ? {
          interrupted: {
            selected_tests: testCases.length,
            not_run: testCases.length - finished,
            ...deps.interruption?.(),
          },
        }
      : {}),
    summary: summary.summary((options.restored?.elapsed_ms ?? 0) + deps.now() - started),
    results: kept.filter((result): result is TestResult => result !== undefined),
  };
  const { results: _results, ...end } = report;
  await deps.reporter.onEnd?.(end, state);
  return { report, state };
}

/** The crash that stopped the run, if one did. */
function crashOf(deps: RunDeps): string | null {
  const cause = deps.interruption?.();
  return cause?.reason === 'crash' ? (cause.error ?? 'a crash') : null;
}

/** Writes of finished cases that may be outstanding at once, at least. */
const BACKLOG_MIN = 64;

/** The finished repeats a resume keeps: those of cases that still ask what they asked then. */
function currentRepeats(
  testCases: readonly TestCaseConfig[],
  options: RunOptions,
  agentMetrics: readonly MetricConfig[],
) {
  const repeats = options.restored?.repeats;
  if (repeats === undefined) return undefined;
  const byName = new Map(testCases.map((testCase) => [testCase.name, testCase]));
  return repeats.filter((done) => {
    const testCase = byName.get(done.test_name);
    return (
      testCase === undefined ||
      resultAsksCase(
        done.result,
        testCase,
        agentMetrics,
        options.restored?.agent_metrics_changed === true,
        options.restored?.masked,
      )
    );
  });
}

/** Case name → index, for the selected cases an earlier session already finished. */
function restoredIndices(testCases: readonly TestCaseConfig[], options: RunOptions): Map<string, number> {
  const index = new Map<string, number>();
  const names = options.restored?.names;
  if (names === undefined) return index;
  testCases.forEach((testCase, i) => {
    if (names.has(testCase.name)) index.set(testCase.name, i);
  });
  return index;
}

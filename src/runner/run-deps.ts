/** What the runner is given by the composition root: everything with side effects comes in as an interface. */
import type { AgentBackend, FilePart } from '../core/backend.js';
import type { FileConfig, MetricConfig, TestCaseConfig } from '../core/config-types.js';
import type { RunPricing } from '../core/cost.js';
import type { Evaluator } from '../core/evaluator.js';
import type { Reporter } from '../core/reporter.js';
import type { InterruptionCause, TestResult } from '../core/results.js';
import type { ToolPolicy } from '../matchers/index.js';
import type { RestoredRepeat } from './repeat-collector.js';
import type { SharedSlots } from './shared-slots.js';

/** One conversation's outcome. */
export interface TestCaseRun {
  readonly result: TestResult;
  /** True when the run was interrupted while this case was running: its result is incomplete. */
  readonly interrupted: boolean;
}

export interface RunDeps {
  readonly backend: AgentBackend;
  readonly createEvaluator: (config: MetricConfig) => Evaluator;
  readonly loadFiles: (files: readonly FileConfig[]) => Promise<readonly FilePart[]>;
  readonly reporter: Reporter;
  /** Wall clock in ms (core/clock.ts's wallNow in production). */
  readonly now: () => number;
  /** Aborted to cancel the run: running turns are cancelled, their cases left unfinished. */
  readonly signal: AbortSignal;
  /**
   * Aborted to stop scheduling (the first Ctrl-C): no new case starts, running cases go on until they
   * finish or `signal` cancels them. Defaults to `signal`.
   */
  readonly stop?: AbortSignal;
  /** How tool calls count (execution.fail_on_tool_error); runSuite sets it from the configuration. */
  readonly tool_policy?: ToolPolicy;
  /** The prices of the agent and judge models: turns then carry `cost_usd` (none without it). */
  readonly pricing?: RunPricing;
  /** A model matrix: the `-j` slots shared with the other models' suites (each case holds one while it runs). */
  readonly slots?: SharedSlots;
  /**
   * Whether each turn runs in a turn scope (turn-scope.ts), so that user code running in this thread during
   * the turn (a module agent) trying to end the process fails that turn. Default true. The composition root
   * turns it off when no user code runs in this thread during turns (tools and graders run in worker
   * threads): the scope keeps Node's async context alive, which every promise of the run then pays for.
   */
  readonly turn_scope?: boolean;
  /**
   * Why the run stopped, asked once it was cancelled or stopped: the report says it, and under a `crash` the
   * cases running then are recorded as errors saying it instead of being left unfinished. Unknown without it.
   */
  readonly interruption?: () => InterruptionCause;
  /** `--workers N`: runs one conversation elsewhere (a worker thread) instead of with `backend` here. */
  readonly runCase?: (testCase: TestCaseConfig, deps: RunDeps) => Promise<TestCaseRun>;
}

/** Results of an earlier, interrupted session of the same run, to keep instead of running their cases again. */
export interface RestoredRun {
  /** Names of the finished test cases. */
  readonly names: ReadonlySet<string>;
  /** The finished results (read lazily, so a long run is never held in memory at once). */
  readonly results: () => AsyncIterable<TestResult>;
  /** When the run first started (ISO 8601): the report keeps its original timestamp. */
  readonly started_at: string;
  /** Wall time already spent by the earlier sessions. */
  readonly elapsed_ms: number;
  /** `--repeat`: the finished repeats of cases that did not finish all theirs. */
  readonly repeats?: readonly RestoredRepeat[];
  /** Told of each finished case that runs again because it changed since the run started (result-asks-case.ts). */
  readonly on_changed?: (testName: string) => void;
  /**
   * The agent's metrics (`evaluations.metrics`) were set otherwise when the run started (a setting, a threshold,
   * a criterion): the finished cases they judged run again.
   */
  readonly agent_metrics_changed?: boolean;
  /**
   * How the record masked what it keeps (the run's redactor, `deep`): a case's inputs, ground truths and
   * expected tools now are masked the same before they are compared with the record's, so a text holding a
   * secret, or a piece of one, is not taken for a change.
   */
  readonly masked?: <T>(value: T) => T;
}

export interface RunOptions {
  readonly run_id: string;
  readonly holodeck_version: string;
  readonly parallel_test_cases: number;
  /** Per-turn timeout. */
  readonly turn_timeout_ms: number;
  /**
   * Keep every TestResult for the returned report (default true). Long runs pass false: results then reach
   * only the reporters, as they finish, and the runner keeps just the counts of the summary.
   */
  readonly keep_results?: boolean;
  /** Resume: these cases are not run again; their results are replayed to the reporters and counted. */
  readonly restored?: RestoredRun;
  /** `--repeat N`: each case runs N times, each in a fresh session (default 1). */
  readonly repeat?: number;
  /** With repeats: a case passes when this share of its repeats passed (default 1). */
  readonly min_pass_rate?: number;
}

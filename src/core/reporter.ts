/** Reporter contract: every hook is optional; the runner calls them in order. */
import type { AgentConfig } from './config-types.js';
import type { RunReport, TestResult, TurnResult } from './results.js';

export interface RunInfo {
  readonly run_id: string;
  readonly config: AgentConfig;
  readonly total_cases: number;
  readonly total_turns: number;
  readonly started_at: string;
  readonly parallel_test_cases: number;
  /** Test cases finished by an earlier session of this run (`--resume`), replayed through onTestCaseRestored. */
  readonly restored_cases?: number;
  /** `--repeat N` with N > 1: each case runs N times (total_turns counts every repeat's turns). */
  readonly repeat?: number;
}

export interface Reporter {
  onBegin?(info: RunInfo): void | Promise<void>;
  onTestCaseBegin?(test_name: string, index: number): void | Promise<void>;
  onTurnEnd?(test_name: string, turn: TurnResult): void | Promise<void>;
  onTestCaseEnd?(result: TestResult, index: number): void | Promise<void>;
  /**
   * `--repeat N` (N > 1): one repeat (0-based) of case `index` finished; the case's own result follows through
   * onTestCaseEnd once all its repeats have.
   */
  onRepeatEnd?(result: TestResult, index: number, repeat: number): void | Promise<void>;
  /**
   * A test case that finished in an earlier, interrupted session of the same run (`--resume`): it is not run
   * again, and belongs to the report like any finished case. Called after onBegin, before any case starts.
   */
  onTestCaseRestored?(result: TestResult, index: number): void | Promise<void>;
  /**
   * The run's end: the report's head and the summary of the whole run, and whether it completed or was
   * interrupted. It carries no results (long runs keep none in memory): every result came through
   * onTestCaseEnd or onTestCaseRestored, and reporters that need them all collect or spill them there.
   */
  onEnd?(end: RunEnd, state: RunState): void | Promise<void>;
}

/** What `onEnd` gets: the report without its results (like Playwright's FullResult beside onTestEnd). */
export type RunEnd = Omit<RunReport, 'results'>;

export type RunState = 'completed' | 'interrupted';

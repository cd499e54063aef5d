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
}

export interface Reporter {
  onBegin?(info: RunInfo): void | Promise<void>;
  onTestCaseBegin?(test_name: string, index: number): void | Promise<void>;
  onTurnEnd?(test_name: string, turn: TurnResult): void | Promise<void>;
  onTestCaseEnd?(result: TestResult, index: number): void | Promise<void>;
  /** The full report; `state` tells whether the run completed or was interrupted. */
  onEnd?(report: RunReport, state: RunState): void | Promise<void>;
}

export type RunState = 'completed' | 'interrupted' | 'failed';

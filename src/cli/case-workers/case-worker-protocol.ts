/** Messages between the main thread and a case worker (one conversation per `run`, first turn to last). */
import type { MessagePort } from 'node:worker_threads';
import type { RecordingMode } from '../../backends/ai-sdk/recording/model-recording.js';
import type { ToolParams } from '../../core/closed-params.js';
import type { GivenFunctionTool, TestCaseConfig } from '../../core/config-types.js';
import type { TurnResult } from '../../core/results.js';
import type { TestCaseRun } from '../../runner/run-test-case.js';
import type { Overrides } from '../apply-overrides.js';
import type { EventLoopBeat } from '../event-loop-beat.js';
import type { ModelOverride } from '../parse-model-option.js';
import type { SentSuite } from './sent-suite.js';

/**
 * What a case worker is started with: where the configuration is and the command line's overrides. The
 * worker loads it itself (a loaded configuration holds functions: the module agent, tools, compiled
 * patterns), so it gets the same cases and settings as the main thread.
 */
export interface CaseWorkerData {
  readonly config_path: string;
  readonly overrides: Overrides;
  readonly max_file_size_mb: number | undefined;
  /** `--replay`: no API key is needed. */
  readonly offline: boolean;
  /** `--redact`: the workers mask the same secrets as the main thread, so requests get the same keys. */
  readonly redact: readonly string[];
  /** `--record`, `--replay`, `--cache`: the model calls go through the main thread's store. */
  readonly recording: RecordingMode['mode'] | null;
  /** In a model matrix: the model of this pool's cell, applied as the matrix applies it (judge kept). */
  readonly matrix_model: ModelOverride | null;
  /**
   * Every test case is plain data and goes to its worker with its `run`: the worker loads agent.yaml without
   * the test cases and takes from here what it would have read from them. Null: it loads them all.
   */
  readonly sent_suite: SentSuite | null;
  /**
   * The function tools as the main thread imported and checked them (plain data), by name: the worker builds
   * them from these instead of importing their modules, since their calls run in the main thread's tool
   * threads. A tool whose definition cannot be sent is missing here and imported by the worker.
   */
  readonly function_tools: Readonly<Record<string, GivenFunctionTool>>;
  /** `HOLODECK_*` variables the worker does not read: the command line gives their settings. */
  readonly ignored_env: readonly string[];
}

/** What one case worker thread gets: the run's data and its ports to the main thread's limiters and tools. */
export interface CaseWorkerStart extends CaseWorkerData {
  readonly rate_limits: MessagePort;
  /** With `recording`: the port to the main thread's store of model calls. */
  readonly model_calls: MessagePort | null;
  /** The port to the main thread's user-code threads, which every worker's tool and grader calls run in. */
  readonly user_code: MessagePort;
  /** Where the worker shows it still turns its event loop (the pool stops it when it does not). */
  readonly beat: EventLoopBeat;
}

export type ToCaseWorker =
  /** `test_case`: the case's configuration when it is plain data (else the worker has it by name). */
  | { readonly type: 'run'; readonly id: number; readonly test_name: string; readonly test_case?: TestCaseConfig }
  | { readonly type: 'cancel'; readonly id: number }
  | { readonly type: 'close' };

export type FromCaseWorker =
  | { readonly type: 'turn'; readonly id: number; readonly test_name: string; readonly turn: TurnResult }
  | { readonly type: 'done'; readonly id: number; readonly run: TestCaseRun }
  /** The backend is built: the names of the agent's tools (null: the backend cannot tell), with their arguments. */
  | {
      readonly type: 'ready';
      readonly tool_names: readonly string[] | null;
      readonly tool_params: readonly ToolParams[] | null;
    }
  /**
   * The configuration could not be loaded or the backend built: every case sent to this worker fails with
   * `message`. `line` says it as the main thread would before a run; `setup`: a setup error (exit 2).
   */
  | { readonly type: 'failed'; readonly message: string; readonly line?: string; readonly setup?: boolean }
  /** An uncaught exception or unhandled rejection in the worker: the run stops, as for one in the main thread. */
  | { readonly type: 'crash'; readonly description: string }
  /**
   * What an AI SDK provider did not send as configured (with-provider-warnings.ts), in holodeck's words: the
   * main thread says each text once for the run, however many workers meet it.
   */
  | { readonly type: 'warning'; readonly text: string }
  | { readonly type: 'closed' };

/** What the runner is given by the composition root: everything with side effects comes in as an interface. */
import type { AgentBackend, FilePart } from '../core/backend.js';
import type { FileConfig, MetricConfig } from '../core/config-types.js';
import type { Evaluator } from '../core/evaluator.js';
import type { Reporter } from '../core/reporter.js';

export interface RunDeps {
  readonly backend: AgentBackend;
  readonly createEvaluator: (config: MetricConfig) => Evaluator;
  readonly loadFiles: (files: readonly FileConfig[]) => Promise<readonly FilePart[]>;
  readonly reporter: Reporter;
  /** Wall clock in ms (Date.now in production). */
  readonly now: () => number;
  /** Aborted when the run is interrupted (Ctrl-C): no new case starts, running turns are cancelled. */
  readonly signal: AbortSignal;
}

export interface RunOptions {
  readonly run_id: string;
  readonly holodeck_version: string;
  readonly parallel_test_cases: number;
  /** Per-turn timeout. */
  readonly turn_timeout_ms: number;
}

/**
 * Before a model matrix starts: one runnable configuration per model (every problem of every model printed,
 * located, exit 2), each with its selection and record metadata, and where each model's reports go.
 */
import { randomUUID } from 'node:crypto';
import type { AgentBackend } from '../../core/backend.js';
import type { AgentConfig, TestCaseConfig } from '../../core/config-types.js';
import type { ConfigIssue } from '../../core/errors.js';
import type { CaseWorkerPool } from '../case-workers/case-worker-pool.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import type { RunGuard } from '../guard-run.js';
import { printIssues } from '../load-or-report.js';
import type { PlannedOutput } from '../plan-outputs.js';
import { type PreparedRun, prepareFreshRun } from '../prepare-run.js';
import type { OutputRedaction } from '../redact-process-output.js';
import type { TestOptions } from '../test-options.js';
import { matrixOutputs, perModelOutputProblem } from './matrix-outputs.js';
import { type MatrixEntry, matrixConfig, matrixIssues } from './plan-matrix.js';

export interface MatrixInput {
  /** agent.yaml as loaded, before the command line's overrides. */
  readonly loaded: AgentConfig;
  readonly options: TestOptions;
  readonly argv: string[];
  readonly entries: readonly MatrixEntry[];
  readonly outputs: readonly PlannedOutput[];
  readonly resultsDir: string;
  /** Run records go to a folder given by --results-dir or execution.results_dir. */
  readonly customResultsDir: boolean;
  readonly output: OutputRedaction;
  readonly guard: RunGuard;
  /** The backend of one model, or the exit code when it cannot start (as for a single run). */
  readonly startBackend: (config: AgentConfig) => Promise<AgentBackend | ExitCode>;
  /** `--workers N`: starts the case workers of one model (they build its backend); null without workers. */
  readonly startPool: ((model: PreparedModel) => CaseWorkerPool) | null;
  readonly caseWarnings: (
    config: AgentConfig,
    cases: readonly TestCaseConfig[],
    backend: AgentBackend,
  ) => Promise<string[]>;
}

export interface PreparedModel {
  readonly entry: MatrixEntry;
  readonly config: AgentConfig;
  readonly run: PreparedRun;
  /** This model's reports (every --output but the Markdown comparison). */
  readonly outputs: readonly PlannedOutput[];
}

export interface PreparedMatrix {
  readonly comparisonId: string;
  readonly models: readonly PreparedModel[];
  /** Where the comparison table is written as Markdown. */
  readonly comparison: readonly string[];
}

export async function prepareMatrix(input: MatrixInput): Promise<PreparedMatrix | ExitCode> {
  const { options, entries } = input;
  if (options.resume !== undefined) {
    return usageError(
      '--resume continues one run, and a model matrix leaves one run per model: ' +
        'resume each model with holodeck test --resume <run id> (the ids are printed when a matrix is interrupted)',
    );
  }
  if (options.dryRun === true || options.maxCost !== undefined) {
    const which = options.dryRun === true ? '--dry-run' : '--max-cost';
    return usageError(`${which} plans or budgets one run: give one --model (a model matrix runs one per model)`);
  }
  const configs = entries.map((entry) => matrixConfig(input.loaded, options, entry.override));
  const issues: ConfigIssue[] = [];
  for (const [i, entry] of entries.entries()) {
    issues.push(...(await matrixIssues(input.loaded, entry, options, process.env, i === 0)));
  }
  if (issues.length > 0) {
    printIssues(issues);
    return EXIT.config;
  }
  const device = perModelOutputProblem(input.outputs);
  if (device !== null) {
    process.stderr.write(`error: ${device}\n`);
    return EXIT.config;
  }
  const outputs = matrixOutputs(
    input.outputs,
    entries.map((entry) => entry.label),
  );
  const models: PreparedModel[] = [];
  // --last-failed reads each model's history: a model none of whose cases failed is left out, and said.
  const nothing: string[] = [];
  for (const [i, entry] of entries.entries()) {
    const config = configs[i] as AgentConfig;
    const prepared = await prepareFreshRun(config, options, input.argv, input.resultsDir);
    if (!prepared.ok) {
      if (!prepared.nothing) return usageError(prepared.message);
      nothing.push(prepared.message);
      continue;
    }
    models.push({ entry, config, run: prepared.run, outputs: outputs.perModel[i] ?? [] });
  }
  for (const message of nothing) {
    const said = models.length === 0 ? message : message.replace(/; nothing to run$/, '; that model does not run');
    process.stderr.write(`${said}\n`);
  }
  if (models.length === 0) return EXIT.ok;
  return { comparisonId: randomUUID(), models, comparison: outputs.comparison };
}

function usageError(message: string): ExitCode {
  process.stderr.write(`error: ${message}\n`);
  return EXIT.config;
}

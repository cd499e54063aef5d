/** `holodeck test`: load, select (or resume), start the backend, run, report, and choose the exit code. */
import { basename, dirname, relative, resolve } from 'node:path';
import { BackendUnavailableError } from '../../backends/claude-agent-sdk/backend-unavailable-error.js';
import { createBackend } from '../../backends/create-backend.js';
import { preloadModelClient } from '../../backends/preload-model-client.js';
import type { AgentBackend } from '../../core/backend.js';
import type { AgentConfig } from '../../core/config-types.js';
import { loadTurnFiles } from '../../files/load-turn-files.js';
import { runSuite } from '../../runner/run-suite.js';
import { applyOverrides } from '../apply-overrides.js';
import { collectSecrets } from '../collect-secrets.js';
import { type ComposedReporters, composeReporters } from '../compose-reporters.js';
import { createEvaluatorFactory } from '../create-evaluator-factory.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { loadOrReport } from '../load-or-report.js';
import { type PreparedRun, prepareFreshRun, prepareResumedRun } from '../prepare-run.js';
import { readVersion } from '../read-version.js';
import { type TestOptions, toTestOptions } from '../test-options.js';
import { tuneHeapForLongRuns } from '../tune-heap.js';
import { watchInterrupts } from '../watch-interrupts.js';

type Reporters = Extract<ComposedReporters, { ok: true }>;

export async function testCommand(configArg: string, raw: Record<string, unknown>, argv: string[]): Promise<ExitCode> {
  tuneHeapForLongRuns(process.execArgv, process.env.NODE_OPTIONS);
  const parsed = toTestOptions(raw);
  // `holodeck test --resume agent.yaml` means the config, not a run: resume its latest unfinished run.
  const yamlAsResume = typeof parsed.resume === 'string' && /\.ya?ml$/i.test(parsed.resume);
  const options: TestOptions = yamlAsResume ? { ...parsed, resume: true } : parsed;
  await preloadModelClient();
  const loaded = await loadOrReport(yamlAsResume ? (parsed.resume as string) : configArg);
  if (!loaded) return EXIT.config;
  const config = applyOverrides(loaded, options);
  const resultsDir = options.resultsDir
    ? resolve(options.resultsDir)
    : (config.execution.results_dir ?? resolve(dirname(config.config_path), 'results'));
  const prepared =
    options.resume === undefined
      ? await prepareFreshRun(config, options, argv)
      : await prepareResumedRun(config, options, resultsDir, options.resume);
  if (!prepared.ok) return usageError(prepared.message);
  const run = prepared.run;
  for (const notice of run.notices) process.stderr.write(`${notice}\n`);
  const reporters = composeReporters({
    outputs: options.output,
    format: options.format,
    verbosity: options.verbosity,
    resultsDir,
    agentName: config.name,
    metadata: run.metadata,
    secrets: collectSecrets(config, process.env),
    max_text_length: options.maxTextLength,
    ...(run.resume === undefined ? {} : { resume: run.resume }),
  });
  if (!reporters.ok) return usageError(reporters.message);
  const backend = await startBackend(config);
  if (typeof backend === 'number') return backend;
  return runWithBackend(config, run, options, { backend, reporters, resultsDir });
}

/** The backend, or the exit code: 2 when an optional SDK is not installed (a setup error), else 3. */
async function startBackend(config: AgentConfig): Promise<AgentBackend | ExitCode> {
  try {
    return await createBackend(config, { env: process.env });
  } catch (error) {
    process.stderr.write(`error: the ${config.backend.type} backend could not start: ${(error as Error).message}\n`);
    return error instanceof BackendUnavailableError ? EXIT.config : EXIT.runtime;
  }
}

interface RunParts {
  readonly backend: AgentBackend;
  readonly reporters: Reporters;
  readonly resultsDir: string;
}

async function runWithBackend(
  config: AgentConfig,
  run: PreparedRun,
  options: TestOptions,
  { backend, reporters, resultsDir }: RunParts,
): Promise<ExitCode> {
  const grace = options.gracePeriod;
  const interrupts = watchInterrupts({
    grace_ms: grace * 1000,
    onStop: () =>
      process.stderr.write(
        `\ninterrupted: no new test case starts; running ones get ${grace}s to finish (Ctrl-C again to quit now)\n`,
      ),
    onCancel: () => process.stderr.write('\ncancelling the running test cases\n'),
  });
  try {
    const outcome = await runSuite(
      config,
      run.cases,
      {
        run_id: run.run_id,
        holodeck_version: readVersion(),
        parallel_test_cases: config.execution.parallel_test_cases,
        turn_timeout_ms: config.execution.llm_timeout * 1000,
        keep_results: false,
        ...(run.restored === undefined ? {} : { restored: run.restored }),
      },
      {
        backend,
        createEvaluator: createEvaluatorFactory(config, process.env),
        loadFiles: loadTurnFiles,
        reporter: reporters.reporter,
        now: Date.now,
        signal: interrupts.cancel,
        stop: interrupts.stop,
      },
    );
    if (outcome.state === 'interrupted') {
      explainInterruption(
        config,
        reporters.recordPath(),
        resultsDir,
        options.resultsDir !== undefined || config.execution.results_dir !== null,
      );
      return EXIT.interrupted;
    }
    return outcome.report.summary.failed > 0 ? EXIT.failed : EXIT.ok;
  } catch (error) {
    process.stderr.write(`error: the run stopped unexpectedly: ${(error as Error)?.stack ?? String(error)}\n`);
    return EXIT.runtime;
  } finally {
    interrupts.dispose();
    await backend.close().catch(() => {});
  }
}

/** Where the finished cases were saved, and how to run the rest. */
function explainInterruption(config: AgentConfig, record: string | null, resultsDir: string, custom: boolean): void {
  if (record === null) return;
  const id = relative(resultsDir, record)
    .replace(/\\/g, '/')
    .replace(/\.json$/, '');
  const configArg = relative(process.cwd(), config.config_path) || basename(config.config_path);
  const folder = custom ? ` --results-dir ${relative(process.cwd(), resultsDir) || '.'}` : '';
  process.stderr.write(
    `saved the finished test cases in ${record}\n` +
      `run the rest with: holodeck test ${configArg}${folder} --resume ${id}\n`,
  );
}

function usageError(message: string): ExitCode {
  process.stderr.write(`error: ${message}\n`);
  return EXIT.config;
}

/** `holodeck test`: load, select (or resume), start the backend, run, report, and choose the exit code. */
import { dirname, resolve } from 'node:path';
import type { ModelRecording } from '../../backends/ai-sdk/recording/model-recording.js';
import { createBackend } from '../../backends/create-backend.js';
import { preloadModelClient } from '../../backends/preload-model-client.js';
import type { AgentBackend } from '../../core/backend.js';
import { wallNow } from '../../core/clock.js';
import type { AgentConfig } from '../../core/config-types.js';
import { ToolSetupError } from '../../core/errors.js';
import { createRedactor, type Redactor } from '../../core/redactor.js';
import type { Reporter } from '../../core/reporter.js';
import { loadTurnFiles } from '../../files/load-turn-files.js';
import { multiplexReporter } from '../../reporters/multiplex-reporter.js';
import { divertStdoutToStderr } from '../../reporters/stdout-for-reports.js';
import type { RunDeps } from '../../runner/run-deps.js';
import { runSuite } from '../../runner/run-suite.js';
import type { ToolWorkers } from '../../tools/tool-workers.js';
import type { Overrides } from '../apply-overrides.js';
import { caseWarnings, writeWarnings } from '../case-warnings.js';
import { startCaseWorkerPool } from '../case-workers/case-worker-pool.js';
import { caseWorkerData, resolveWorkers } from '../case-workers/resolve-workers.js';
import { shareEqualParts } from '../case-workers/share-equal-parts.js';
import { workersBackend } from '../case-workers/workers-backend.js';
import { overInputProblem, recordPlaceProblem, writtenFiles } from '../check-output-places.js';
import { collectSecrets } from '../collect-secrets.js';
import { type ComposedReporters, composeReporters } from '../compose-reporters.js';
import { budgetFor, type CostBudget } from '../cost-budget.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { explainInterruption } from '../explain-interruption.js';
import { guardRun, type RunGuard } from '../guard-run.js';
import { interruptMessages } from '../interrupt-messages.js';
import { interruptionCause } from '../interruption-cause.js';
import { isSetupFailure } from '../is-setup-failure.js';
import { loadEvaluatorFactory } from '../load-evaluator-factory.js';
import { loadForCommandOrReport, loadReadingUserCodeWith, loadRunnableOrReport } from '../load-or-report.js';
import { planMatrix, withMatrixJudge } from '../matrix/plan-matrix.js';
import { closeRecording, MATRIX_REFUSES_RECORDING, openRecording, recordingAsked } from '../open-recording.js';
import { isStdoutPath, type PlannedOutput } from '../plan-outputs.js';
import {
  type Prepared,
  type PreparedRun,
  prepareFreshRun,
  prepareResumedRun,
  resumeSelectionConflict,
} from '../prepare-run.js';
import { readVersion } from '../read-version.js';
import { redactProcessOutput } from '../redact-process-output.js';
import { resolveReportOptions } from '../resolve-report-options.js';
import type { ResumeSource } from '../resume/load-resume.js';
import { judgeMismatch, matrixModelOf } from '../resume/resumed-judge.js';
import { resumedOverrides } from '../resumed-overrides.js';
import { runInputFiles } from '../run-input-files.js';
import { printRunLocations } from '../run-locations.js';
import { runPricing } from '../run-pricing.js';
import { resolveShardOption } from '../shard-from-environment.js';
import { stallGuard } from '../stall-guard.js';
import type { RawTestOptions } from '../test-command-definition.js';
import { type TestOptions, toTestOptions } from '../test-options.js';
import { toolThreadsFor } from '../tool-threads.js';
import { tuneHeapForLongRuns } from '../tune-heap.js';
import { interruptBeforeRun, watchInterrupts } from '../watch-interrupts.js';
import { writeHtmlOutputs } from '../write-html-outputs.js';

type Reporters = Extract<ComposedReporters, { ok: true }>;

export async function testCommand(configArg: string, raw: RawTestOptions, argv: string[]): Promise<ExitCode> {
  tuneHeapForLongRuns(process.execArgv, process.env['NODE_OPTIONS']);
  const shard = resolveShardOption(raw.shard, raw.shardTotal, process.env);
  const parsed = toTestOptions({ ...raw, shard: shard.ok ? shard.shard : undefined });
  // Secrets known from the environment are masked from the first line printed; the config's join later.
  const output = redactProcessOutput(createRedactor(collectSecrets(null, process.env, parsed.redact).secrets));
  if (!shard.ok) return usageError(shard.message);
  if (shard.notice !== null) process.stderr.write(`${shard.notice}\n`);
  // Installed before any user module is imported, so even import-time process.exit() is caught.
  const guard = guardRun(process.stderr);
  interruptBeforeRun();
  const code = await guardedTestCommand(configArg, parsed, argv, output, guard);
  return guard.crash() === null ? code : EXIT.runtime;
}

async function guardedTestCommand(
  configArg: string,
  parsed: TestOptions,
  argv: string[],
  output: ReturnType<typeof redactProcessOutput>,
  guard: RunGuard,
): Promise<ExitCode> {
  // `holodeck test --resume agent.yaml` means the config, not a run: resume its latest unfinished run.
  const yamlAsResume = typeof parsed.resume === 'string' && /\.ya?ml$/i.test(parsed.resume);
  const asked: TestOptions = yamlAsResume ? { ...parsed, resume: true } : parsed;
  const configPath = yamlAsResume ? (parsed.resume as string) : configArg;
  const workers = resolveWorkers(asked.workers, process.env);
  if (!workers.ok) return usageError(workers.message);
  // Function tools load in the threads their calls run in, from the configuration's check on: not in this one.
  const toolThreads = toolThreadsFor(configPath);
  const toolWorkers = toolThreads.workers;
  const load = loadReadingUserCodeWith(toolThreads.describe);
  const startBackend: StartBackend = (config, recording) => startBackendWith(config, recording, toolWorkers);
  // Under workers the main thread calls no model: only the workers load the model client.
  const [read] = await Promise.all([
    loadForCommandOrReport(configPath, load, asked),
    workers.workers <= 1 ? preloadModelClient() : null,
  ]);
  if (!read) return EXIT.config;
  // Reports and detail: the command line's, else agent.yaml's, else the environment's.
  const reports = await resolveReportOptions(asked, read.execution, process.env, read.config_path);
  if (!reports.ok) return usageError(reports.message);
  const { options, outputs } = reports;
  // The name names the history's folder on disk, where no mask can follow: a secret in it (of the environment,
  // --redact or the configuration's own, such as the value its api_key takes) is masked first.
  const nameRedactor = createRedactor(collectSecrets(read, process.env, options.redact).secrets);
  const loaded = { ...read, name: nameRedactor.text(read.name) };
  const overInput = await overInputProblem(writtenFiles(outputs, options.record), runInputFiles(loaded));
  if (overInput !== null) return usageError(overInput);
  const customResults = options.resultsDir ?? loaded.execution.results_dir;
  const resultsDir = customResults ? resolve(customResults) : resolve(dirname(loaded.config_path), 'results');
  const matrix = planMatrix(loaded, options.models, options.backend ?? loaded.backend.type);
  if (!matrix.ok) return usageError(matrix.message);
  if (matrix.entries.length > 1) {
    if (recordingAsked(loaded, options)) {
      return usageError(MATRIX_REFUSES_RECORDING);
    }
    const recordProblem = options.dryRun === true ? null : await recordPlaceProblem(resultsDir, loaded.name);
    if (recordProblem !== null) return usageError(recordProblem);
    const { runMatrix } = await import('../matrix/run-matrix.js');
    const customResultsDir = customResults !== null && customResults !== undefined;
    const where = { resultsDir, customResultsDir, outputs };
    return runMatrix({
      loaded,
      options,
      argv,
      entries: matrix.entries,
      output,
      guard,
      startBackend,
      startPool:
        workers.workers > 1
          ? (model) =>
              startCaseWorkerPool(
                caseWorkerData(
                  model.config,
                  options,
                  options.maxFileSize,
                  false,
                  options.redact,
                  null,
                  model.entry.override,
                ),
                workers.workers,
                (description) => guard.report(description),
                null,
                toolWorkers,
              )
          : null,
      caseWarnings,
      ...where,
    });
  }
  let resumeSource: ResumeSource | null = null;
  let overrides: Overrides = options;
  // One model's run of a model matrix, resumed alone: configured as the matrix configured it (its judge kept).
  let matrixModel: ReturnType<typeof matrixModelOf> = null;
  if (options.resume !== undefined) {
    const conflict = resumeSelectionConflict(options);
    if (conflict !== null) return usageError(conflict);
    const found = await findResumeSource(resultsDir, loaded.name, options.resume);
    if (!found.ok) return usageError(found.message);
    resumeSource = found.source;
    overrides = resumedOverrides(loaded, options, found.source.metadata);
    matrixModel = matrixModelOf(found.source.metadata);
  }
  const offline = options.replay !== undefined;
  const asLoaded = matrixModel === null ? loaded : withMatrixJudge(loaded);
  const config = await loadRunnableOrReport(configPath, overrides, options.maxFileSize, offline, asLoaded);
  if (!config) return EXIT.config;
  const judgeProblem = resumeSource && judgeMismatch(config, resumeSource.metadata, resumeSource.paths.record);
  if (judgeProblem) return usageError(judgeProblem);
  const prepared: Prepared =
    resumeSource === null
      ? await prepareFreshRun(config, options, argv, resultsDir)
      : await prepareResumedRun(config, options, resumeSource);
  if (!prepared.ok) {
    if (prepared.nothing) {
      process.stderr.write(`${prepared.message}\n`);
      return EXIT.ok;
    }
    return usageError(prepared.message);
  }
  const run = prepared.run;
  const secrets = collectSecrets(config, process.env, options.redact);
  const redactor = createRedactor(secrets.secrets);
  output.use(redactor);
  if (options.dryRun === true) {
    const pending = run.cases.filter((testCase) => !run.restored?.names.has(testCase.name));
    const { dryRun } = await import('../dry-run/dry-run.js');
    return dryRun(config, pending, startBackend, (backend) => caseWarnings(config, pending, backend), options);
  }
  const budget = budgetFor(options.maxCost, runPricing(config, run.cases));
  if (budget === EXIT.config) return budget;
  const recording = await openRecording(config, options, redactor);
  if (typeof recording === 'number') return recording;
  const recordProblem = await recordPlaceProblem(resultsDir, config.name);
  if (recordProblem !== null) return usageError(recordProblem);
  writeWarnings(secrets.warnings);
  for (const notice of run.notices) process.stderr.write(`${notice}\n`);
  // A report on stdout (`--output -`) is all stdout holds: the console's summary goes to stderr.
  const reportOnStdout = outputs.some((output) => isStdoutPath(output.path));
  if (reportOnStdout) divertStdoutToStderr();
  const reporters = composeReporters({
    outputs,
    ...(reportOnStdout ? { console: process.stderr } : {}),
    verbosity: options.verbosity,
    resultsDir,
    agentName: config.name,
    metadata: run.metadata,
    redactor,
    max_text_length: options.maxTextLength,
    ...(run.resume === undefined ? {} : { resume: run.resume }),
    ...(run.named_at === undefined ? {} : { record_named_at: run.named_at }),
  });
  if (!reporters.ok) return usageError(reporters.message);
  // `--workers N`: the workers build the backend (model clients, MCP connections); this thread builds none.
  const pool =
    workers.workers > 1
      ? startCaseWorkerPool(
          caseWorkerData(
            config,
            overrides,
            options.maxFileSize,
            options.replay !== undefined,
            config.execution.redact,
            recording,
            matrixModel,
          ),
          workers.workers,
          (description) => guard.report(description),
          recording?.store ?? null,
          toolWorkers,
        )
      : null;
  const backend = pool === null ? await startBackend(config, recording) : await workersBackend(pool);
  if (typeof backend === 'number') return backend;
  writeWarnings(await caseWarnings(config, run.cases, backend));
  // The workers run the cases: this thread only schedules them and sends each, so equal parts can be shared.
  if (pool !== null) shareEqualParts(config.test_cases);
  const where: RunPlace = {
    resultsDir,
    customResultsDir: customResults !== null && customResults !== undefined,
    outputs,
  };
  const parts = { backend, reporters, where, guard, redactor, recording, budget, runCase: pool?.runCase ?? null };
  return closeRecording(recording, await runWithBackend(config, run, options, parts));
}

type FoundResume =
  | { readonly ok: true; readonly source: ResumeSource }
  | { readonly ok: false; readonly message: string };

async function findResumeSource(resultsDir: string, agentName: string, wanted: string | true): Promise<FoundResume> {
  const [{ locateRun }, { loadResume }] = await Promise.all([
    import('../resume/locate-run.js'),
    import('../resume/load-resume.js'),
  ]);
  const located = await locateRun(resultsDir, agentName, wanted);
  if (!located.ok) return located;
  return loadResume(located.paths);
}

/**
 * The backend, or the exit code: 2 when an optional SDK is not installed or the tools cannot be set up as
 * configured (a setup error, found before any agent call), else 3.
 */
type StartBackend = (config: AgentConfig, recording?: ModelRecording | null) => Promise<AgentBackend | ExitCode>;

async function startBackendWith(
  config: AgentConfig,
  recording: ModelRecording | null = null,
  tool_workers: ToolWorkers,
): Promise<AgentBackend | ExitCode> {
  try {
    return await createBackend(config, {
      env: process.env,
      tool_workers,
      ...(recording === null ? {} : { recording }),
    });
  } catch (error) {
    if (error instanceof ToolSetupError) {
      process.stderr.write(`error: the tools cannot be set up: ${error.message}\n`);
      return EXIT.config;
    }
    process.stderr.write(`error: the ${config.backend.type} backend could not start: ${(error as Error).message}\n`);
    return isSetupFailure(error) ? EXIT.config : EXIT.runtime;
  }
}

/** Where a run's files go. */
interface RunPlace {
  readonly resultsDir: string;
  readonly customResultsDir: boolean;
  readonly outputs: readonly PlannedOutput[];
}

interface RunParts {
  readonly backend: AgentBackend;
  readonly reporters: Reporters;
  readonly where: RunPlace;
  readonly guard: RunGuard;
  readonly redactor: Redactor;
  /** `--record`, `--replay`, `--cache`: the judges' model calls go through it as the agent's do. */
  readonly recording?: ModelRecording | null;
  /** `--max-cost`: stops scheduling once the finished cases cost that much. */
  readonly budget?: CostBudget | null;
  /** `--workers N` with N > 1: runs each conversation on a worker thread (`backend` is then the pool's stand-in). */
  readonly runCase?: RunDeps['runCase'] | null;
}

async function runWithBackend(
  config: AgentConfig,
  run: PreparedRun,
  options: TestOptions,
  { backend, reporters, where, guard, redactor, recording, budget = null, runCase = null }: RunParts,
): Promise<ExitCode> {
  const turn_timeout_ms = config.execution.llm_timeout * 1000;
  stallGuard()?.running(turn_timeout_ms);
  const grace = options.gracePeriod;
  const interrupts = watchInterrupts({
    grace_ms: grace * 1000,
    ...interruptMessages(grace),
  });
  guard.onCrash((reason) => interrupts.abortNow(reason));
  try {
    const createEvaluator = await loadEvaluatorFactory(config, run.cases, process.env, recording ?? undefined);
    const outcome = await runSuite(
      config,
      run.cases,
      {
        run_id: run.run_id,
        holodeck_version: readVersion(),
        parallel_test_cases: config.execution.parallel_test_cases,
        turn_timeout_ms,
        keep_results: false,
        repeat: config.execution.repeat,
        min_pass_rate: config.execution.min_pass_rate,
        ...(run.restored === undefined ? {} : { restored: { ...run.restored, masked: redactor.deep } }),
      },
      {
        backend,
        createEvaluator,
        loadFiles: loadTurnFiles,
        reporter: budget === null ? reporters.reporter : withBudget(reporters.reporter, budget),
        now: wallNow,
        signal: interrupts.cancel,
        stop: budget === null ? interrupts.stop : AbortSignal.any([interrupts.stop, budget.stop]),
        interruption: () => interruptionCause(guard.crash(), budget?.stop.aborted === true, redactor),
        pricing: runPricing(config, run.cases),
        // Only a module agent runs user code in this thread during turns (tools and graders have workers).
        turn_scope: config.backend.type === 'module',
        ...(runCase === null ? {} : { runCase }),
      },
    );
    const record = reporters.recordPath();
    // Written for a run that stopped too, saying so, as the other reports do: an older file would stay otherwise.
    const htmlProblems = await writeHtmlOutputs(where.outputs, where.resultsDir, record, redactor);
    for (const problem of htmlProblems) process.stderr.write(`error: ${problem.message}\n`);
    if (outcome.state === 'interrupted') {
      const { failed } = reporters;
      const saved = explainInterruption({ ...where, configPath: config.config_path, record, failed, options });
      return guard.crash() === null && saved ? EXIT.interrupted : EXIT.runtime;
    }
    if (options.verbosity !== 'quiet') {
      printRunLocations(where.outputs.some((output) => isStdoutPath(output.path)) ? process.stderr : process.stdout, {
        record,
        outputs: where.outputs.map((output) => output.path),
        failed: new Set([...reporters.failed, ...htmlProblems.map((problem) => problem.path)]),
        configPath: config.config_path,
        resultsDir: where.customResultsDir ? where.resultsDir : null,
        cwd: process.cwd(),
      });
    }
    if (htmlProblems.length > 0 || reporters.errors.length > 0) return EXIT.runtime;
    return outcome.report.summary.failed > 0 ? EXIT.failed : EXIT.ok;
  } catch (error) {
    process.stderr.write(`error: the run stopped unexpectedly: ${(error as Error)?.stack ?? String(error)}\n`);
    return EXIT.runtime;
  } finally {
    interrupts.dispose();
    await backend.close().catch(() => {});
  }
}

/** The run's reporters, and the budget counting what each finished case cost. */
function withBudget(reporter: Reporter, budget: CostBudget): Reporter {
  return multiplexReporter([reporter, budget.reporter], () => {});
}

function usageError(message: string): ExitCode {
  process.stderr.write(`error: ${message}\n`);
  return EXIT.config;
}

/**
 * `holodeck test` with two or more models (a model matrix): the whole suite runs once per model in one
 * invocation — one run record per model, all tied by one comparison id — sharing the `-j` pool, so the
 * models' cases interleave. Each model's console report follows the other's, then the side-by-side table.
 * The exit code is what a single run would give, over every model: 1 if any model's run failed.
 */

import { wallNow } from '../../core/clock.js';
import { buildModelMatrix, type MatrixCaseResult } from '../../core/model-matrix.js';
import { createRedactor } from '../../core/redactor.js';
import { createSummaryAccumulator } from '../../core/summary-accumulator.js';
import { loadTurnFiles } from '../../files/load-turn-files.js';
import { createPalette } from '../../reporters/ansi.js';
import { formatMatrixTable } from '../../reporters/matrix-table.js';
import type { RunDeps } from '../../runner/run-deps.js';
import { runSuite } from '../../runner/run-suite.js';
import { createSharedSlots } from '../../runner/shared-slots.js';
import { writeWarnings } from '../case-warnings.js';
import { workersBackend } from '../case-workers/workers-backend.js';
import { collectSecrets } from '../collect-secrets.js';
import { colorWanted } from '../color-wanted.js';
import { composeReporters } from '../compose-reporters.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { interruptMessages } from '../interrupt-messages.js';
import { interruptionCause } from '../interruption-cause.js';
import { loadEvaluatorFactory } from '../load-evaluator-factory.js';
import { readVersion } from '../read-version.js';
import { runPricing } from '../run-pricing.js';
import { stallGuard } from '../stall-guard.js';
import { watchInterrupts } from '../watch-interrupts.js';
import { writeHtmlOutputs } from '../write-html-outputs.js';
import { printMatrixLocations, writeComparisonOutputs } from './matrix-locations.js';
import { heldConsole, matrixReporter } from './matrix-reporter.js';
import { type MatrixInput, type PreparedModel, prepareMatrix } from './prepare-matrix.js';

export type { MatrixInput } from './prepare-matrix.js';

export async function runMatrix(input: MatrixInput): Promise<ExitCode> {
  const { options } = input;
  const prepared = await prepareMatrix(input);
  if (typeof prepared === 'number') return prepared;
  const { models, comparisonId, comparison } = prepared;
  const secrets = models.map((model) => collectSecrets(model.config, process.env, options.redact));
  const redactor = createRedactor(secrets.flatMap((found) => found.secrets));
  input.output.use(redactor);
  writeWarnings(new Set(secrets.flatMap((found) => found.warnings)));
  // Each model's own (--last-failed reads each model's history), the ones they share once.
  for (const notice of new Set(models.flatMap((model) => model.run.notices))) process.stderr.write(`${notice}\n`);
  const started: Started[] = [];
  try {
    for (const model of models) {
      const next = await startModel(model, models, comparisonId, input, redactor);
      if (typeof next === 'number') return next;
      started.push(next);
    }
    return await runModels(started, input, { comparisonId, comparison }, redactor);
  } finally {
    await Promise.all(started.map((model) => model.backend.close().catch(() => {})));
  }
}

interface Started {
  readonly model: PreparedModel;
  readonly backend: Awaited<ReturnType<MatrixInput['startBackend']>> & object;
  readonly reporters: Extract<ReturnType<typeof composeReporters>, { ok: true }>;
  readonly console: ReturnType<typeof heldConsole>;
  readonly cases: MatrixCaseResult[];
  /** Under `--workers`: runs this model's conversations on its case workers. */
  readonly runCase: NonNullable<RunDeps['runCase']> | null;
}

async function startModel(
  model: PreparedModel,
  models: readonly PreparedModel[],
  comparisonId: string,
  input: MatrixInput,
  redactor: ReturnType<typeof createRedactor>,
): Promise<Started | ExitCode> {
  const console = heldConsole();
  const reporters = composeReporters({
    outputs: model.outputs,
    verbosity: input.options.verbosity,
    resultsDir: input.resultsDir,
    agentName: model.config.name,
    metadata: {
      ...model.run.metadata,
      comparison_id: comparisonId,
      comparison_models: models.map((other) => other.entry.label),
    },
    ...(model.run.named_at === undefined ? {} : { record_named_at: model.run.named_at }),
    redactor,
    max_text_length: input.options.maxTextLength,
    console,
  });
  if (!reporters.ok) {
    process.stderr.write(`error: ${reporters.message}\n`);
    return EXIT.config;
  }
  // Under --workers each model gets its own case workers, which build its backend; this thread builds none.
  const pool = input.startPool?.(model) ?? null;
  const backend = pool === null ? await input.startBackend(model.config) : await workersBackend(pool);
  if (typeof backend === 'number') return backend;
  writeWarnings(await input.caseWarnings(model.config, model.run.cases, backend), `${model.entry.label}: `);
  return { model, backend, reporters, console, cases: [], runCase: pool?.runCase ?? null };
}

async function runModels(
  started: readonly Started[],
  input: MatrixInput,
  { comparisonId, comparison }: { comparisonId: string; comparison: readonly string[] },
  redactor: ReturnType<typeof createRedactor>,
): Promise<ExitCode> {
  const grace = input.options.gracePeriod;
  stallGuard()?.running(Math.max(...started.map(({ model }) => model.config.execution.llm_timeout * 1000)));
  const interrupts = watchInterrupts({
    grace_ms: grace * 1000,
    ...interruptMessages(grace),
  });
  input.guard.onCrash((reason) => interrupts.abortNow(reason));
  const parallel = started[0]?.model.config.execution.parallel_test_cases ?? 1;
  const slots = createSharedSlots(parallel);
  try {
    const outcomes = await Promise.all(
      started.map(async ({ model, backend, reporters, cases, runCase }) =>
        runSuite(
          model.config,
          model.run.cases,
          {
            run_id: model.run.run_id,
            holodeck_version: readVersion(),
            parallel_test_cases: parallel,
            turn_timeout_ms: model.config.execution.llm_timeout * 1000,
            keep_results: false,
            repeat: model.config.execution.repeat,
            min_pass_rate: model.config.execution.min_pass_rate,
          },
          {
            backend,
            createEvaluator: await loadEvaluatorFactory(model.config, model.run.cases, process.env),
            loadFiles: loadTurnFiles,
            reporter: matrixReporter(reporters.reporter, cases),
            now: wallNow,
            signal: interrupts.cancel,
            stop: interrupts.stop,
            interruption: () => interruptionCause(input.guard.crash(), false, redactor),
            slots,
            pricing: runPricing(model.config, model.run.cases),
            ...(runCase === null ? {} : { runCase }),
          },
        ),
      ),
    );
    for (const { model, console } of started) {
      process.stdout.write(`\n── ${model.entry.label} ──\n`);
      process.stdout.write(console.text());
    }
    const matrix = buildModelMatrix(
      comparisonId,
      started.map(({ model, cases }, i) => ({
        model: model.entry.label,
        summary: outcomes[i]?.report.summary ?? createSummaryAccumulator().summary(0),
        cases,
        interrupted: outcomes[i]?.report.interrupted,
      })),
    );
    const color = colorWanted(process.stdout);
    process.stdout.write(`\n${formatMatrixTable(matrix, createPalette(color)).join('\n')}\n\n`);
    const problems = await writeComparisonOutputs(matrix, comparison, redactor);
    const records = started.map((model) => model.reporters.recordPath());
    const interrupted = outcomes.some((outcome) => outcome.state === 'interrupted');
    // Written for a run that stopped too, saying so, as the other reports do: an older file would stay otherwise.
    for (const [i, { model }] of started.entries()) {
      problems.push(...(await writeHtmlOutputs(model.outputs, input.resultsDir, records[i] ?? null, redactor)));
    }
    for (const problem of problems) process.stderr.write(`error: ${problem.message}\n`);
    const located = started.map(({ model }, i) => ({ model, record: records[i] ?? null }));
    const failed = new Set([
      ...started.flatMap(({ reporters }) => [...reporters.failed]),
      ...problems.map((problem) => problem.path),
    ]);
    printMatrixLocations(input, located, { id: comparisonId, paths: comparison }, interrupted, failed);
    // A record that failed to be written saved nothing to resume: not an interruption the run recovers from.
    const saved = located.every(({ record }) => record === null || !failed.has(record));
    if (interrupted) return input.guard.crash() === null && saved ? EXIT.interrupted : EXIT.runtime;
    if (problems.length > 0 || started.some(({ reporters }) => reporters.errors.length > 0)) return EXIT.runtime;
    return outcomes.some((outcome) => outcome.report.summary.failed > 0) ? EXIT.failed : EXIT.ok;
  } catch (error) {
    process.stderr.write(`error: the run stopped unexpectedly: ${(error as Error)?.stack ?? String(error)}\n`);
    return EXIT.runtime;
  } finally {
    interrupts.dispose();
  }
}

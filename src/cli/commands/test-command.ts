/** `holodeck test`: load, select, start the backend, run, report, and choose the exit code. */
import { randomUUID } from 'node:crypto';
import { createBackend } from '../../backends/create-backend.js';
import type { AgentBackend } from '../../core/backend.js';
import type { AgentConfig } from '../../core/config-types.js';
import { loadTurnFiles } from '../../files/load-turn-files.js';
import { runSuite } from '../../runner/run-suite.js';
import { applyOverrides } from '../apply-overrides.js';
import { collectSecrets } from '../collect-secrets.js';
import { composeReporters } from '../compose-reporters.js';
import { createEvaluatorFactory } from '../create-evaluator-factory.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { gitCommit } from '../git-commit.js';
import { loadOrReport } from '../load-or-report.js';
import { readVersion } from '../read-version.js';
import { selectTestCases } from '../select-test-cases.js';
import { toTestOptions } from '../test-options.js';
import { watchInterrupts } from '../watch-interrupts.js';

export async function testCommand(configArg: string, raw: Record<string, unknown>, argv: string[]): Promise<ExitCode> {
  const options = toTestOptions(raw);
  const loaded = await loadOrReport(configArg);
  if (!loaded) return EXIT.config;
  const config = applyOverrides(loaded, options);
  const selection = selectTestCases(config.test_cases, options.filter, options.limit);
  if (!selection.ok) return usageError(selection.message);
  const startedAt = new Date().toISOString();
  const secrets = collectSecrets(config, process.env);
  const metadata = {
    cli_args: argv,
    config_snapshot: config,
    git_commit: await gitCommit(config.base_dir),
    holodeck_version: readVersion(),
    node_version: process.version,
    backend: config.backend.type,
    model: { provider: config.model.provider, name: config.model.name },
    started_at: startedAt,
  };
  const reporters = composeReporters(config, options, metadata, secrets);
  if (!reporters.ok) return usageError(reporters.message);
  const backend = await startBackend(config);
  if (!backend) return EXIT.runtime;
  return runWithBackend(config, selection.cases, backend, reporters.reporter);
}

async function startBackend(config: AgentConfig): Promise<AgentBackend | null> {
  try {
    return await createBackend(config, { env: process.env });
  } catch (error) {
    process.stderr.write(`error: the ${config.backend.type} backend could not start: ${(error as Error).message}\n`);
    return null;
  }
}

async function runWithBackend(
  config: AgentConfig,
  cases: AgentConfig['test_cases'],
  backend: AgentBackend,
  reporter: Parameters<typeof runSuite>[3]['reporter'],
): Promise<ExitCode> {
  const interrupts = watchInterrupts(() =>
    process.stderr.write('\ninterrupted: finishing the record of completed test cases (Ctrl-C again to quit now)\n'),
  );
  try {
    const outcome = await runSuite(
      config,
      cases,
      {
        run_id: randomUUID(),
        holodeck_version: readVersion(),
        parallel_test_cases: config.execution.parallel_test_cases,
        turn_timeout_ms: config.execution.llm_timeout * 1000,
      },
      {
        backend,
        createEvaluator: createEvaluatorFactory(config, process.env),
        loadFiles: loadTurnFiles,
        reporter,
        now: Date.now,
        signal: interrupts.signal,
      },
    );
    if (outcome.state === 'interrupted') return EXIT.interrupted;
    return outcome.report.summary.failed > 0 ? EXIT.failed : EXIT.ok;
  } catch (error) {
    process.stderr.write(`error: the run stopped unexpectedly: ${(error as Error)?.stack ?? String(error)}\n`);
    return EXIT.runtime;
  } finally {
    interrupts.dispose();
    await backend.close().catch(() => {});
  }
}

function usageError(message: string): ExitCode {
  process.stderr.write(`error: ${message}\n`);
  return EXIT.config;
}

/**
 * A case worker thread: builds its own backend (tools, MCP connections) and evaluators from the run's
 * configuration, then runs each conversation it is sent from first turn to last and posts its result, and
 * each finished turn for the reporters, to the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { remoteRateLimits } from '../../backends/ai-sdk/rate-limit/rate-limit-channel.js';
import { processRateLimits } from '../../backends/ai-sdk/rate-limit/rate-limit-registry.js';
import { remoteModelRecording } from '../../backends/ai-sdk/recording/recording-channel.js';
import { sendProcessWarnings } from '../../backends/ai-sdk/with-provider-warnings.js';
import { createBackend } from '../../backends/create-backend.js';
import { loadConfig } from '../../config/load-config.js';
import type { AgentBackend } from '../../core/backend.js';
import { protectClock, wallNow } from '../../core/clock.js';
import type { AgentConfig, TestCaseConfig } from '../../core/config-types.js';
import { thrownMessage } from '../../core/describe-thrown.js';
import { ToolSetupError } from '../../core/errors.js';
import { createRedactor } from '../../core/redactor.js';
import { loadTurnFiles } from '../../files/load-turn-files.js';
import { toJsonSafe } from '../../reporters/to-json-safe.js';
import type { RunDeps } from '../../runner/run-deps.js';
import { runTestCase } from '../../runner/run-test-case.js';
import { remoteToolWorkers } from '../../tools/tool-workers.js';
import { boundThreadOutput } from '../../workers/bound-thread-output.js';
import { flushThreadOutput } from '../../workers/flush-thread-output.js';
import { remoteUserCode } from '../../workers/user-code-channel.js';
import { useSharedWorkerPool } from '../../workers/worker-pool.js';
import type { Overrides } from '../apply-overrides.js';
import { collectSecrets } from '../collect-secrets.js';
import { startBeating } from '../event-loop-beat.js';
import { graderExports } from '../grader-export-reader.js';
import { exitNow, guardProcess } from '../guard-process.js';
import { blameRunningTurn } from '../guard-run.js';
import { isSetupFailure } from '../is-setup-failure.js';
import { loadEvaluatorFactory } from '../load-evaluator-factory.js';
import { loadOrReport, loadRunnableOrReport } from '../load-or-report.js';
import { matrixConfig } from '../matrix/plan-matrix.js';
import type { ModelOverride } from '../parse-model-option.js';
import { runPricing } from '../run-pricing.js';
import { RUN_STALL_GRACE_MS } from '../stall-guard.js';
import type { CaseWorkerStart, FromCaseWorker, ToCaseWorker } from './case-worker-protocol.js';
import { isCloneable } from './cloneable-case.js';

// First: the run's clock and timers are taken before any user code can stub them (core/clock.ts).
protectClock();

const port = parentPort;
if (port === null) throw new Error('case-worker.js runs only as a worker thread');
/**
 * A module agent's value that cannot cross threads (a function, a symbol, a WeakMap among its tool calls) is sent
 * as the report would write it (dropped, as without --workers), not left to throw.
 */
const post = (message: FromCaseWorker) => {
  try {
    port.postMessage(message);
  } catch (error) {
    if ((error as Error | null)?.name !== 'DataCloneError') throw error;
    port.postMessage(toJsonSafe(message) as unknown as FromCaseWorker);
  }
};
const data = workerData as CaseWorkerStart;
// The pool stops this thread if user code in it never returns to the event loop.
const beating = startBeating(data.beat);
// One limit for the whole run: the agent's and the judges' model calls take their permits from the main thread.
processRateLimits.useRemote(remoteRateLimits(data.rate_limits));
// Provider warnings are the run's, said once by the main thread: not once by each worker on its own stderr.
sendProcessWarnings((text) => post({ type: 'warning', text }));
// Function tools and code graders run in the main thread's user-code threads, shared by every worker.
const userCode = remoteUserCode(data.user_code);
useSharedWorkerPool({
  run: (call) => userCode.runnerFor('grader', call.target.location).call(call),
  close: async () => {},
});

// As in the main thread: process.exit, abort and kill of the process in user code fail the turn they ran in;
// an uncaught exception or unhandled rejection stops the run (exit 3) once the main thread hears of it.
guardProcess({
  cwd: process.cwd(),
  onUserExit: blameRunningTurn(process.stderr),
  onCrash: (description) => post({ type: 'crash', description }),
});
// A module agent printing without pause must not fill the thread's memory before its turn's time limit.
boundThreadOutput(process.stdout);
boundThreadOutput(process.stderr);

const running = new Map<number, AbortController>();
let backend: AgentBackend | null = null;

interface Loaded {
  readonly config: AgentConfig;
  readonly backend: AgentBackend;
  readonly cases: ReadonlyMap<string, TestCaseConfig>;
  readonly deps: Omit<RunDeps, 'signal' | 'reporter'>;
}

const ready: Promise<Loaded | null> = load().catch((error: unknown) => {
  post({ type: 'failed', message: thrownMessage(error) });
  return null;
});

async function load(): Promise<Loaded | null> {
  const { config_path, overrides, max_file_size_mb, offline, matrix_model, sent_suite, function_tools, ignored_env } =
    data;
  // When every case comes with its `run`, the test cases are not even read here (the main thread checked them);
  // nor are the function tools' modules imported: their calls run in the main thread's tool threads.
  const load: typeof loadConfig = (path, options) =>
    loadConfig(path, {
      ...options,
      function_tools,
      describe_grader: graderExports().describe,
      ...(sent_suite === null ? {} : { test_cases: 'skip' }),
    });
  const full =
    matrix_model === null
      ? await loadRunnable(config_path, overrides, max_file_size_mb, offline, load, ignored_env)
      : await loadMatrixCell(config_path, overrides, max_file_size_mb, matrix_model, load, ignored_env, offline);
  if (full === null) {
    // The issues were printed to this thread's stderr: they reach the main thread before it stops this thread.
    await flushThreadOutput();
    post({ type: 'failed', message: `the configuration ${config_path} could not be loaded` });
    return null;
  }
  // The main thread sends each case that is plain data with its `run`: this thread keeps only the others,
  // so its memory does not grow with the suite.
  const pricing = sent_suite?.pricing ?? runPricing(full, full.test_cases);
  const cases = new Map(full.test_cases.filter((c) => !isCloneable(c)).map((testCase) => [testCase.name, testCase]));
  const config: AgentConfig = { ...full, test_cases: [] };
  beating.running(config.execution.llm_timeout * 1000 + RUN_STALL_GRACE_MS);
  // The metric kinds to load: the agent's and those of the cases, as read here or as the main thread says.
  const evaluating: AgentConfig =
    sent_suite === null
      ? full
      : {
          ...config,
          evaluations: { ...config.evaluations, metrics: [...config.evaluations.metrics, ...sent_suite.metrics] },
        };
  // Requests are keyed after masking, as in the main thread: the same secrets make the same keys.
  const recording =
    data.model_calls === null || data.recording === null
      ? null
      : remoteModelRecording(
          data.model_calls,
          data.recording,
          createRedactor(collectSecrets(config, process.env, data.redact).secrets),
        );
  try {
    // Function tools run in the main thread's tool threads: one per tool module for the whole run.
    const tool_workers = remoteToolWorkers(userCode);
    backend = await createBackend(config, {
      env: process.env,
      tool_workers,
      ...(recording === null ? {} : { recording }),
    });
  } catch (error) {
    const message = thrownMessage(error);
    const tools = error instanceof ToolSetupError;
    const line = tools
      ? `the tools cannot be set up: ${message}`
      : `the ${config.backend.type} backend could not start: ${message}`;
    post({ type: 'failed', message, line, setup: isSetupFailure(error) });
    return null;
  }
  post({ type: 'ready', tool_names: backend.tool_names ?? null, tool_params: backend.tool_params ?? null });
  const deps = {
    backend,
    // Only the metric kinds of this config's agent, cases and turns load, as in the main thread.
    createEvaluator: await loadEvaluatorFactory(evaluating, evaluating.test_cases, process.env, recording ?? undefined),
    loadFiles: loadTurnFiles,
    now: wallNow,
    tool_policy: { fail_on_tool_error: config.execution.fail_on_tool_error === true },
    pricing,
  };
  return { config, backend, cases, deps };
}

port.on('message', (message: ToCaseWorker) => {
  if (message.type === 'run') void run(message.id, message.test_name, message.test_case);
  else if (message.type === 'cancel') running.get(message.id)?.abort();
  else void close();
});

async function run(id: number, name: string, sent: TestCaseConfig | undefined): Promise<void> {
  const loaded = await ready;
  if (loaded === null) return;
  const testCase = sent ?? loaded.cases.get(name);
  if (testCase === undefined) {
    post({ type: 'failed', message: `the worker thread's configuration has no test case named ${name}` });
    return;
  }
  const controller = new AbortController();
  running.set(id, controller);
  try {
    const { config } = loaded;
    const outcome = await runTestCase(testCase, config.evaluations.metrics, config.execution.llm_timeout * 1000, {
      ...loaded.deps,
      reporter: { onTurnEnd: (test_name, turn) => post({ type: 'turn', id, test_name, turn }) },
      signal: controller.signal,
    });
    post({ type: 'done', id, run: outcome });
  } finally {
    running.delete(id);
  }
}

async function close(): Promise<void> {
  for (const controller of running.values()) controller.abort();
  await backend?.close().catch(() => {});
  userCode.close();
  post({ type: 'closed' });
  exitNow(0);
}

/** A model matrix's cell: the configuration as the matrix makes it for this model (checked by the main thread). */
async function loadMatrixCell(
  configPath: string,
  overrides: Overrides,
  maxFileSize: number | undefined,
  model: ModelOverride,
  load: typeof loadConfig,
  ignoredEnv: readonly string[],
  offline: boolean,
): Promise<AgentConfig | null> {
  const loaded = await loadOrReport(configPath, load, maxFileSize, ignoredEnv, offline);
  return loaded === null ? null : matrixConfig(loaded, overrides, model);
}

/** The configuration as the main thread runs it (overrides applied, checked that it can run). */
async function loadRunnable(
  configPath: string,
  overrides: Overrides,
  maxFileSize: number | undefined,
  offline: boolean,
  load: typeof loadConfig,
  ignoredEnv: readonly string[],
): Promise<AgentConfig | null> {
  const loaded = await loadOrReport(configPath, load, maxFileSize, ignoredEnv, offline);
  return loaded === null ? null : loadRunnableOrReport(configPath, overrides, maxFileSize, offline, loaded);
}

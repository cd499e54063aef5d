/** How many case worker threads a run gets: `--workers`, else HOLODECK_WORKERS, else 1 (none: in-process). */
import type { ModelRecording } from '../../backends/ai-sdk/recording/model-recording.js';
import type { AgentConfig, GivenFunctionTool } from '../../core/config-types.js';
import type { Overrides } from '../apply-overrides.js';
import { overriddenEnvNames } from '../overridden-env.js';
import type { ModelOverride } from '../parse-model-option.js';
import type { CaseWorkerData } from './case-worker-protocol.js';
import { isCloneable } from './cloneable-case.js';
import { sentSuite } from './sent-suite.js';

export type WorkerCount =
  | { readonly ok: true; readonly workers: number }
  | { readonly ok: false; readonly message: string };

/** Far more threads than any machine runs cases on at once: a larger count is a slip, not a plan. */
export const MAX_WORKERS = 256;

export function resolveWorkers(option: number | undefined, env: NodeJS.ProcessEnv): WorkerCount {
  if (option !== undefined) return bounded('--workers', option);
  const raw = env['HOLODECK_WORKERS']?.trim();
  if (raw === undefined || raw === '') return { ok: true, workers: 1 };
  if (!/^[1-9]\d*$/.test(raw)) {
    return { ok: false, message: `HOLODECK_WORKERS must be a positive whole number, got ${JSON.stringify(raw)}` };
  }
  return bounded('HOLODECK_WORKERS', Number(raw));
}

function bounded(name: string, workers: number): WorkerCount {
  if (workers <= MAX_WORKERS) return { ok: true, workers };
  return {
    ok: false,
    message: `${name} must be at most ${MAX_WORKERS} (each worker thread loads the agent and its tools), got ${workers}`,
  };
}

/**
 * What each case worker loads: the same configuration file with the same overrides as the main thread (without
 * its test cases when each can be sent with its run).
 */
export function caseWorkerData(
  config: AgentConfig,
  overrides: Overrides,
  maxFileSize: number | undefined,
  offline: boolean,
  redact: readonly string[],
  recording: ModelRecording | null,
  /** In a model matrix: the cell's model. */
  matrixModel: ModelOverride | null = null,
): CaseWorkerData {
  const { backend, model, timeout, parallelTestCases, failOnToolError, repeat, minPassRate } = overrides;
  return {
    config_path: config.config_path,
    overrides: { backend, model, timeout, parallelTestCases, failOnToolError, repeat, minPassRate },
    max_file_size_mb: maxFileSize,
    offline,
    redact,
    recording: recording?.mode ?? null,
    matrix_model: matrixModel,
    sent_suite: sentSuite(config),
    function_tools: givenFunctionTools(config),
    ignored_env: overriddenEnvNames(overrides),
  };
}

/** The function tools' definitions that can be sent to a worker as data, by tool name. */
export function givenFunctionTools(config: AgentConfig): Record<string, GivenFunctionTool> {
  const given: Record<string, GivenFunctionTool> = {};
  for (const tool of config.tools) {
    if (tool.type !== 'function') continue;
    const { description, parameters } = tool.definition;
    if (!isCloneable(parameters)) continue;
    given[tool.name] = { file: tool.file, function: tool.function, description, parameters };
  }
  return given;
}

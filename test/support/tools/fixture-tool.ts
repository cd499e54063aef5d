/** A function tool of test/support/tools/fixtures/tools.ts, loaded as the configuration loader does. */
import { fileURLToPath } from 'node:url';
import type { FunctionToolConfig, ResolvedFunctionTool } from '../../../src/core/config-types.js';
import { ToolServerCrashedError } from '../../../src/core/errors.js';
import type { LoadedTool } from '../../../src/core/loaded-tool.js';
import { importModuleExport } from '../../../src/loader/import-user-export.js';
import { functionTool } from '../../../src/tools/function-tool.js';
import { ToolExecutionError } from '../../../src/tools/tool-execution-error.js';
import type { ToolWorkers } from '../../../src/tools/tool-workers.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

export const FIXTURE_SCHEMA = { type: 'object', properties: { a: { type: 'number' } } };

/** The export `name` of the fixture module as a tool run on `workers`. */
export async function fixtureTool(name: string, workers: ToolWorkers): Promise<LoadedTool> {
  const loaded = await importModuleExport('tools.ts', name, FIXTURES);
  if (!loaded.ok) throw new Error(loaded.message);
  const value = loaded.value as { description?: string; parameters?: Record<string, unknown> };
  const definition: ResolvedFunctionTool = {
    description: typeof value === 'function' ? `the ${name} tool` : (value.description ?? ''),
    parameters: typeof value === 'function' ? FIXTURE_SCHEMA : (value.parameters ?? FIXTURE_SCHEMA),
    execute: () => {
      throw new Error('function tools run in their worker, not here');
    },
  };
  const config: FunctionToolConfig = {
    type: 'function',
    name,
    description: null,
    file: loaded.module,
    function: name,
    parameters: null,
    definition,
  };
  return functionTool(config, workers);
}

/** The error a turn that ran out of time aborts its signal with. */
export const turnTimeout = (ms: number) =>
  Object.assign(new Error(`turn timed out after ${ms / 1000}s (llm_timeout)`), {
    code: 'TURN_TIMEOUT',
    timeout_ms: ms,
  });

/**
 * The error a call failed with: a tool error, or a crash of what ran it (a worker thread that ended under the
 * call); anything else fails the test.
 */
export async function toolFailure(promise: Promise<unknown>): Promise<ToolExecutionError | ToolServerCrashedError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (error instanceof ToolExecutionError || error instanceof ToolServerCrashedError) return error;
  throw new Error(`expected a ToolExecutionError or a ToolServerCrashedError, got ${String(error)}`);
}

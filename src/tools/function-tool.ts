/**
 * A function tool from a user module, already resolved and checked by the configuration loader, run in the
 * worker thread of its module (see tool-workers.ts). The tool gets `(args, { signal })`; when the turn times out
 * or the run is interrupted, the call fails at once (`tool X timed out after N s`), the signal is aborted in the
 * worker, and a worker too busy to notice — a synchronous loop — is terminated and replaced. A call whose worker
 * ended under it fails as a crash (ToolServerCrashedError): its turn errors, whatever the agent makes of it.
 */
import type { FunctionToolConfig } from '../core/config-types.js';
import { ToolServerCrashedError } from '../core/errors.js';
import type { LoadedTool } from '../core/loaded-tool.js';
import { toolTarget } from '../workers/user-code-target.js';
import type { HostOutcome } from '../workers/worker-host.js';
import { abortMessage } from './abort-message.js';
import { ToolExecutionError } from './tool-execution-error.js';
import type { ToolWorkers } from './tool-workers.js';

/** `baseDir`: the configuration's folder, which a package named by `file` resolves from. */
export function functionTool(
  config: FunctionToolConfig,
  workers: ToolWorkers,
  baseDir: string | null = null,
): LoadedTool {
  const { definition, name } = config;
  const target = toolTarget(config.file, config.function, baseDir);
  const host = target === null ? null : workers.hostFor(target.location);
  return {
    name,
    description: definition.description,
    input_schema: definition.parameters,
    async execute(args, signal) {
      if (target === null || host === null) {
        throw new ToolExecutionError(`tool ${name} was not loaded from a module, so it cannot be run`);
      }
      const outcome = await host.call({ target, input: args, label: `tool ${name}`, signal });
      return { value: returnedValue(name, outcome), content: null };
    },
  };
}

function returnedValue(name: string, outcome: HostOutcome): unknown {
  switch (outcome.kind) {
    case 'returned':
      return outcome.value;
    case 'threw':
      // A call that tried to end the run errors its turn, as one that called process.exit does.
      if (outcome.refused === true) throw new ToolServerCrashedError(name, `tool ${name}: ${outcome.message}`);
      // An empty message would reach the model as an empty result, which reads as success.
      throw new ToolExecutionError(
        outcome.message.trim() === '' ? `tool ${name} threw an error with no message` : outcome.message,
      );
    case 'aborted': {
      // A call that waited behind another of its module's calls never ran: the one that held the thread is named.
      const behind =
        outcome.blocked_by === undefined
          ? ''
          : ` — it never started: ${outcome.blocked_by}, in the same worker thread, held it`;
      throw new ToolExecutionError(`${abortMessage(name, outcome.reason)}${behind}`, { cause: outcome.reason });
    }
    case 'timed_out':
      throw new ToolExecutionError(`tool ${name} timed out`);
    case 'worker_ended':
      // The call never gave its result: its thread ended under it (process.exit, a crash, another tool of the
      // module that did either) or lost the module's state. Like a tool server that died, the turn errors.
      throw new ToolServerCrashedError(name, `tool ${name} ${outcome.message}`);
    case 'unsendable':
      throw new ToolExecutionError(`tool ${name} ${outcome.message}`);
    case 'load_failed':
      throw new ToolExecutionError(`tool ${name} could not be loaded in its worker thread: ${outcome.message}`);
  }
}

/** A function tool from a user module, already resolved by the configuration loader. */
import type { FunctionToolConfig } from '../core/config-types.js';
import type { LoadedTool } from '../core/loaded-tool.js';
import { toJsonValue } from './to-json-value.js';
import { errorMessage, ToolExecutionError } from './tool-execution-error.js';

export function functionTool(config: FunctionToolConfig): LoadedTool {
  const { definition } = config;
  return {
    name: config.name,
    description: definition.description,
    input_schema: definition.parameters,
    async execute(args) {
      try {
        return toJsonValue(await definition.execute(args));
      } catch (error) {
        throw new ToolExecutionError(errorMessage(error), { cause: error });
      }
    },
  };
}

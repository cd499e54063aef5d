/** Our loaded tools as AI SDK tools: arguments checked against the schema, every execution timed by call id. */
import { jsonSchema, type ToolSet as SdkToolSet, tool } from 'ai';
import type { LoadedTool } from '../../core/loaded-tool.js';
import { type ArgumentValidator, createArgumentValidator } from '../../tools/argument-validator.js';

/** Milliseconds each executed tool call took, keyed by tool-call id. */
export type ToolTimings = Map<string, number>;

const validators = new WeakMap<LoadedTool, ArgumentValidator>();

function validatorFor(loaded: LoadedTool): ArgumentValidator {
  let validator = validators.get(loaded);
  if (validator === undefined) {
    validator = createArgumentValidator(loaded.input_schema);
    validators.set(loaded, validator);
  }
  return validator;
}

export function toAiSdkTools(
  tools: readonly LoadedTool[],
  timings: ToolTimings,
  fallbackSignal: AbortSignal,
): SdkToolSet {
  const out: SdkToolSet = {};
  for (const loaded of tools) {
    const validate = validatorFor(loaded);
    out[loaded.name] = tool({
      description: loaded.description,
      inputSchema: jsonSchema<Record<string, unknown>>(
        { ...loaded.input_schema },
        {
          validate: (value) => {
            const check = validate(value);
            return check.ok
              ? { success: true, value: check.value }
              : { success: false, error: new Error(check.message) };
          },
        },
      ),
      execute: async (args, options) => {
        const started = performance.now();
        try {
          return await loaded.execute(args, options.abortSignal ?? fallbackSignal);
        } finally {
          timings.set(options.toolCallId, Math.round((performance.now() - started) * 1000) / 1000);
        }
      },
    });
  }
  return out;
}

/**
 * Our loaded tools as AI SDK tools: arguments checked against the schema, every execution timed by call id,
 * the model shown a tool's content (MCP text and images) rather than its recorded value, and calls that
 * failed because their server died collected for the turn.
 */
import { jsonSchema, type ToolSet as SdkToolSet, type ToolResultPart, tool } from 'ai';
import type { ToolCallJournal } from '../../core/backend.js';
import { thrownMessage } from '../../core/describe-thrown.js';
import { ToolServerCrashedError } from '../../core/errors.js';
import type { LoadedTool, ToolContentPart, ToolOutput } from '../../core/loaded-tool.js';
import { type ArgumentValidator, createArgumentValidator } from '../../tools/argument-validator.js';

type ToolResultOutput = ToolResultPart['output'];

/** Milliseconds each executed tool call took, keyed by tool-call id. */
export type ToolTimings = Map<string, number>;

/** What one turn's tool executions tell the session besides their results. */
export interface TurnToolLog {
  readonly timings: ToolTimings;
  /** Tool servers that died during the turn, one message each. */
  readonly crashes: Set<string>;
  /** Told of each call as it settles (see TurnRequest.calls). */
  readonly journal?: ToolCallJournal | undefined;
}

export interface AiSdkToolOptions {
  /** Whether the model takes images in tool results (else it gets a placeholder text). */
  readonly images: boolean;
}

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
  log: TurnToolLog,
  fallbackSignal: AbortSignal,
  options: AiSdkToolOptions,
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
      execute: async (args, execution): Promise<ToolOutput> => {
        const started = performance.now();
        const elapsed = () => Math.round((performance.now() - started) * 1000) / 1000;
        try {
          const output = await loaded.execute(args, execution.abortSignal ?? fallbackSignal);
          log.journal?.record({ name: loaded.name, args, result: output.value, error: null, duration_ms: elapsed() });
          return output;
        } catch (error) {
          if (error instanceof ToolServerCrashedError) log.crashes.add(error.message);
          const message = thrownMessage(error);
          log.journal?.record({ name: loaded.name, args, result: null, error: message, duration_ms: elapsed() });
          throw error;
        } finally {
          log.timings.set(execution.toolCallId, elapsed());
        }
      },
      toModelOutput: ({ output }) => toModelOutput(output, options),
    });
  }
  return out;
}

/** A tool's output as the model reads it: its content when it has some, else its value (text or JSON). */
export function toModelOutput(output: ToolOutput, options: AiSdkToolOptions): ToolResultOutput {
  if (output.content === null) {
    const value = output.value ?? null;
    return typeof value === 'string' ? { type: 'text', value } : { type: 'json', value: value as never };
  }
  const hasImage = output.content.some((part) => part.type === 'image');
  if (!hasImage || !options.images) return { type: 'text', value: contentText(output.content) };
  return {
    type: 'content',
    value: output.content.map((part) =>
      part.type === 'text'
        ? { type: 'text' as const, text: part.text }
        : { type: 'image-data' as const, data: part.data, mediaType: part.media_type },
    ),
  };
}

/** Text parts as they are, images as their placeholder (`[image image/png, 12 KB]`), one per line. */
function contentText(parts: readonly ToolContentPart[]): string {
  return parts.map((part) => (part.type === 'text' ? part.text : part.placeholder)).join('\n');
}

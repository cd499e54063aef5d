/**
 * The agent's tools for the tool loop, made once per agent: their definitions as the provider takes them
 * (name, description, JSON Schema), their argument checks, and the execution of one call — timed per call,
 * told to the turn's journal, the model shown a tool's content (MCP text and images) rather than its recorded
 * value, and calls that failed because their server died collected for the turn.
 */
import type { ToolCallJournal } from '../../core/backend.js';
import { monotonicNow } from '../../core/clock.js';
import { thrownMessage } from '../../core/describe-thrown.js';
import { ToolServerCrashedError } from '../../core/errors.js';
import type { LoadedTool, ToolContentPart, ToolOutput } from '../../core/loaded-tool.js';
import { type ArgumentValidator, createArgumentValidator } from '../../tools/argument-validator.js';
import type { ProviderTool, ToolResultOutput } from './provider-model.js';

/**
 * Milliseconds each executed tool call took, keyed by the call itself: a model may give two calls one id.
 */
export type ToolTimings = Map<object, number>;

/** What one turn's tool executions tell the session besides their results. */
export interface TurnToolLog {
  readonly timings: ToolTimings;
  /** Tool servers that died during the turn, one message each. */
  readonly crashes: Set<string>;
  /** Told of each call as it settles (see TurnRequest.calls). */
  readonly journal?: ToolCallJournal | undefined;
}

export interface AgentToolOptions {
  /** Whether the model takes images in tool results (else it gets a placeholder text). */
  readonly images: boolean;
}

export interface AgentTool {
  readonly loaded: LoadedTool;
  /** The arguments as the tool takes them, or why they are refused. */
  readonly validate: ArgumentValidator;
}

export interface AgentTools {
  /** The definitions sent with every request; undefined when the agent has no tools. */
  readonly definitions: readonly ProviderTool[] | undefined;
  readonly byName: ReadonlyMap<string, AgentTool>;
  readonly options: AgentToolOptions;
}

export function createAgentTools(tools: readonly LoadedTool[], options: AgentToolOptions): AgentTools {
  const byName = new Map<string, AgentTool>();
  const definitions: ProviderTool[] = [];
  for (const loaded of tools) {
    byName.set(loaded.name, { loaded, validate: createArgumentValidator(loaded.input_schema) });
    definitions.push({
      type: 'function',
      name: loaded.name,
      description: loaded.description,
      inputSchema: { ...loaded.input_schema },
    });
  }
  return { definitions: definitions.length === 0 ? undefined : definitions, byName, options };
}

/** Runs one checked call; a throw is the tool's error, after the journal and the crash list are told. */
export async function executeTool(
  tool: AgentTool,
  call: { readonly toolCallId: string; readonly input: Record<string, unknown> },
  log: TurnToolLog,
  signal: AbortSignal,
): Promise<ToolOutput> {
  const { loaded } = tool;
  const args = call.input;
  const started = monotonicNow();
  const elapsed = () => Math.round((monotonicNow() - started) * 1000) / 1000;
  try {
    const output = await loaded.execute(args, signal);
    log.journal?.record({ name: loaded.name, args, result: output.value, error: null, duration_ms: elapsed() });
    return output;
  } catch (error) {
    if (error instanceof ToolServerCrashedError) log.crashes.add(error.message);
    const message = thrownMessage(error);
    log.journal?.record({ name: loaded.name, args, result: null, error: message, duration_ms: elapsed() });
    throw error;
  } finally {
    log.timings.set(call, elapsed());
  }
}

/** A tool's output as the model reads it: its content when it has some, else its value (text or JSON). */
export function toModelOutput(output: ToolOutput, options: AgentToolOptions): ToolResultOutput {
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

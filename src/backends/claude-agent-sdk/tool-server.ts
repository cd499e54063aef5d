/**
 * Our tools (function tools and the tools of configured MCP servers) as one in-process MCP server that
 * Claude Code calls through the SDK. Each call's arguments are checked against the tool's schema, the
 * tool runs with the turn's abort signal, and the call (result or error, and how long it took) is
 * reported under the tool's configured name, keyed by Claude Code's tool-use id.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { CLAUDE_TOOL_NAME_PREFIX, CLAUDE_TOOL_SERVER_NAME } from '../../core/claude-tool-names.js';
import { monotonicNow } from '../../core/clock.js';
import { ToolServerCrashedError } from '../../core/errors.js';
import { followAny } from '../../core/follow-any.js';
import type { LoadedTool, ToolOutput } from '../../core/loaded-tool.js';
import { type ArgumentValidator, createArgumentValidator } from '../../tools/argument-validator.js';
import { errorMessage } from '../../tools/tool-execution-error.js';

export const TOOL_SERVER_NAME = CLAUDE_TOOL_SERVER_NAME;
/** How Claude Code names our tools towards the model: `mcp__holodeck__subtract`. */
export const TOOL_NAME_PREFIX = CLAUDE_TOOL_NAME_PREFIX;
/**
 * The longest tool result Claude Code hands to the model whole, in characters: the most an MCP tool may ask for
 * (`anthropic/maxResultSizeChars`; without it, 50,000). A longer one is saved to a file, and the model is given
 * `<persisted-output>`: a preview of its start and the file's path (merge-tool-calls.ts records that).
 */
export const MAX_RESULT_CHARS = 500_000;
/** Where Claude Code puts the tool-use id in a tools/call request. */
const TOOL_USE_ID_META = 'claudecode/toolUseId';

export interface ToolCallRecord {
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly result: unknown;
  readonly error: string | null;
  readonly duration_ms: number | null;
  /** The arguments did not fit the tool's schema: no tool ran. */
  readonly args_refused?: true;
}

export interface ToolCallSink {
  /** The signal for tool executions: aborted when the turn is cut short. */
  signal(): AbortSignal;
  record(toolUseId: string | null, call: ToolCallRecord): void;
  /** A tool server died during the turn (the turn errors with this message). */
  crashed?(message: string): void;
}

const validators = new WeakMap<LoadedTool, ArgumentValidator>();

export function createToolServer(tools: readonly LoadedTool[], sink: ToolCallSink): McpServer {
  const server = new McpServer({ name: TOOL_SERVER_NAME, version: '1.0.0' }, { capabilities: { tools: {} } });
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  server.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools.map(describeTool) }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name } = request.params;
    const args = request.params.arguments ?? {};
    const id = toolUseIdOf(request.params._meta);
    const tool = byName.get(name);
    if (tool === undefined) return failed(`no tool named ${name}`);
    const check = validatorFor(tool)(args);
    if (!check.ok) {
      const message = `invalid arguments for tool ${name}: ${check.message}`;
      sink.record(id, { name, args, result: null, error: message, duration_ms: null, args_refused: true });
      return failed(message);
    }
    const started = monotonicNow();
    const elapsed = () => Math.round((monotonicNow() - started) * 1000) / 1000;
    const either = followAny([extra.signal, sink.signal()]);
    try {
      const output = await tool.execute(check.value, either.signal);
      sink.record(id, { name, args, result: output.value ?? null, error: null, duration_ms: elapsed() });
      return { content: toolContent(output) };
    } catch (error) {
      if (error instanceof ToolServerCrashedError) sink.crashed?.(error.message);
      const message = errorMessage(error);
      sink.record(id, { name, args, result: null, error: message, duration_ms: elapsed() });
      return failed(message);
    } finally {
      either.dispose();
    }
  });
  return server;
}

/** What the model is shown: the tool's content (text and images, as MCP carries them), else its value. */
function toolContent(output: ToolOutput): CallToolResult['content'] {
  if (output.content === null) return [{ type: 'text', text: renderToolOutput(output.value) }];
  return output.content.map((part) =>
    part.type === 'text'
      ? { type: 'text' as const, text: part.text }
      : { type: 'image' as const, data: part.data, mimeType: part.media_type },
  );
}

/** What the model reads as a tool's value: text as it is, anything else as JSON. */
export function renderToolOutput(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return 'null';
  return JSON.stringify(value) ?? String(value);
}

function describeTool(tool: LoadedTool): Tool {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: { ...tool.input_schema, type: 'object' },
    // Offered to the model up front, never deferred behind a tool search; results handed over whole up to the most
    // Claude Code allows, as the ai_sdk backend hands them over.
    _meta: { 'anthropic/alwaysLoad': true, 'anthropic/maxResultSizeChars': MAX_RESULT_CHARS },
  };
}

function validatorFor(tool: LoadedTool): ArgumentValidator {
  let validator = validators.get(tool);
  if (validator === undefined) {
    validator = createArgumentValidator(tool.input_schema);
    validators.set(tool, validator);
  }
  return validator;
}

function toolUseIdOf(meta: Readonly<Record<string, unknown>> | undefined): string | null {
  const id = meta?.[TOOL_USE_ID_META];
  return typeof id === 'string' && id !== '' ? id : null;
}

function failed(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

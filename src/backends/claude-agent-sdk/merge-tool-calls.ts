/**
 * A turn's tool invocations from three sources: the model's `tool_use` blocks (order, name, arguments),
 * the `tool_result` blocks Claude Code sent back (errors for calls that never reached a tool, e.g. an
 * unknown tool), and our tool server's records (the tool's own return value and its duration). A call of a
 * tool the agent was not offered (a name the model made up, a built-in not in `builtin_tools`) is marked
 * `unknown_tool`: Claude Code refused it, and no assertion may count it as the tool it resembles. A result
 * Claude Code did not hand to the model (too long) is recorded as the error it is for the agent.
 */
import type { ToolInvocation } from '../../core/tool-invocation.js';
import { MAX_RESULT_CHARS, TOOL_NAME_PREFIX, type ToolCallRecord } from './tool-server.js';

/**
 * What a call of ours whose result Claude Code kept from the model records as its error: Claude Code saved the
 * result to a file and gave the model `<persisted-output>` (a preview and the file's path) instead.
 */
export const RESULT_WITHHELD = `the model was not given this result: it is over the ${MAX_RESULT_CHARS.toLocaleString('en-US')} characters Claude Code hands over, so Claude Code gave the model a preview of its start and the path of a file holding it (<persisted-output>)`;

export interface ToolUse {
  readonly id: string;
  /** As the model wrote it, e.g. `mcp__holodeck__subtract`. */
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
}

export interface ToolResultBlock {
  readonly is_error: boolean;
  readonly text: string;
}

export interface ToolCallSources {
  readonly uses: readonly ToolUse[];
  readonly results: ReadonlyMap<string, ToolResultBlock>;
  readonly records: ReadonlyMap<string, ToolCallRecord>;
  /** Records whose tool-use id was not passed along, in call order. */
  readonly unmatched: readonly ToolCallRecord[];
  /** The tools the agent was offered, named as the model calls them (`Read`, `mcp__holodeck__subtract`). */
  readonly offered: ReadonlySet<string>;
}

export function mergeToolCalls(sources: ToolCallSources): readonly ToolInvocation[] {
  const unmatched = [...sources.unmatched];
  return sources.uses.map((use) => {
    const name = configuredName(use.name);
    const record = sources.records.get(use.id) ?? takeFirst(unmatched, (r) => r.name === name);
    const block = sources.results.get(use.id);
    const blockError = block?.is_error === true ? toolErrorText(block.text) : null;
    if (!sources.offered.has(use.name)) {
      // A bare name of one of our tools (`Read` for mcp__holodeck__Read) reached no tool: said, since both read `Read`.
      const ours = sources.offered.has(`${TOOL_NAME_PREFIX}${use.name}`)
        ? ` (the agent's tool ${use.name} is offered as ${TOOL_NAME_PREFIX}${use.name})`
        : '';
      const error = (blockError ?? `no tool named ${use.name} was offered to the agent`) + ours;
      return { name, args: use.args, result: null, error, duration_ms: null, unknown_tool: true as const };
    }
    if (record !== undefined) {
      const error = record.error ?? blockError ?? (block !== undefined && withheld(block) ? RESULT_WITHHELD : null);
      return {
        name,
        args: use.args,
        result: error === null ? record.result : null,
        error,
        duration_ms: record.duration_ms,
        ...(record.args_refused === true ? { args_refused: true as const } : {}),
      };
    }
    const result = block !== undefined && !block.is_error ? block.text : null;
    return { name, args: use.args, result, error: blockError, duration_ms: null };
  });
}

/** `mcp__holodeck__subtract` → `subtract`; built-in tools (`Read`) and unknown names stay as they are. */
export function configuredName(name: string): string {
  return name.startsWith(TOOL_NAME_PREFIX) ? name.slice(TOOL_NAME_PREFIX.length) : name;
}

/** Claude Code gave the model a stand-in for a result too long to hand over. */
function withheld(block: ToolResultBlock): boolean {
  return !block.is_error && block.text.startsWith('<persisted-output>');
}

/** Claude Code wraps its own tool errors: `<tool_use_error>Error: No such tool…</tool_use_error>`. */
function toolErrorText(text: string): string {
  const inner = /<tool_use_error>([\s\S]*?)<\/tool_use_error>/.exec(text)?.[1];
  return (inner ?? text).trim();
}

function takeFirst<T>(items: T[], match: (item: T) => boolean): T | undefined {
  const index = items.findIndex(match);
  return index < 0 ? undefined : items.splice(index, 1)[0];
}

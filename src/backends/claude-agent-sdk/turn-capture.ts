/**
 * Reads the messages Claude Code streams during one turn and turns them into our TurnResponse: the
 * answer, the tool invocations, the turn's token usage (the `result` message carries it for the turn),
 * and the retries (`system/api_retry`). An error result becomes a failure to classify. A response the provider's
 * content filter stopped (`stop_reason: refusal`) marks the answer `content_filter`, as under the AI SDK backend:
 * Claude Code asks the model once to answer anew, and that answer is the turn's; a second refusal ends the turn,
 * its answer the refused text.
 */
import type { SDKMessage, SDKResultMessage } from '@anthropic-ai/claude-agent-sdk';
import type { TurnResponse } from '../../core/backend.js';
import { isRecord } from '../../core/is-record.js';
import { addUsage, type TokenUsage, ZERO_USAGE } from '../../core/token-usage.js';
import { mergeToolCalls, type ToolResultBlock, type ToolUse } from './merge-tool-calls.js';
import type { ToolCallRecord } from './tool-server.js';

export interface TurnFailure {
  /** Claude Code's own description, e.g. `API Error: 500 …`. */
  readonly text: string;
  /** Claude Code's error category (`authentication_failed`, `rate_limit`, …), when it gave one. */
  readonly kind: string | null;
  readonly status: number | null;
  readonly retries: number;
  /** What the turn's model calls used before it failed. */
  readonly usage: TokenUsage;
}

export type TurnOutcome =
  | {
      readonly ok: true;
      readonly response: TurnResponse;
      /** The turn's last transcript entry: where a restarted session resumes. */
      readonly anchor: string | null;
    }
  | { readonly ok: false; readonly failure: TurnFailure };

type Block = Readonly<Record<string, unknown>>;

/** The model Claude Code names on a message it writes in the model's place. */
const SYNTHETIC_MODEL = '<synthetic>';

export class TurnCapture {
  private readonly uses: ToolUse[] = [];
  private readonly results = new Map<string, ToolResultBlock>();
  private readonly records = new Map<string, ToolCallRecord>();
  private readonly unmatched: ToolCallRecord[] = [];
  private retries = 0;
  private anchor: string | null = null;
  private errorKind: string | null = null;
  private lastMessageId: string | null = null;
  private lastText = '';
  /** A response of this turn was stopped by the content filter. */
  private refused = false;
  /**
   * Whether the next model response goes on from the last one: Claude Code asked it to, in a message of its own
   * (`isSynthetic`: `Output token limit hit. Resume directly …`) after a response without tool calls.
   */
  private goesOn = false;
  private lastCalledTools = false;
  /** The text of the responses cut off at the token limit that the last one goes on from. */
  private cutText = '';
  /** Each model response's usage, by message id (Claude Code repeats a response's usage on each of its blocks). */
  private readonly usageById = new Map<string, TokenUsage>();
  /** The model response streaming now, with its usage as the stream said it so far. */
  private streaming: { readonly id: string; readonly usage: Readonly<Record<string, unknown>> } | null = null;
  sessionId: string | null = null;

  /**
   * `maxTurns`: the model calls the turn may make (its step limit), named when the turn stops there; `offered`:
   * the tools the agent was offered, as the model names them (a call of any other is an unknown tool's).
   */
  constructor(
    private readonly maxTurns: number,
    private readonly offered: ReadonlySet<string>,
  ) {}

  /** A call our tool server ran during this turn. */
  record(toolUseId: string | null, call: ToolCallRecord): void {
    if (toolUseId === null) this.unmatched.push(call);
    else this.records.set(toolUseId, call);
  }

  /** Feeds the next message; returns the turn's outcome once its `result` arrived. */
  add(message: SDKMessage): TurnOutcome | null {
    if ('session_id' in message && typeof message.session_id === 'string') this.sessionId = message.session_id;
    switch (message.type) {
      case 'system':
        if (message.subtype === 'api_retry') this.retries += 1;
        return null;
      case 'assistant':
        if (message.parent_tool_use_id === null) this.addAssistant(message.uuid, message.message, message.error);
        return null;
      case 'user':
        if (message.parent_tool_use_id !== null) return null;
        this.addUser(message.uuid, message.message.content);
        // After a refusal Claude Code asks the model to answer anew, in a message naming the refused response: the
        // new answer replaces the refused one instead of going on from it.
        if (asksAnewAfterRefusal(message)) this.refused = true;
        else if (message.isSynthetic === true && !this.lastCalledTools && this.lastMessageId !== null)
          this.goesOn = true;
        return null;
      case 'stream_event':
        if (message.parent_tool_use_id === null) this.addStreamEvent(message.event);
        return null;
      case 'result':
        return this.finish(message);
      default:
        return null;
    }
  }

  private addAssistant(
    uuid: string,
    message: { id: string; content: readonly unknown[]; usage?: unknown; model?: string },
    error: unknown,
  ): void {
    this.anchor = uuid;
    // The streamed counts, when there are, are the response's own; an assistant message repeats the start's.
    const streamed = this.streaming?.id === message.id;
    if (message.usage !== undefined && message.usage !== null && !streamed) {
      this.usageById.set(message.id, usageOf(message.usage));
    }
    if (typeof error === 'string') this.errorKind = error;
    // Claude Code's own words in the model's place (`API Error: …`), which its result repeats: no model's answer.
    if (message.model === SYNTHETIC_MODEL) return;
    if (message.id !== this.lastMessageId) {
      // A response that goes on from one cut off at the token limit is the rest of the same answer.
      this.cutText = this.goesOn ? this.cutText + this.lastText : '';
      this.goesOn = false;
      this.lastCalledTools = false;
      this.lastMessageId = message.id;
      this.lastText = '';
    }
    for (const block of blocksOf(message.content)) {
      if (block['type'] === 'text' && typeof block['text'] === 'string') this.lastText += block['text'];
      if (block['type'] === 'tool_use' && typeof block['id'] === 'string' && typeof block['name'] === 'string') {
        this.uses.push({ id: block['id'], name: block['name'], args: argsOf(block['input']) });
        this.lastCalledTools = true;
      }
    }
  }

  /**
   * A model response as it streams: its usage at its start, then the final counts at its end (`message_delta`), which
   * the assistant messages do not carry (they are sent at the end of each block, with the start's counts).
   */
  private addStreamEvent(event: unknown): void {
    if (!isRecord(event)) return;
    const message = event['message'];
    if (event['type'] === 'message_start' && isRecord(message) && typeof message['id'] === 'string') {
      this.streaming = { id: message['id'], usage: isRecord(message['usage']) ? message['usage'] : {} };
      this.usageById.set(message['id'], usageOf(this.streaming.usage));
    } else if (event['type'] === 'message_delta' && this.streaming !== null && isRecord(event['usage'])) {
      const usage = { ...this.streaming.usage, ...definedCounts(event['usage']) };
      this.streaming = { id: this.streaming.id, usage };
      this.usageById.set(this.streaming.id, usageOf(usage));
    }
  }

  private addUser(uuid: string | undefined, content: unknown): void {
    if (uuid !== undefined) this.anchor = uuid;
    for (const block of blocksOf(content)) {
      if (block['type'] !== 'tool_result' || typeof block['tool_use_id'] !== 'string') continue;
      this.results.set(block['tool_use_id'], { is_error: block['is_error'] === true, text: textOf(block['content']) });
    }
  }

  /** What the model responses seen so far used: what a turn stopped before its result (a timeout) has spent. */
  usedSoFar(): TokenUsage {
    return [...this.usageById.values()].reduce(addUsage, ZERO_USAGE);
  }

  private finish(result: SDKResultMessage): TurnOutcome {
    // A turn that used up its model calls (max_turns) ends like an AI SDK turn at its step limit: with
    // the text of the last model call, failing for the limit.
    // A second refusal: Claude Code ends the turn as an error, where the AI SDK backend answers with the refused text.
    const refusedAtEnd = result.is_error && result.stop_reason === 'refusal';
    if (result.is_error && result.subtype !== 'error_max_turns' && !refusedAtEnd) {
      const text = result.subtype === 'success' ? result.result : result.errors.join('; ') || result.subtype;
      const status = result.subtype === 'success' ? (result.api_error_status ?? null) : null;
      const failure = { text, kind: this.errorKind, status, retries: this.retries, usage: usageOf(result.usage) };
      return { ok: false, failure };
    }
    const tool_invocations = mergeToolCalls({
      uses: this.uses,
      results: this.results,
      records: this.records,
      unmatched: this.unmatched,
      offered: this.offered,
    });
    return {
      ok: true,
      anchor: this.anchor,
      response: {
        response: this.cutText + (result.subtype === 'success' && !refusedAtEnd ? result.result : this.lastText),
        tool_invocations,
        token_usage: usageOf(result.usage),
        retries: this.retries,
        ...(result.subtype === 'error_max_turns' ? { step_limit: this.maxTurns } : {}),
        ...(this.refused || refusedAtEnd ? { answer_cut_off: 'content_filter' as const } : {}),
      },
    };
  }
}

/**
 * Anthropic counts cached input apart from `input_tokens`; like the AI SDK, `prompt_tokens` is all the
 * input (uncached + cache read + cache creation), so both backends report the same numbers.
 */
export function usageOf(usage: unknown): TokenUsage {
  const record = typeof usage === 'object' && usage !== null ? (usage as Record<string, unknown>) : {};
  const count = (key: string) => {
    const value = record[key];
    return typeof value === 'number' && Number.isFinite(value) ? value : 0;
  };
  const cacheRead = count('cache_read_input_tokens');
  const cacheCreation = count('cache_creation_input_tokens');
  const prompt = count('input_tokens') + cacheRead + cacheCreation;
  const completion = count('output_tokens');
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    cache_read_tokens: cacheRead,
    cache_creation_tokens: cacheCreation,
  };
}

/** The counts of a `message_delta`'s usage that it gives (a null one it does not). */
function definedCounts(usage: Readonly<Record<string, unknown>>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [key, value] of Object.entries(usage)) if (typeof value === 'number') counts[key] = value;
  return counts;
}

/** Claude Code's message after a refusal (`refused_message_id`, a field its types do not declare). */
function asksAnewAfterRefusal(message: unknown): boolean {
  return isRecord(message) && typeof message['refused_message_id'] === 'string';
}

function blocksOf(content: unknown): readonly Block[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  return content.filter((block): block is Block => typeof block === 'object' && block !== null);
}

function textOf(content: unknown): string {
  return blocksOf(content)
    .filter((block) => block['type'] === 'text' && typeof block['text'] === 'string')
    .map((block) => block['text'] as string)
    .join('');
}

function argsOf(input: unknown): Readonly<Record<string, unknown>> {
  if (isRecord(input)) return input;
  return input === undefined || input === null ? {} : { _raw: input };
}

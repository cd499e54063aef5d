/** The contract every agent backend implements (ai_sdk, claude_agent_sdk, module). */

import type { AnswerCutOff } from './answer-cut-off.js';
import type { ToolParams } from './closed-params.js';
import type { HoldJournal } from './hold-tracker.js';
import type { StoredUsage, TokenUsage } from './token-usage.js';
import type { ToolInvocation } from './tool-invocation.js';

/** A file of a turn, already read and converted. */
/** A file sent with a turn: its text, or an image's bytes; `description` as the configuration gives it. */
export type FilePart = (
  | { readonly kind: 'text'; readonly name: string; readonly file_type: string; readonly text: string }
  | { readonly kind: 'image'; readonly name: string; readonly media_type: string; readonly data: Uint8Array }
) & { readonly description?: string | null };

export interface TurnRequest {
  readonly turn_index: number;
  readonly input: string;
  readonly files: readonly FilePart[];
  /** The turn's free-form turn_config (module agents such as oracles may read it). */
  readonly turn_config: Readonly<Record<string, unknown>>;
  /** Aborted when the turn times out or the run is interrupted. */
  readonly signal: AbortSignal;
  /**
   * Told of every tool call as it settles (result or error), so a turn that times out or fails still reports
   * the calls it made — a tool that hung shows as its call with `tool X timed out after N s`, not as "not
   * called". Backends that run tools themselves report to it; the response's tool_invocations stay the record
   * of a turn that answered.
   */
  readonly calls?: ToolCallJournal;
  /**
   * Told of every model request the backend sends again (a 429, a 5xx, a dropped connection), with why, so a
   * turn that fails or times out while retrying still counts its retries and can say what held it up.
   */
  readonly retries?: RetryJournal;
  /**
   * Told while a model request of the turn waits for holodeck's own rate limiter, so a turn that times out
   * waiting says its request was never sent, instead of reading as a slow model.
   */
  readonly holds?: HoldJournal;
  /**
   * Told of the token usage of every model response as it arrives, so a turn that fails or times out after
   * some model calls still counts (and prices) what they used.
   */
  readonly usage?: UsageJournal;
}

export interface ToolCallJournal {
  record(invocation: ToolInvocation): void;
}

export interface RetryJournal {
  /** `reason`: what the request that is sent again met, e.g. `rate limited (HTTP 429)`. */
  record(reason: string): void;
  /**
   * A request failed and will be sent again after a back-off: said before the wait, so that a turn that runs out
   * of time in it names what it was waiting to retry; `record` follows when it is sent again.
   */
  waiting?(reason: string): void;
}

export interface UsageJournal {
  /** `stored`: the answer came from a cassette or the cache, not from the model. */
  record(usage: TokenUsage, stored?: boolean): void;
}

export interface TurnResponse {
  readonly response: string;
  readonly tool_invocations: readonly ToolInvocation[];
  readonly token_usage: TokenUsage;
  /** Model requests that were retried within this turn. */
  readonly retries: number;
  /**
   * The turn's limit of model calls (`execution.max_steps`), when the turn stopped there with the agent still
   * calling tools: it gave no final answer, and the turn fails naming the limit.
   */
  readonly step_limit?: number;
  /** The model stopped its final answer before finishing it (its token limit, a content filter). */
  readonly answer_cut_off?: AnswerCutOff;
  /**
   * What went wrong outside the agent's behaviour while the turn ran, e.g. a tool server that died
   * (TOOL_SERVER_CRASHED); the turn keeps its answer and tool calls, and errors with these.
   */
  readonly errors?: readonly string[];
  /**
   * Model time of the turn's answers served from a recording (`--replay`, `--cache`) as it was recorded, in ms:
   * it is not waited for, and is added to the turn's execution time so latency figures match the recorded run.
   */
  readonly recorded_latency_ms?: number;
  /** The part of `token_usage` whose answers came from a cassette or the cache (priced, not paid for now). */
  readonly stored_usage?: StoredUsage;
  /** Model calls whose provider reported no usable token counts: the turn's cost is unknown, never $0. */
  readonly unreported_usage_calls?: number;
}

export interface SessionOptions {
  readonly test_case_name: string;
  readonly signal: AbortSignal;
}

/** One conversation: the history of earlier turns is kept inside the session. */
export interface AgentSession {
  send(request: TurnRequest): Promise<TurnResponse>;
  close(): Promise<void>;
}

export interface AgentBackend {
  readonly name: string;
  /** The names of the tools the agent is offered, as it sees them (null when the backend cannot tell). */
  readonly tool_names?: readonly string[] | null;
  /** The tools with the argument names their schemas close, for the warnings on asserted arguments (absent: unknown). */
  readonly tool_params?: readonly ToolParams[];
  openSession(options: SessionOptions): Promise<AgentSession>;
  /** Release shared resources (MCP servers, child processes). */
  close(): Promise<void>;
}

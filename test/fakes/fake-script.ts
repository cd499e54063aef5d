/**
 * The scripting contract of the fake model server: a script sees every request in a protocol-neutral
 * form and decides what the "model" answers.
 */

export type FakeProtocol = 'openai' | 'azure' | 'anthropic' | 'ollama';

export interface FakeToolCall {
  readonly id: string;
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
}

export type FakeMessage =
  | {
      readonly role: 'user';
      readonly text: string;
      /** Media types of the images attached to the message. */
      readonly images: readonly string[];
    }
  | { readonly role: 'assistant'; readonly text: string; readonly tool_calls: readonly FakeToolCall[] }
  | {
      readonly role: 'tool';
      readonly call_id: string;
      /** The called tool's name, resolved from the assistant message that issued the call. */
      readonly name: string | null;
      readonly content: string;
      readonly is_error: boolean;
    };

export interface FakeToolSpec {
  readonly name: string;
  readonly description: string;
  readonly parameters: unknown;
}

export interface FakeRequest {
  /** Arrival order (0-based) over the server's lifetime. */
  readonly index: number;
  readonly protocol: FakeProtocol;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  /** Lower-cased header names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Readonly<Record<string, unknown>>;
  /** The model id (for Azure deployment URLs, the deployment name). */
  readonly model: string;
  readonly stream: boolean;
  readonly system: string;
  readonly messages: readonly FakeMessage[];
  readonly tools: readonly FakeToolSpec[];
}

/** Token counts of a reply; `prompt_tokens` includes cached tokens, as OpenAI reports it. */
export interface FakeUsage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly cache_read_tokens?: number;
  readonly cache_creation_tokens?: number;
}

export interface FakeAnswer {
  readonly text?: string;
  readonly tool_calls?: readonly {
    readonly name: string;
    readonly args: Readonly<Record<string, unknown>>;
    /** OpenAI only: the arguments sent as this text instead of `args` as JSON (e.g. text that is not JSON). */
    readonly raw_args?: string;
    /** The call's id as sent (default `call_<request>_<n>`), e.g. one id for two calls, as some servers send. */
    readonly id?: string;
  }[];
  /**
   * The finish reason sent instead of the one the answer implies: OpenAI's `finish_reason` (`length`,
   * `content_filter`; default `tool_calls` / `stop`), Anthropic's `stop_reason` (`max_tokens`, `refusal`;
   * default `tool_use` / `end_turn`).
   */
  readonly finish_reason?: string;
  /** Defaults to counts derived from the request and reply lengths. */
  readonly usage?: FakeUsage;
  /** openai only: the answer carries no `usage` at all, as some servers send it. */
  readonly omit_usage?: boolean;
}

export type FakeReply =
  | ({ readonly kind: 'answer'; readonly delay_ms?: number } & FakeAnswer)
  | {
      readonly kind: 'error';
      readonly status: number;
      readonly message?: string;
      readonly headers?: Readonly<Record<string, string>>;
      readonly delay_ms?: number;
    }
  /** The connection is reset before any response byte is sent. */
  | { readonly kind: 'reset'; readonly delay_ms?: number }
  /** Headers and the first part of the body are sent, then the connection is dropped. */
  | ({ readonly kind: 'cut'; readonly delay_ms?: number } & FakeAnswer);

export type FakeScript = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

/** What a script module exports for the standalone server: `createScript(options)`. */
export type FakeScriptFactory = (options: Readonly<Record<string, unknown>>) => FakeScript;

export function answer(text: string, usage?: FakeUsage): FakeReply {
  return usage === undefined ? { kind: 'answer', text } : { kind: 'answer', text, usage };
}

export function callTools(...calls: { name: string; args: Record<string, unknown> }[]): FakeReply {
  return { kind: 'answer', tool_calls: calls };
}

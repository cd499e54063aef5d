/** A reply rendered for one protocol: body chunks, sent one by one (a cut sends only the first part). */
import type { FakeUsage } from '../fake-script.js';

export interface WireResponse {
  readonly content_type: string;
  readonly chunks: readonly string[];
}

export interface ResolvedCall {
  readonly id: string;
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
  /** openai only: the arguments as sent, when they are not `args` as JSON. */
  readonly raw_args?: string;
}

export interface ResolvedAnswer {
  readonly id: string;
  readonly model: string;
  readonly text: string;
  readonly tool_calls: readonly ResolvedCall[];
  readonly usage: Required<FakeUsage>;
  readonly stream: boolean;
  /** openai only: whether the client asked for a usage chunk (`stream_options.include_usage`). */
  readonly include_usage: boolean;
  /** openai only: the finish reason to send instead of the one the answer implies. */
  readonly finish_reason?: string;
  /** openai only: no `usage` in the answer. */
  readonly omit_usage?: boolean;
}

/** Splits a string into up to `parts` non-empty pieces, so streamed deltas really arrive in pieces. */
export function pieces(text: string, parts = 3): readonly string[] {
  if (text.length <= 1) return [text];
  const size = Math.ceil(text.length / parts);
  const out: string[] = [];
  for (let start = 0; start < text.length; start += size) out.push(text.slice(start, start + size));
  return out;
}

export function sse(data: unknown, event?: string): string {
  const head = event === undefined ? '' : `event: ${event}\n`;
  return `${head}data: ${JSON.stringify(data)}\n\n`;
}

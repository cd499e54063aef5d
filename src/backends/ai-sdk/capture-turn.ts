/** What a turn's completed steps amount to: the answer, the tool invocations in order, summed usage. */

import { nestedDeeperThan } from '../../core/bound-depth.js';
import { thrownMessage } from '../../core/describe-thrown.js';
import { isRecord } from '../../core/is-record.js';
import type { TokenUsage } from '../../core/token-usage.js';
import type { ToolInvocation } from '../../core/tool-invocation.js';
import type { ProviderUsage } from './provider-model.js';
import { NoSuchToolError } from './sdk-errors.js';
import type { Step } from './tool-loop-step.js';

interface Pending {
  readonly id: string;
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
  result: unknown;
  error: string | null;
  duration_ms: number | null;
  /** A result or an error came back for the call (an invalid call is settled by its own refusal). */
  settled: boolean;
  /** The model named a tool the agent does not have. */
  readonly unknown: boolean;
  /** The arguments of a call of one of the agent's tools were refused (not JSON, too deep, the schema's no). */
  readonly refused: boolean;
}

/**
 * The turn's tool calls in order, each with what came of it. Results are paired with calls step by step and in
 * call order, not by id alone: a model may give two calls one id (local OpenAI-compatible servers often send
 * `call_0` again), and each call must keep its own result. A call that nothing answered never ran: the model's
 * answer was cut off before its calls could run.
 */
export function toolInvocationsOf(steps: readonly Step[]): readonly ToolInvocation[] {
  const invocations: ToolInvocation[] = [];
  for (const step of steps) {
    const calls: Pending[] = [];
    // The unsettled calls of each id, in call order: a result settles the first (no scan of the step's calls).
    const open = new Map<string, { readonly calls: Pending[]; next: number }>();
    const settle = (id: string): Pending | undefined => {
      const queue = open.get(id);
      const call = queue?.calls[queue.next];
      if (queue === undefined || call === undefined) return undefined;
      queue.next += 1;
      call.settled = true;
      return call;
    };
    for (const part of step.content) {
      if (part.type === 'tool-call') {
        const invalid = part.invalid === true;
        const unknown = invalid && part.error instanceof NoSuchToolError;
        const call: Pending = {
          id: part.toolCallId,
          name: part.toolName,
          args: argsOf(part.input),
          result: null,
          error: invalid ? `${invalidCallMessage(part.toolName, part.error)}${sentNote(part.input)}` : null,
          duration_ms: null,
          settled: invalid,
          unknown,
          refused: invalid && !unknown,
        };
        calls.push(call);
        if (!invalid) {
          const queue = open.get(call.id);
          if (queue === undefined) open.set(call.id, { calls: [call], next: 0 });
          else queue.calls.push(call);
        }
      } else if (part.type === 'tool-result') {
        const call = settle(part.toolCallId);
        // Our tools return a ToolOutput: the report records its value (what the model saw is its content).
        if (call !== undefined) Object.assign(call, { result: recordedValue(part.output), duration_ms: timed(part) });
      } else if (part.type === 'tool-error' && part.refused !== true) {
        // An invalid call already carries why its arguments were refused, and is settled by it.
        const call = settle(part.toolCallId);
        if (call !== undefined) Object.assign(call, { error: messageOf(part.error), duration_ms: timed(part) });
      }
    }
    for (const call of calls) invocations.push(invocationOf(call, step.finishReason));
  }
  return invocations;
}

function invocationOf(call: Pending, finishReason: Step['finishReason']): ToolInvocation {
  const notRun = !call.settled;
  return {
    name: call.name,
    args: call.args,
    result: call.error === null ? call.result : null,
    error: notRun ? notRunMessage(finishReason) : call.error,
    duration_ms: call.duration_ms,
    ...(call.unknown ? { unknown_tool: true as const } : {}),
    ...(call.refused ? { args_refused: true as const } : {}),
    ...(notRun ? { not_run: true as const } : {}),
  };
}

/** Why a call got no result: its answer ended before the calls ran (the token limit, a content filter…). */
export function notRunMessage(finishReason: Step['finishReason'] | undefined): string {
  const why = finishReason === 'length' ? 'cut off at the token limit' : `ended (finish reason: ${finishReason})`;
  return `not run: the model's answer was ${why} before its tool calls could run`;
}

const timed = (part: { readonly duration_ms?: number | undefined }): number | null => part.duration_ms ?? null;

export function usageOf(steps: readonly Step[]): TokenUsage {
  return sumUsage(steps.map((step) => step.usage));
}

/** Token counts of model calls, as reports count them (prompt_tokens includes cached input). */
export function sumUsage(usages: readonly ProviderUsage[]): TokenUsage {
  let prompt = 0;
  let completion = 0;
  let total = 0;
  let cacheRead = 0;
  let cacheWrite = 0;
  for (const usage of usages) {
    // A count the provider did not report, or reported as no count can be (negative, fractional, past 2^53),
    // adds nothing: such a call's usage is unknown (unreportedCalls), not a figure to add up.
    if (!reportedUsage(usage)) continue;
    const input = usage.inputTokens.total as number;
    const output = usage.outputTokens.total as number;
    prompt += input;
    completion += output;
    total += input + output;
    cacheRead += tokenCount(usage.inputTokens.cacheRead) ?? 0;
    cacheWrite += tokenCount(usage.inputTokens.cacheWrite) ?? 0;
  }
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: total,
    cache_read_tokens: cacheRead,
    cache_creation_tokens: cacheWrite,
  };
}

/** The model calls whose provider reported no usable token counts: what they cost is unknown. */
export function unreportedCalls(steps: readonly Step[]): number {
  return steps.filter((step) => !reportedUsage(step.usage)).length;
}

function reportedUsage(usage: ProviderUsage): boolean {
  return tokenCount(usage.inputTokens.total) !== undefined && tokenCount(usage.outputTokens.total) !== undefined;
}

function tokenCount(value: number | undefined): number | undefined {
  return Number.isSafeInteger(value) && (value as number) >= 0 ? value : undefined;
}

function recordedValue(output: unknown): unknown {
  if (typeof output === 'object' && output !== null && 'value' in output && 'content' in output) {
    return (output as { value: unknown }).value ?? null;
  }
  return output ?? null;
}

/**
 * The arguments the tool was given: an object as sent. Arguments that are no JSON object (text that is not JSON,
 * or JSON of another kind, such as an object encoded twice into a string) were refused, and none are recorded
 * (no argument assertion can match them); the call's error quotes what the model sent.
 */
function argsOf(input: unknown): Readonly<Record<string, unknown>> {
  if (isRecord(input)) return input;
  // An object nested past the limit is kept as the model's text: recorded, it is cut at the limit (run-turn).
  if (typeof input === 'string' && input.trimStart().startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(input);
      if (isRecord(parsed) && nestedDeeperThan(parsed)) return parsed;
    } catch {
      // not JSON: no arguments
    }
  }
  return {};
}

/** What the model sent as arguments, when they were no JSON object: ` — the model sent "…"`. */
function sentNote(input: unknown): string {
  if (isRecord(input) || input === undefined || input === null || input === '') return '';
  const text = typeof input === 'string' ? input : JSON.stringify(input);
  const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  return ` — the model sent ${JSON.stringify(shown)}`;
}

/**
 * `invalid arguments for tool subtract: a: expected number, received string` (as the other backends word it):
 * the innermost cause of the SDK's error is our schema check's message. An error without a cause (e.g. a tool
 * the agent does not have) keeps the SDK's message.
 */
function invalidCallMessage(toolName: string, error: unknown): string {
  let inner = error;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  if (inner === error) return messageOf(error);
  return `invalid arguments for tool ${toolName}: ${messageOf(inner)}`;
}

const messageOf = thrownMessage;

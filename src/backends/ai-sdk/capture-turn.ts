/** What a turn's completed steps amount to: the answer, the tool invocations in order, summed usage. */

import { thrownMessage } from '../../core/describe-thrown.js';
import { isRecord } from '../../core/is-record.js';
import type { TokenUsage } from '../../core/token-usage.js';
import type { ToolInvocation } from '../../core/tool-invocation.js';
import type { ToolTimings } from './agent-tools.js';
import type { ProviderUsage } from './provider-model.js';
import { NoSuchToolError } from './sdk-errors.js';
import type { Step } from './tool-loop-step.js';

interface Pending {
  name: string;
  args: Readonly<Record<string, unknown>>;
  result: unknown;
  error: string | null;
  /** The model named a tool the agent does not have. */
  unknown: boolean;
}

export function toolInvocationsOf(steps: readonly Step[], timings: ToolTimings): readonly ToolInvocation[] {
  const calls = new Map<string, Pending>();
  for (const step of steps) {
    for (const part of step.content) {
      if (part.type === 'tool-call') {
        const error = part.invalid === true ? invalidCallMessage(part.toolName, part.error) : null;
        const unknown = part.invalid === true && part.error instanceof NoSuchToolError;
        calls.set(part.toolCallId, { name: part.toolName, args: argsOf(part.input), result: null, error, unknown });
      } else if (part.type === 'tool-result') {
        const call = calls.get(part.toolCallId);
        // Our tools return a ToolOutput: the report records its value (what the model saw is its content).
        if (call !== undefined) call.result = recordedValue(part.output);
      } else if (part.type === 'tool-error') {
        const call = calls.get(part.toolCallId);
        // An invalid call already carries why its arguments were refused.
        if (call !== undefined && call.error === null) call.error = messageOf(part.error);
      }
    }
  }
  return [...calls.entries()].map(([id, call]) => ({
    name: call.name,
    args: call.args,
    result: call.error === null ? call.result : null,
    error: call.error,
    duration_ms: timings.get(id) ?? null,
    ...(call.unknown ? { unknown_tool: true as const } : {}),
  }));
}

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
    const input = usage.inputTokens.total ?? 0;
    const output = usage.outputTokens.total ?? 0;
    prompt += input;
    completion += output;
    total += input + output;
    cacheRead += usage.inputTokens.cacheRead ?? 0;
    cacheWrite += usage.inputTokens.cacheWrite ?? 0;
  }
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: total,
    cache_read_tokens: cacheRead,
    cache_creation_tokens: cacheWrite,
  };
}

function recordedValue(output: unknown): unknown {
  if (typeof output === 'object' && output !== null && 'value' in output && 'content' in output) {
    return (output as { value: unknown }).value ?? null;
  }
  return output ?? null;
}

/** Arguments as an object: unparseable input (an invalid call) is kept as text under `_raw`. */
function argsOf(input: unknown): Readonly<Record<string, unknown>> {
  if (isRecord(input)) return input;
  if (typeof input === 'string') {
    try {
      const parsed: unknown = JSON.parse(input);
      if (isRecord(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // keep the raw text below
    }
    return input.trim() === '' ? {} : { _raw: input };
  }
  return input === undefined || input === null ? {} : { _raw: input };
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

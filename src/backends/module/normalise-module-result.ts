/** A module agent's `send` result (a string or a ModuleTurnResult) as a TurnResponse. */
import type { TurnResponse } from '../../core/backend.js';
import { AgentTurnError } from '../../core/errors.js';
import { isRecord } from '../../core/is-record.js';
import type { TokenUsage } from '../../core/token-usage.js';
import type { ToolInvocation } from '../../core/tool-invocation.js';

export function normaliseModuleResult(
  output: unknown,
  recorded: readonly ToolInvocation[],
  reference: string,
): TurnResponse {
  if (typeof output === 'string') {
    return { response: output, tool_invocations: recorded, token_usage: usageOf(undefined), retries: 0 };
  }
  if (
    typeof output !== 'object' ||
    output === null ||
    typeof (output as { response?: unknown }).response !== 'string'
  ) {
    throw new AgentTurnError(
      `module agent ${reference} returned ${describe(output)}: send() must return a string or { response: string, tool_invocations?, token_usage? }`,
      'MODULE_INVALID_RESULT',
    );
  }
  const result = output as { response: string; tool_invocations?: unknown; token_usage?: unknown };
  const extra = Array.isArray(result.tool_invocations) ? result.tool_invocations.map(invocationOf) : [];
  return {
    response: result.response,
    tool_invocations: [...recorded, ...extra],
    token_usage: usageOf(result.token_usage),
    retries: 0,
  };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object without a string `response`' : `a ${typeof value}`;
}

function count(record: Record<string, unknown>, key: string): number | null {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

function usageOf(value: unknown): TokenUsage {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const prompt = count(record, 'prompt_tokens') ?? 0;
  const completion = count(record, 'completion_tokens') ?? 0;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: count(record, 'total_tokens') ?? prompt + completion,
    cache_read_tokens: count(record, 'cache_read_tokens') ?? 0,
    cache_creation_tokens: count(record, 'cache_creation_tokens') ?? 0,
  };
}

/** An invocation reported by the agent itself, with missing fields filled in. */
function invocationOf(value: unknown): ToolInvocation {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const args = record['args'];
  const duration = record['duration_ms'];
  return {
    name: typeof record['name'] === 'string' ? record['name'] : String(record['name'] ?? ''),
    args: isRecord(args) ? args : {},
    result: record['result'] ?? null,
    error: typeof record['error'] === 'string' ? record['error'] : null,
    duration_ms: typeof duration === 'number' ? duration : null,
  };
}

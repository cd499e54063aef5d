/** A module agent's `send` result (a string or a ModuleTurnResult) as a TurnResponse. */
import type { TurnResponse } from '../../core/backend.js';
import { canonicalJson } from '../../core/canonical-json.js';
import { AgentTurnError } from '../../core/errors.js';
import { isRecord } from '../../core/is-record.js';
import { jsonSizeExceeds } from '../../core/json-size.js';
import type { TokenUsage } from '../../core/token-usage.js';
import type { ToolInvocation } from '../../core/tool-invocation.js';
import { type KnownKeys, knownKeys, unknownKey } from '../../core/unknown-key.js';
import { describeValue } from '../../loader/describe-value.js';

/** The longest answer a module agent may give (characters): as long as a model's response body may be (32 MB). */
export const MAX_MODULE_RESPONSE_CHARS = 32 * 1024 * 1024;

/**
 * What the agent reports is checked, not patched: a `token_usage` count that is not a whole number ≥ 0, or a
 * tool invocation without a name, would otherwise reach the report as facts the agent never gave. Such a
 * result fails the turn as an error naming the field (`tool_invocations[1].name`).
 */
export function normaliseModuleResult(
  output: unknown,
  recorded: readonly ToolInvocation[],
  reference: string,
): TurnResponse {
  const invalid = (what: string): AgentTurnError =>
    new AgentTurnError(
      `module agent ${reference} returned ${what}: send() must return a string or { response: string, tool_invocations?, token_usage? }`,
      'MODULE_INVALID_RESULT',
    );
  if (typeof output === 'string') {
    return {
      response: checkedLength(output, invalid),
      tool_invocations: recorded,
      token_usage: usageOf(undefined, invalid),
      retries: 0,
    };
  }
  if (
    typeof output !== 'object' ||
    output === null ||
    typeof (output as { response?: unknown }).response !== 'string'
  ) {
    throw invalid(describe(output));
  }
  const unknown = unknownKeyText(output as Record<string, unknown>, RESULT_KEYS);
  if (unknown !== null) throw invalid(unknown);
  const result = output as { response: string; tool_invocations?: unknown; token_usage?: unknown };
  const given = result.tool_invocations;
  if (given !== undefined && given !== null && !Array.isArray(given)) {
    throw invalid(`tool_invocations that is ${describeValue(given)}, not a list`);
  }
  // Measured before anything walks it: a graph sharing parts can stand for more text than memory holds.
  if (given !== undefined && given !== null && jsonSizeExceeds(given, MAX_MODULE_RESPONSE_CHARS)) {
    throw invalid(
      `tool_invocations of more than ${megabytes(MAX_MODULE_RESPONSE_CHARS)} as JSON (as much as an answer may be)`,
    );
  }
  const extra = (given ?? []).map((value, index) => invocationOf(value, `tool_invocations[${index}]`, invalid));
  return {
    response: checkedLength(result.response, invalid),
    tool_invocations: [...recorded, ...notRecorded(extra, recorded)],
    token_usage: usageOf(result.token_usage, invalid),
    retries: 0,
  };
}

type Invalid = (what: string) => AgentTurnError;

/**
 * The reported invocations that are not the calls holodeck recorded itself: an agent that calls `tools.add(…)`
 * and also reports that call would otherwise have it counted twice (`count: 2` met by one call). Each
 * reported call with the name and arguments of a recorded one not yet matched is that call; the rest were
 * made elsewhere and are kept.
 */
function notRecorded(reported: readonly ToolInvocation[], recorded: readonly ToolInvocation[]): ToolInvocation[] {
  if (recorded.length === 0 || reported.length === 0) return [...reported];
  const unmatched = new Map<string, number>();
  for (const call of recorded) {
    const key = callKey(call);
    unmatched.set(key, (unmatched.get(key) ?? 0) + 1);
  }
  return reported.filter((call) => {
    const key = callKey(call);
    const left = unmatched.get(key) ?? 0;
    if (left === 0) return true;
    unmatched.set(key, left - 1);
    return false;
  });
}

function callKey(call: ToolInvocation): string {
  return `${call.name}\u0000${canonicalJson(call.args)}`;
}

function checkedLength(response: string, invalid: Invalid): string {
  if (response.length <= MAX_MODULE_RESPONSE_CHARS) return response;
  throw invalid(
    `a response of ${megabytes(response.length)}, more than the ${megabytes(MAX_MODULE_RESPONSE_CHARS)} an answer may be`,
  );
}

const megabytes = (chars: number) => `${(chars / (1024 * 1024)).toFixed(1)} MB`;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing (undefined)';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object without a string `response`' : `a ${typeof value}`;
}

/**
 * The keys each part of a result may have, and the names other tools give them: a key the contract does not
 * know would be dropped unread (`tool_calls` for `tool_invocations` leaves the turn without its tool calls).
 */
const RESULT_KEYS = knownKeys(['response', 'tool_invocations', 'token_usage'], {
  tool_calls: 'tool_invocations',
  toolCalls: 'tool_invocations',
  toolInvocations: 'tool_invocations',
  usage: 'token_usage',
  tokenUsage: 'token_usage',
});
const INVOCATION_KEYS = knownKeys(['name', 'args', 'result', 'error', 'duration_ms'], {
  arguments: 'args',
  input: 'args',
  output: 'result',
  tool: 'name',
  toolName: 'name',
  durationMs: 'duration_ms',
});

/** The first key of `value` the contract does not know, described with the one meant, else null. */
function unknownKeyText(value: Record<string, unknown>, known: KnownKeys, at = ''): string | null {
  const found = unknownKey(value, known);
  if (found === null) return null;
  const hint = found.meant === null ? `known: ${[...known.allowed].join(', ')}` : `did you mean \`${found.meant}\`?`;
  return `an unknown key \`${at}${found.key}\` (${hint})`;
}

const USAGE_KEYS = [
  'prompt_tokens',
  'completion_tokens',
  'total_tokens',
  'cache_read_tokens',
  'cache_creation_tokens',
] as const;

const USAGE_KNOWN = knownKeys(USAGE_KEYS, {
  input_tokens: 'prompt_tokens',
  inputTokens: 'prompt_tokens',
  promptTokens: 'prompt_tokens',
  output_tokens: 'completion_tokens',
  outputTokens: 'completion_tokens',
  completionTokens: 'completion_tokens',
  totalTokens: 'total_tokens',
});

function usageOf(value: unknown, invalid: Invalid): TokenUsage {
  if (value === undefined || value === null) return usageFrom({});
  if (!isRecord(value)) throw invalid(`token_usage that is ${describeValue(value)}, not an object`);
  const unknown = unknownKeyText(value, USAGE_KNOWN, 'token_usage.');
  if (unknown !== null) throw invalid(unknown);
  const counts: Partial<Record<(typeof USAGE_KEYS)[number], number>> = {};
  for (const key of USAGE_KEYS) {
    const count = value[key];
    if (count === undefined || count === null) continue;
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) {
      throw invalid(`token_usage.${key} ${describeValue(count)}, not a whole number of at least 0`);
    }
    counts[key] = count;
  }
  const inconsistency = usageInconsistency(counts);
  if (inconsistency !== null) throw invalid(inconsistency);
  return usageFrom(counts);
}

/**
 * Why counts that are each valid do not add up, else null: `total_tokens`, when given, is `prompt_tokens +
 * completion_tokens`, and `prompt_tokens` counts all input, the cache reads and writes included (as every
 * backend reports it, and as the cost is computed), so they are not more than it.
 */
function usageInconsistency(counts: Partial<Record<(typeof USAGE_KEYS)[number], number>>): string | null {
  const prompt = counts.prompt_tokens ?? 0;
  const completion = counts.completion_tokens ?? 0;
  if (counts.total_tokens !== undefined && counts.total_tokens !== prompt + completion) {
    return `token_usage.total_tokens ${counts.total_tokens}, which is not prompt_tokens + completion_tokens (${prompt + completion})`;
  }
  const read = counts.cache_read_tokens ?? 0;
  const written = counts.cache_creation_tokens ?? 0;
  if (read + written > prompt) {
    const cached =
      read > 0 && written > 0
        ? `cache_read_tokens + cache_creation_tokens (${read + written})`
        : read > 0
          ? `cache_read_tokens ${read}`
          : `cache_creation_tokens ${written}`;
    return `token_usage.${cached}, more than prompt_tokens ${prompt}, which counts all input, the cached included`;
  }
  return null;
}

function usageFrom(counts: Partial<Record<(typeof USAGE_KEYS)[number], number>>): TokenUsage {
  const prompt = counts.prompt_tokens ?? 0;
  const completion = counts.completion_tokens ?? 0;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: counts.total_tokens ?? prompt + completion,
    cache_read_tokens: counts.cache_read_tokens ?? 0,
    cache_creation_tokens: counts.cache_creation_tokens ?? 0,
  };
}

/** An invocation reported by the agent itself: a name is required; missing optional fields are filled in. */
function invocationOf(value: unknown, at: string, invalid: Invalid): ToolInvocation {
  if (!isRecord(value)) throw invalid(`${at} that is ${describeValue(value)}, not an object`);
  const unknown = unknownKeyText(value, INVOCATION_KEYS, `${at}.`);
  if (unknown !== null) throw invalid(unknown);
  const { name, args, result, error, duration_ms: duration } = value;
  if (typeof name !== 'string' || name === '') throw invalid(`${at}.name ${describeValue(name)}, not a tool's name`);
  if (args !== undefined && args !== null && !isRecord(args)) {
    throw invalid(`${at}.args that is ${describeValue(args)}, not an object of arguments`);
  }
  if (error !== undefined && error !== null && typeof error !== 'string') {
    throw invalid(`${at}.error that is ${describeValue(error)}, not a message or null`);
  }
  if (
    duration !== undefined &&
    duration !== null &&
    (typeof duration !== 'number' || !Number.isFinite(duration) || duration < 0)
  ) {
    throw invalid(`${at}.duration_ms ${describeValue(duration)}, not a number of milliseconds`);
  }
  return {
    name,
    args: isRecord(args) ? args : {},
    result: result ?? null,
    error: typeof error === 'string' ? error : null,
    duration_ms: typeof duration === 'number' ? duration : null,
  };
}

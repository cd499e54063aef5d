/**
 * One structured-output call of a judge over the provider model's own `doGenerate`: the system text and the
 * prompt as the provider's messages, the JSON Schema as the response format (each provider asks for it its
 * own way), the answer's text parsed as JSON. It does what `generateText` with `Output.object` did, without
 * converting and validating the prompt again (a Markdown code fence around the whole answer is taken off): an
 * answer that is not JSON fails with the SDK's
 * NoObjectGeneratedError; an answer with no text (only tool calls, or cut off empty) with NoOutputGeneratedError,
 * after its usage was counted. The schema is the model's instructions, not checked again here: the judge's
 * caller checks the object's fields.
 */
import { JSONParseError } from '@ai-sdk/provider';
import type { JudgeRequest } from '../../core/judge.js';
import type { ProviderModel, ProviderUsage } from './provider-model.js';
import { readJudgeJson } from './read-judge-json.js';
import { ANSWER_SCHEMA_OPTION } from './recording/answer-schema.js';
import { recordedLatencyOf, servedFromStore } from './recording/stored-response.js';
import { NoObjectGeneratedError, NoOutputGeneratedError } from './sdk-errors.js';

export interface JudgeCallSettings {
  readonly temperature: number | null;
  readonly max_output_tokens: number | null;
}

export async function generateJudgeObject(
  model: ProviderModel,
  request: Pick<JudgeRequest, 'system' | 'prompt' | 'schema' | 'schema_name'>,
  settings: JudgeCallSettings,
  signal: AbortSignal,
  onUsage: (usage: ProviderUsage, stored: boolean, recordedMs: number) => void,
): Promise<unknown> {
  const asSent = withoutBounds(request.schema) as Record<string, unknown>;
  const bounded = JSON.stringify(asSent) !== JSON.stringify(request.schema);
  const result = await model.doGenerate({
    prompt: [
      { role: 'system', content: request.system },
      { role: 'user', content: [{ type: 'text', text: request.prompt }] },
    ],
    responseFormat: { type: 'json', schema: asSent, name: request.schema_name },
    // The bounds the answer is checked against go beside the request, where no provider reads them: the cache
    // keeps no answer outside them (recording/response-cache.ts).
    ...(bounded
      ? { providerOptions: { [ANSWER_SCHEMA_OPTION]: { answer_schema: JSON.parse(JSON.stringify(request.schema)) } } }
      : {}),
    ...(settings.temperature === null ? {} : { temperature: settings.temperature }),
    ...(settings.max_output_tokens === null ? {} : { maxOutputTokens: settings.max_output_tokens }),
    abortSignal: signal,
  });
  // Paid for whatever it holds: an answer without an object is counted too (the judge may ask again).
  onUsage(result.usage, servedFromStore(result.providerMetadata), recordedLatencyOf(result.providerMetadata));
  let text = '';
  for (const part of result.content) if (part.type === 'text') text += part.text;
  const finish = result.finishReason.unified;
  if (!(finish === 'stop' || (finish !== 'tool-calls' && text.length > 0))) {
    throw new NoOutputGeneratedError();
  }
  const read = readJudgeJson(text);
  if (!read.ok) {
    throw new NoObjectGeneratedError({
      message: 'No object generated: could not parse the response.',
      cause: parseError(text, read.error),
      text,
      response: {
        id: result.response?.id ?? '',
        timestamp: result.response?.timestamp ?? new Date(),
        modelId: result.response?.modelId ?? model.modelId,
      },
      usage: usageOf(result.usage),
      finishReason: finish,
    });
  }
  return read.value;
}

/** The SDK's error for an answer that is not JSON; one that says so plainly when the answer was empty. */
function parseError(text: string, cause: unknown): JSONParseError {
  const error = new JSONParseError({ text, cause });
  if (text.trim() !== '') return error;
  const message = 'the judge answered with empty text, not the JSON object asked for';
  return Object.defineProperty(error, 'message', { value: message, enumerable: false, writable: true });
}

/** The SDK's usage shape, for the error it throws. */
function usageOf(usage: ProviderUsage) {
  const input = usage.inputTokens.total;
  const output = usage.outputTokens.total;
  return {
    inputTokens: input,
    inputTokenDetails: {
      noCacheTokens: usage.inputTokens.noCache,
      cacheReadTokens: usage.inputTokens.cacheRead,
      cacheWriteTokens: usage.inputTokens.cacheWrite,
    },
    outputTokens: output,
    outputTokenDetails: { textTokens: usage.outputTokens.text, reasoningTokens: usage.outputTokens.reasoning },
    totalTokens: input === undefined && output === undefined ? undefined : (input ?? 0) + (output ?? 0),
  };
}

/**
 * The keywords a judge's schema bounds its answer with (a score from 0 to 10, at least one step). Not every
 * provider's structured output takes them, so they are left out of the schema sent and checked on the answer.
 */
const BOUND_KEYWORDS = new Set(['minimum', 'maximum', 'minItems', 'maxItems']);

function withoutBounds(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutBounds);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) if (!BOUND_KEYWORDS.has(key)) copy[key] = withoutBounds(value);
  return copy;
}

/**
 * One structured-output call of a judge over the provider model's own `doGenerate`: the system text and the
 * prompt as the provider's messages, the JSON Schema as the response format (each provider asks for it its
 * own way), the answer's text parsed as JSON. It does what `generateText` with `Output.object` did, without
 * converting and validating the prompt again (a Markdown code fence around the whole answer is taken off). An
 * answer that is not JSON, is empty, is only a tool call, or was withheld (content filter, refusal) or ended in
 * an error fails with the SDK's NoObjectGeneratedError saying which; one cut off empty at its token limit with
 * NoOutputGeneratedError; each after its usage was counted. The schema is the model's instructions, not checked again here: the judge's
 * caller checks the object's fields.
 */
import { JSONParseError } from '@ai-sdk/provider';
import { wallDate } from '../../core/clock.js';
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
  const response = {
    id: result.response?.id ?? '',
    timestamp: result.response?.timestamp ?? wallDate(),
    modelId: result.response?.modelId ?? model.modelId,
  };
  const unreadable = (why: string, cause: unknown = null) =>
    new NoObjectGeneratedError({
      message: 'No object generated: could not parse the response.',
      cause: saying(new JSONParseError({ text, cause }), why),
      text,
      response,
      usage: usageOf(result.usage),
      finishReason: finish,
    });
  // An answer the provider withheld, or one that ended in an error, is no verdict, whatever text it holds.
  if (finish === 'content-filter') {
    throw unreadable("the judge's answer was withheld (finish reason content-filter: a content filter or a refusal)");
  }
  if (finish === 'error') throw unreadable("the judge's answer ended in an error (finish reason error)");
  if (finish === 'tool-calls') throw unreadable('the judge answered with a tool call, not the JSON object asked for');
  if (finish === 'length' && text.length === 0) throw new NoOutputGeneratedError();
  if (text.trim() === '') {
    const reason = finish === 'stop' ? '' : ` (finish reason ${finish})`;
    throw unreadable(`the judge answered with empty text, not the JSON object asked for${reason}`);
  }
  const read = readJudgeJson(text);
  if (!read.ok) {
    const cut = finish === 'length' ? ', cut off at its token limit' : '';
    throw unreadable(
      `the judge's answer is not the JSON object asked for${cut}: ${excerpt(text)} (${messageOf(read.error)})`,
      read.error,
    );
  }
  return read.value;
}

/** The SDK's parse error, saying what went wrong in words of its own. */
function saying(error: JSONParseError, message: string): JSONParseError {
  return Object.defineProperty(error, 'message', { value: message, enumerable: false, writable: true });
}

/** The judge's text as quoted in a message: its first 200 characters. */
function excerpt(text: string): string {
  return text.length <= 200
    ? JSON.stringify(text)
    : `${JSON.stringify(text.slice(0, 200))}… (${text.length} characters)`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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

/**
 * A model request as it is keyed and written to a cassette: provider, model, messages, tools and parameters
 * as plain JSON, nothing else. Credentials and headers never get here (they are not call options), nor the
 * abort signal; file bytes are replaced by their SHA-256 and size so a cassette stays small and readable.
 */
import { createHash } from 'node:crypto';
import type { LanguageModelMiddleware } from 'ai';

/** The options of one `doGenerate` call (LanguageModelV3CallOptions). */
export type CallOptions = Parameters<NonNullable<LanguageModelMiddleware['wrapGenerate']>>[0]['params'];

/** Plain JSON: what a cassette holds. */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

export interface RecordedRequest {
  readonly [key: string]: Json;
  /** The AI SDK provider id, e.g. `openai.chat`. */
  readonly provider: string;
  readonly model: string;
  /** The prompt: system, user, assistant and tool messages in order. */
  readonly messages: Json;
  readonly parameters: { readonly [key: string]: Json };
}

/** The call options that are parameters of the request, by the name a cassette gives them. */
const PARAMETERS = {
  temperature: 'temperature',
  maxOutputTokens: 'max_output_tokens',
  topP: 'top_p',
  topK: 'top_k',
  stopSequences: 'stop_sequences',
  presencePenalty: 'presence_penalty',
  frequencyPenalty: 'frequency_penalty',
  seed: 'seed',
} as const;

export function normalizeRequest(
  params: CallOptions,
  model: { readonly provider: string; readonly modelId: string },
): RecordedRequest {
  const parameters: Record<string, Json> = {};
  for (const [option, name] of Object.entries(PARAMETERS)) {
    const value = toJson(params[option as keyof typeof PARAMETERS]);
    if (value !== undefined) parameters[name] = value;
  }
  const request: Record<string, Json> = {
    provider: model.provider,
    model: model.modelId,
    messages: toJson(params.prompt) ?? [],
    parameters,
  };
  const optional = {
    tools: params.tools,
    tool_choice: params.toolChoice,
    response_format: params.responseFormat,
    provider_options: params.providerOptions,
  };
  for (const [name, value] of Object.entries(optional)) {
    const json = toJson(value);
    if (json !== undefined) request[name] = json;
  }
  return request as RecordedRequest;
}

/** The temperature the request asks for; null when it sets none (the provider's default, above 0). */
export function temperatureOf(request: RecordedRequest): number | null {
  const value = request.parameters['temperature'];
  return typeof value === 'number' ? value : null;
}

/** Plain JSON of a value: bytes become a digest, URLs and dates text; functions and undefined are left out. */
export function toJson(value: unknown): Json | undefined {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array || value instanceof ArrayBuffer)
    return digestOf(new Uint8Array(value as ArrayBuffer));
  if (value instanceof URL) return value.href;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => toJson(item) ?? null);
  const out: Record<string, Json> = {};
  const record = value as Record<string, unknown>;
  const isFile = record['type'] === 'file';
  for (const [key, item] of Object.entries(record)) {
    // A file's data as base64 text is as long as the file: its digest says as much.
    const json = isFile && key === 'data' && typeof item === 'string' ? digestOf(item) : toJson(item);
    if (json !== undefined) out[key] = json;
  }
  return out;
}

function digestOf(data: Uint8Array | string): Json {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  return { sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.byteLength };
}

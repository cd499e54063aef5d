/**
 * A model's answer to one request as a cassette or the cache keeps it: content (text, tool calls…), finish
 * reason, token usage, provider metadata, response id/model/time and warnings, in the AI SDK's own shape so it
 * is handed back as it came. Raw HTTP bodies and headers are not kept. Served again, the answer says how long
 * it took when recorded (`recorded_latency_ms` under `holodeck` in its provider metadata).
 */
import type { LanguageModelMiddleware } from 'ai';
import { dateAt } from '../../../core/clock.js';
import type { Json } from './normalize-request.js';

/** The result of one `doGenerate` call (LanguageModelV3GenerateResult). */
export type GenerateResult = Awaited<ReturnType<NonNullable<LanguageModelMiddleware['wrapGenerate']>>>;

export interface StoredResponse {
  readonly [key: string]: Json;
}

/** Where a served answer carries its recorded latency. */
export const LATENCY_METADATA_KEY = 'holodeck';

export function toStoredResponse(result: GenerateResult): StoredResponse {
  const content = result.content.map((part) =>
    part.type === 'file' && part.data instanceof Uint8Array
      ? { ...part, data: Buffer.from(part.data).toString('base64') }
      : part,
  );
  const response =
    result.response === undefined
      ? undefined
      : { id: result.response.id, modelId: result.response.modelId, timestamp: result.response.timestamp };
  const stored = {
    content,
    finishReason: result.finishReason,
    usage: result.usage,
    providerMetadata: result.providerMetadata,
    response,
    warnings: result.warnings,
  };
  // JSON's own rules: dates become ISO text, undefined members go.
  return JSON.parse(JSON.stringify(stored)) as StoredResponse;
}

export function fromStoredResponse(stored: StoredResponse, latencyMs: number): GenerateResult {
  const result = structuredClone(stored) as unknown as Record<string, unknown>;
  const response = result['response'] as Record<string, unknown> | undefined;
  if (response !== undefined && typeof response['timestamp'] === 'string') {
    response['timestamp'] = dateAt(response['timestamp']);
  }
  const metadata = (result['providerMetadata'] as Record<string, unknown> | undefined) ?? {};
  result['providerMetadata'] = { ...metadata, [LATENCY_METADATA_KEY]: { recorded_latency_ms: latencyMs } };
  result['warnings'] ??= [];
  return result as unknown as GenerateResult;
}

/** Whether an answer (a step's, or a call's, provider metadata) was served from a cassette or the cache. */
export function servedFromStore(providerMetadata: unknown): boolean {
  return (
    typeof providerMetadata === 'object' &&
    providerMetadata !== null &&
    typeof (providerMetadata as Record<string, unknown>)[LATENCY_METADATA_KEY] === 'object'
  );
}

/** The recorded latency of a served answer (from a step's provider metadata), or 0 for one the model gave now. */
export function recordedLatencyOf(providerMetadata: unknown): number {
  if (typeof providerMetadata !== 'object' || providerMetadata === null) return 0;
  const entry = (providerMetadata as Record<string, unknown>)[LATENCY_METADATA_KEY];
  if (typeof entry !== 'object' || entry === null) return 0;
  const value = (entry as Record<string, unknown>)['recorded_latency_ms'];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

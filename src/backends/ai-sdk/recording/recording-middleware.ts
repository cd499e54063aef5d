/**
 * The AI SDK language-model middleware that records, replays and caches: each `doGenerate` call is keyed by
 * its normalised, masked request and its scope (request-key.ts); a stored answer is returned without calling the model (its recorded latency
 * reported, not waited for), otherwise the model is called and its answer saved with how long it took.
 * Streamed calls are refused: holodeck asks for whole answers, and a stream could not be replayed as recorded.
 */
import type { LanguageModelMiddleware } from 'ai';
import type { Redactor } from '../../../core/redactor.js';
import type { ModelCallStore } from './model-call-store.js';
import { normalizeRequest } from './normalize-request.js';
import { keyRequest, type RequestScope, UNSCOPED } from './request-key.js';
import { fromStoredResponse, toStoredResponse } from './stored-response.js';

export function recordingMiddleware(
  store: ModelCallStore,
  redactor: Redactor,
  scope: RequestScope = UNSCOPED,
  now: () => number = () => performance.now(),
): LanguageModelMiddleware {
  return {
    specificationVersion: 'v3',
    wrapGenerate: async ({ doGenerate, params, model }) => {
      const request = keyRequest(normalizeRequest(params, model), redactor, scope);
      const stored = await store.find(request);
      if (stored !== null) return fromStoredResponse(stored.response, stored.latency_ms);
      const started = now();
      const result = await doGenerate();
      const latency = Math.round(now() - started);
      await store.save(request, { response: redactor.deep(toStoredResponse(result)), latency_ms: latency });
      return result;
    },
    wrapStream: async () => {
      throw new Error('streamed model calls cannot be recorded, replayed or cached');
    },
  };
}

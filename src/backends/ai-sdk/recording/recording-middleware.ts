/**
 * The AI SDK language-model middleware that records, replays and caches: each `doGenerate` call is keyed by
 * its normalised, masked request and its scope (request-key.ts); a stored answer is returned without calling
 * the model (its recorded latency reported, not waited for), otherwise the model is called and its answer saved
 * with how long it took. Streamed calls are refused: holodeck asks for whole answers, and a stream could not be
 * replayed as recorded.
 *
 * Answers are kept with their secrets masked (`***NAME`) and given back with the values put back, so a served
 * answer gets the verdict the model's own got (an agent that leaked a secret still fails `not_contains`). An
 * answer whose secret masking cannot be undone exactly (the secret in another form: base64, other letter case)
 * is not cached — the model is asked again next time — and is recorded marked, so its replay fails and says why.
 */
import type { LanguageModelMiddleware } from 'ai';
import { canonicalJson } from '../../../core/canonical-json.js';
import { monotonicNow } from '../../../core/clock.js';
import type { Redactor } from '../../../core/redactor.js';
import { RequestNotRecordedError } from './cassette-player.js';
import type { ModelCallStore } from './model-call-store.js';
import { normalizeRequest } from './normalize-request.js';
import { keyRequest, type RequestScope, UNSCOPED } from './request-key.js';
import { fromStoredResponse, type StoredResponse, toStoredResponse } from './stored-response.js';

export interface RecordingMiddlewareOptions {
  readonly scope?: RequestScope;
  /** Whether an answer whose masked secrets cannot be put back is kept (marked): a cassette's yes, the cache's no. */
  readonly keep_unrestorable?: boolean;
  readonly now?: () => number;
}

/** Where a kept answer says its secrets were masked for good (in its provider metadata). */
export const UNRESTORABLE_KEY = 'holodeck_masked';

export function recordingMiddleware(
  store: ModelCallStore,
  redactor: Redactor,
  options: RecordingMiddlewareOptions = {},
): LanguageModelMiddleware {
  const scope = options.scope ?? UNSCOPED;
  const now = options.now ?? (() => monotonicNow());
  return {
    specificationVersion: 'v3',
    wrapGenerate: async ({ doGenerate, params, model }) => {
      const request = keyRequest(normalizeRequest(params, model), redactor, scope);
      const stored = await store.find(request);
      if (stored !== null) return fromStoredResponse(served(stored.response, redactor), stored.latency_ms);
      const started = now();
      const result = await doGenerate();
      const latency = Math.round(now() - started);
      const plain = toStoredResponse(result);
      const masked = redactor.deep(plain);
      const lost = masked !== plain && canonicalJson(redactor.restore(masked)) !== canonicalJson(plain);
      if (lost && options.keep_unrestorable !== true) return result;
      await store.save(request, { response: lost ? markedUnrestorable(masked) : masked, latency_ms: latency });
      return result;
    },
    wrapStream: async () => {
      throw new Error('streamed model calls cannot be recorded, replayed or cached');
    },
  };
}

/** The stored answer with its secrets put back; one whose secrets were masked for good is no answer. */
function served(response: StoredResponse, redactor: Redactor): StoredResponse {
  const metadata = response['providerMetadata'];
  if (typeof metadata === 'object' && metadata !== null && UNRESTORABLE_KEY in metadata) {
    throw new RequestNotRecordedError(
      'the recorded answer to this request held a secret in a form its mask cannot give back (encoded, or in another letter case): replayed, it would not be the answer the model gave, so it gets no verdict (record again with the secret out of the answer, or run the model)',
    );
  }
  return redactor.restore(response);
}

function markedUnrestorable(response: StoredResponse): StoredResponse {
  const metadata = response['providerMetadata'];
  const base = typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata) ? metadata : {};
  return { ...response, providerMetadata: { ...base, [UNRESTORABLE_KEY]: { secrets: true } } };
}

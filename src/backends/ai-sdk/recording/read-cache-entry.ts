/**
 * One file of the response cache read back: the answer it holds when it is one to serve for the request looked
 * up, else why not. Only a regular file is read (a named pipe in its place would hold the run). The file must
 * hold what its name says: the key it is named after, and the very request (and test case) looked up — a file
 * edited by hand or copied over another key's name holds another request's answer, which is not served. Its
 * answer must have what the model client reads (finish reason, whole token counts) and a latency a timer holds.
 */
import { canonicalJson } from '../../../core/canonical-json.js';
import { isRecord } from '../../../core/is-record.js';
import { latencyProblem, responseShapeProblem } from './cassette-file.js';
import type { StoredCall } from './model-call-store.js';
import { openRegularFile } from './open-regular-file.js';
import type { KeyedRequest } from './request-key.js';
import type { StoredResponse } from './stored-response.js';

export type CacheRead =
  | { readonly kind: 'found'; readonly call: StoredCall }
  | { readonly kind: 'missing' }
  /** There is a file, but its answer cannot be served: the model is asked again and the file replaced. */
  | { readonly kind: 'unusable'; readonly why: string };

export async function readCacheEntry(file: string, request: KeyedRequest): Promise<CacheRead> {
  let text: string;
  try {
    const opened = await openRegularFile(file);
    if (!opened.ok) return { kind: 'unusable', why: `it is ${opened.kind}, not a file` };
    try {
      text = await opened.handle.readFile('utf8');
    } finally {
      await opened.handle.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'unusable', why: `it cannot be read (${code ?? (error as Error).message})` };
  }
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch {
    return { kind: 'unusable', why: 'it is not valid JSON' };
  }
  if (!isRecord(entry)) return { kind: 'unusable', why: 'it holds no object' };
  const why = entryProblem(entry, request);
  if (why !== null) return { kind: 'unusable', why };
  return {
    kind: 'found',
    call: { response: entry['response'] as StoredResponse, latency_ms: entry['latency_ms'] as number },
  };
}

function entryProblem(entry: Readonly<Record<string, unknown>>, request: KeyedRequest): string | null {
  const { key, test_case: testCase = null, request: asked, response, latency_ms: latency } = entry;
  // The key is the hash of the request and its scope: the same request and test case under the same key (the
  // endpoint is keyed too, and is the one looked up) is the answer to this request, whatever was edited.
  if (key !== request.key || testCase !== request.test_case || canonicalJson(asked) !== canonicalJson(request.request))
    return 'it holds the answer to another request (edited by hand, or copied from another key?)';
  if (!isRecord(response) || !Array.isArray(response['content'])) {
    return '"response" must be an object with "content" (a list)';
  }
  return responseShapeProblem(response) ?? latencyProblem(latency);
}

/**
 * The key of a request: the SHA-256 of its canonical JSON, taken after its secrets are masked — a cassette
 * holds masked requests, and a replay with another value of the same secret still finds them.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../../core/canonical-json.js';
import type { Redactor } from '../../../core/redactor.js';
import type { RecordedRequest } from './normalize-request.js';

export interface KeyedRequest {
  /** 32 hex digits. */
  readonly key: string;
  /** The request as written to a cassette: secrets masked. */
  readonly request: RecordedRequest;
}

export function keyRequest(request: RecordedRequest, redactor: Redactor): KeyedRequest {
  const masked = redactor.deep(request);
  return { key: requestKey(masked), request: masked };
}

export function requestKey(request: RecordedRequest): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex').slice(0, 32);
}

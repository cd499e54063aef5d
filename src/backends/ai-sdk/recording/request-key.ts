/**
 * The key of a request: the SHA-256 of its canonical JSON, taken after its secrets are masked — a cassette
 * holds masked requests, and a replay with another value of the same secret still finds them. An agent's
 * request is keyed with its test case's name too, so a case is only ever answered what was recorded for it
 * (another case asking the same first question, in any order, under any `-j`, gets its own answers); the
 * cache also keys the endpoint, so another server's answers are never served for this one's.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../../core/canonical-json.js';
import type { Redactor } from '../../../core/redactor.js';
import type { RecordedRequest } from './normalize-request.js';

/** What a request is keyed with besides itself. */
export interface RequestScope {
  /** The test case whose agent made the request; null for a judge's, which any case may share. */
  readonly test_case: string | null;
  /** The endpoint asked (the cache's keys only: a cassette replays against no server); null when not keyed. */
  readonly endpoint: string | null;
}

export const UNSCOPED: RequestScope = { test_case: null, endpoint: null };

export interface KeyedRequest {
  /** 32 hex digits. */
  readonly key: string;
  /** The request as written to a cassette: secrets masked. */
  readonly request: RecordedRequest;
  /** The test case it was made for, written beside it; null for a judge's. */
  readonly test_case: string | null;
}

export function keyRequest(request: RecordedRequest, redactor: Redactor, scope: RequestScope = UNSCOPED): KeyedRequest {
  const masked = redactor.deep(request);
  return { key: requestKey(masked, scope), request: masked, test_case: scope.test_case };
}

export function requestKey(request: RecordedRequest, scope: RequestScope = UNSCOPED): string {
  const hash = createHash('sha256').update(canonicalJson(request));
  if (scope.test_case !== null) hash.update(`\u0000test_case\u0000${scope.test_case}`);
  if (scope.endpoint !== null) hash.update(`\u0000endpoint\u0000${scope.endpoint}`);
  return hash.digest('hex').slice(0, 32);
}

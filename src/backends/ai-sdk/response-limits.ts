/**
 * The limits node-http-fetch.ts puts on a model response, so that no server can hold a turn or the process's
 * memory: the size of the body (as received and once decompressed), the wait for the headers, and the pauses
 * of the body once the headers came.
 */

/** 32 MB: far above any model answer, far below what would strain the process. */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
/** 10 minutes: a model that is not streamed sends its headers only when its answer is done. */
export const HEADERS_TIMEOUT_MS = 600_000;
/** Once the headers came, the body follows at once; 60 s without a byte means it never will. */
export const BODY_TIMEOUT_MS = 60_000;

export interface ResponseLimits {
  /** The largest response body accepted, in bytes, as received and once decompressed. */
  readonly max_response_bytes: number;
  /** How long to wait for the response headers once the request is sent. */
  readonly headers_timeout_ms: number;
  /** How long the response body may pause once the headers arrived. */
  readonly body_timeout_ms: number;
}

export const DEFAULT_RESPONSE_LIMITS: ResponseLimits = Object.freeze({
  max_response_bytes: MAX_RESPONSE_BYTES,
  headers_timeout_ms: HEADERS_TIMEOUT_MS,
  body_timeout_ms: BODY_TIMEOUT_MS,
});

/** The reason a response was refused, as the `cause` of the fetch's `TypeError('fetch failed')`. */
export class ResponseLimitError extends Error {
  constructor(
    message: string,
    readonly code: 'RESPONSE_TOO_LARGE' | 'UND_ERR_HEADERS_TIMEOUT' | 'UND_ERR_BODY_TIMEOUT',
  ) {
    super(message);
    this.name = 'ResponseLimitError';
  }
}

export function tooLargeError(limits: ResponseLimits): ResponseLimitError {
  const cap = limits.max_response_bytes;
  const size = cap >= 1024 * 1024 ? `${cap / 1024 / 1024} MB` : `${cap} bytes`;
  return new ResponseLimitError(
    `the response is larger than ${size}, the cap on model responses`,
    'RESPONSE_TOO_LARGE',
  );
}

export function headersTimeoutError(limits: ResponseLimits): ResponseLimitError {
  return new ResponseLimitError(
    `no response headers within ${seconds(limits.headers_timeout_ms)}`,
    'UND_ERR_HEADERS_TIMEOUT',
  );
}

export function bodyTimeoutError(limits: ResponseLimits): ResponseLimitError {
  return new ResponseLimitError(
    `the response body stalled: no data for ${seconds(limits.body_timeout_ms)} after the headers`,
    'UND_ERR_BODY_TIMEOUT',
  );
}

function seconds(ms: number): string {
  return `${ms / 1000} s`;
}

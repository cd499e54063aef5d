/**
 * A response whose connection the server closed cleanly (no reset) before the body it announced was whole: a
 * Content-Length longer than the bytes sent, or a chunked body without its last chunk. Said as what it is, not
 * as a connection failure: `the response ended after 120 bytes of the 170 announced`.
 */
import type { IncomingMessage } from 'node:http';

/** The code of the error that says so, looked for along a failure's cause chain. */
export const CUT_OFF_CODE = 'RESPONSE_CUT_OFF';

/**
 * The error of a response that ended before it was whole after `received` bytes of its body, when the server
 * ended the connection; null when it did not (a reset, or the connection closed by this side).
 */
export function responseCutOff(response: IncomingMessage, received: number): Error | null {
  if (response.complete || response.socket?.readableEnded !== true) return null;
  const length = response.headers['content-length'];
  const chunked = /\bchunked\b/i.test(response.headers['transfer-encoding'] ?? '');
  const announced = length === undefined || chunked ? Number.NaN : Number(length);
  const message = Number.isSafeInteger(announced)
    ? `the response ended after ${received} bytes of the ${announced} announced`
    : chunked
      ? `the chunked response ended without its last chunk (after ${received} bytes)`
      : `the response ended after ${received} bytes, before it was whole`;
  return Object.assign(new Error(message), { code: CUT_OFF_CODE });
}

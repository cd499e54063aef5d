/** Response writing shared by every route: security headers, JSON bodies, errors. */
import type { ServerResponse } from 'node:http';
import type { Redactor } from '../core/redactor.js';
import { DashboardError } from './dashboard-error.js';
import { SERVED_CSP } from './page-html.js';

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': SERVED_CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export function send(
  response: ServerResponse,
  status: number,
  contentType: string,
  body: string,
  extra: Readonly<Record<string, string>> = {},
  headOnly = false,
): void {
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': contentType,
    'Content-Length': String(Buffer.byteLength(body)),
    ...extra,
  });
  response.end(headOnly ? undefined : body);
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headOnly = false): void {
  send(
    response,
    status,
    'application/json; charset=utf-8',
    JSON.stringify(body),
    { 'Cache-Control': 'no-store' },
    headOnly,
  );
}

/**
 * Errors as `{ error: { code, message } }`; anything but a DashboardError is reported without its details. The
 * message is masked as successful replies are (a record's error may quote its values), and so is the log line.
 */
export function sendError(
  response: ServerResponse,
  error: unknown,
  log: (line: string) => void,
  redactor: Redactor | null = null,
): void {
  const mask = (text: string): string => (redactor === null ? text : redactor.text(text));
  if (error instanceof DashboardError) {
    // A 405 says which methods are: the dashboard only reads.
    if (error.httpStatus === 405) response.setHeader('Allow', 'GET, HEAD');
    sendJson(response, error.httpStatus, { error: { code: error.code, message: mask(error.message) } });
    return;
  }
  log(mask(`dashboard: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`));
  sendJson(response, 500, { error: { code: 'INTERNAL', message: 'internal error; see the dashboard log' } });
}

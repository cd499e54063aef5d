/** Routes one HTTP request: the page, its assets, the event stream and the JSON API. Read-only: GET and HEAD. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Redactor } from '../core/redactor.js';
import { handleApi } from './api-routes.js';
import { DashboardError } from './dashboard-error.js';
import type { EventHub } from './event-hub.js';
import { SECURITY_HEADERS, send, sendError, sendJson } from './http-responses.js';
import { type PageAssets, STYLESHEETS } from './page-assets.js';
import { servedPageHtml } from './page-html.js';
import type { RunIndex } from './run-index.js';
import type { RunStore } from './run-store.js';

export interface RequestDeps {
  readonly assets: PageAssets;
  readonly index: RunIndex;
  readonly store: RunStore;
  readonly hub: EventHub;
  /** Whether a request's Host header names this server (host-check.ts). */
  readonly hostAllowed: (header: string) => boolean;
  readonly log: (line: string) => void;
  /** Applied to every API response; null serves records as they are. */
  readonly redactor: Redactor | null;
}

export function createRequestHandler(deps: RequestDeps): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    route(request, response, deps).catch((error: unknown) => sendError(response, error, deps.log, deps.redactor));
  };
}

async function route(request: IncomingMessage, response: ServerResponse, deps: RequestDeps): Promise<void> {
  const method = request.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    throw new DashboardError('METHOD_NOT_ALLOWED', `${method} is not supported; the dashboard is read-only`);
  }
  if (!deps.hostAllowed(request.headers.host ?? '')) {
    throw new DashboardError('HOST_NOT_ALLOWED', 'unexpected Host header');
  }
  const url = new URL(request.url ?? '/', 'http://dashboard.invalid');
  const headOnly = method === 'HEAD';
  if (url.pathname === '/api/events' && headOnly) {
    // The stream's headers alone: a HEAD never becomes a stream that does not end.
    response.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': 'text/event-stream; charset=utf-8' });
    response.end();
  } else if (url.pathname === '/api/events') {
    deps.hub.add(response, SECURITY_HEADERS);
  } else if (url.pathname.startsWith('/api/')) {
    const body = await handleApi(url, deps);
    sendJson(response, 200, deps.redactor === null ? body : deps.redactor.deep(body), headOnly);
  } else {
    serveStatic(url.pathname, request, response, deps.assets, headOnly);
  }
}

function serveStatic(
  path: string,
  request: IncomingMessage,
  response: ServerResponse,
  assets: PageAssets,
  headOnly: boolean,
): void {
  if (path === '/' || path === '/index.html') {
    const html = servedPageHtml(STYLESHEETS);
    send(response, 200, 'text/html; charset=utf-8', html, { 'Cache-Control': 'no-store' }, headOnly);
    return;
  }
  const asset = path.startsWith('/assets/') ? assets.get(path.slice('/assets/'.length)) : undefined;
  if (asset === undefined) throw new DashboardError('NOT_FOUND', `not found: ${path}`);
  const cache = { ETag: asset.etag, 'Cache-Control': 'no-cache' };
  if (request.headers['if-none-match'] === asset.etag) {
    response.writeHead(304, { ...SECURITY_HEADERS, ...cache });
    response.end();
    return;
  }
  send(response, 200, asset.contentType, asset.text, cache, headOnly);
}

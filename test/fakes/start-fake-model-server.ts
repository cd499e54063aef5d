/**
 * A scriptable model server on 127.0.0.1 that speaks the real wire protocols of OpenAI Chat Completions
 * (also under Azure deployment paths), Anthropic Messages and Ollama /api/chat, so the real provider
 * clients are exercised. Every request is recorded for assertions.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeReply, FakeRequest, FakeScript } from './fake-script.js';
import { parseFakeRequest, type Route, routeOf } from './protocols/parse-fake-request.js';
import { apiKeyOf, errorBody, renderAnswer } from './protocols/render-reply.js';
import type { WireResponse } from './protocols/wire-response.js';

export interface FakeModelServerOptions {
  readonly host?: string;
  readonly port?: number;
  /** Added before every reply (on top of a reply's own `delay_ms`). */
  readonly latency_ms?: number;
  /** When set, requests without this API key get the protocol's 401. */
  readonly require_api_key?: string | null;
}

export interface FakeModelServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** Every model request received so far, in arrival order. */
  readonly requests: readonly FakeRequest[];
  /** Forgets the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeModelServer(
  script: FakeScript,
  options: FakeModelServerOptions = {},
): Promise<FakeModelServer> {
  const requests: FakeRequest[] = [];
  let counter = 0;
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, JSON.stringify({ error: { message: String(error) } }));
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const bodyText = await readBody(req);
    if (url.pathname === '/_fake/requests') return sendJson(res, 200, JSON.stringify(requests));
    if (url.pathname === '/_fake/reset' && req.method === 'POST') {
      requests.length = 0;
      return sendJson(res, 200, '{}');
    }
    const route = routeOf(req.method ?? 'GET', url.pathname);
    if (route === null) return sendJson(res, 404, JSON.stringify({ error: { message: `no route ${url.pathname}` } }));
    const request = parseFakeRequest(route, {
      index: counter++,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: headersOf(req),
      body: parseJson(bodyText),
    });
    requests.push(request);
    await delay(options.latency_ms ?? 0, res);
    const reply = await decide(script, request, route, options);
    await delay(reply.delay_ms ?? 0, res);
    if (!res.destroyed) send(res, request, reply);
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    requests,
    reset: () => {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function decide(
  script: FakeScript,
  request: FakeRequest,
  route: Route,
  options: FakeModelServerOptions,
): Promise<FakeReply> {
  const required = options.require_api_key ?? null;
  if (required !== null && apiKeyOf(route.protocol, request.headers) !== required) {
    const message = route.protocol === 'anthropic' ? 'invalid x-api-key' : 'Incorrect API key provided';
    return { kind: 'error', status: 401, message };
  }
  try {
    return await script(request);
  } catch (error) {
    return { kind: 'error', status: 500, message: `fake script failed: ${String(error)}` };
  }
}

function send(res: ServerResponse, request: FakeRequest, reply: FakeReply): void {
  switch (reply.kind) {
    case 'answer':
    case 'cut':
      sendWire(res, renderAnswer(request, reply), reply.kind === 'cut');
      break;
    case 'error': {
      const body = errorBody(request.protocol, reply.status, reply.message ?? `scripted failure ${reply.status}`);
      sendJson(res, reply.status, body, reply.headers);
      break;
    }
    case 'reset':
      res.socket?.resetAndDestroy();
      break;
  }
}

function sendWire(res: ServerResponse, wire: WireResponse, cut: boolean): void {
  const whole = wire.chunks.join('');
  const chunks = cut ? cutChunks(wire.chunks) : wire.chunks;
  res.writeHead(200, {
    'content-type': wire.content_type,
    ...(wire.content_type === 'application/json' ? { 'content-length': Buffer.byteLength(whole) } : {}),
  });
  chunks.forEach((chunk, i) => {
    const last = i === chunks.length - 1;
    res.write(chunk, last && cut ? () => res.destroy() : undefined);
  });
  if (!cut) res.end();
}

/** The first half of a stream (at least one chunk, never all), or the first half of a single body. */
function cutChunks(chunks: readonly string[]): readonly string[] {
  if (chunks.length === 1) {
    const body = chunks[0] ?? '';
    return [body.slice(0, Math.floor(body.length / 2))];
  }
  return chunks.slice(0, Math.max(1, Math.floor(chunks.length / 2)));
}

function sendJson(res: ServerResponse, status: number, body: string, headers: Readonly<Record<string, string>> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (chunk: Buffer) => parts.push(chunk));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

/** Waits, but stops early when the client goes away, so aborted requests free their timers. */
function delay(ms: number, res: ServerResponse): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    res.on('close', done);
  });
}

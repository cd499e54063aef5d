/**
 * The `fetch` the model clients are given: node:http(s) with keep-alive connections and the whole response
 * body read before the Response is returned. Model calls are not streamed, so nothing is lost by reading
 * the body at once, and each call skips the chain of web streams Node's built-in fetch builds around a
 * response body: about 1 ms of CPU per model call, which on a busy run limits how many conversations one
 * process keeps in flight (`npm run bench:efficiency`).
 *
 * It behaves as the built-in fetch does where the AI SDK looks: connection failures reject with
 * `TypeError('fetch failed')` carrying the network error as `cause`, a body cut off mid-way makes reading
 * the body fail with `TypeError('terminated')`, and an abort rejects with the signal's reason. Requests it
 * does not need to handle itself (a Request object, a streamed or form body, a redirect) go to the
 * built-in fetch unchanged.
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * An idle connection is closed after this long, before servers usually drop theirs (so a request rarely meets
 * a connection the server is closing at that moment). Requests in progress are not affected.
 */
export const IDLE_CONNECTION_MS = 4_000;

/** Statuses whose Response must have no body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const REDIRECT = new Set([301, 302, 303, 307, 308]);

export interface NodeHttpFetchOptions {
  /** How long an unused keep-alive connection stays open. */
  readonly idle_ms: number;
}

export const nodeHttpFetch: typeof fetch = createNodeHttpFetch({ idle_ms: IDLE_CONNECTION_MS });

export function createNodeHttpFetch(options: NodeHttpFetchOptions): typeof fetch {
  const agents: Agents = {
    http: new http.Agent({ keepAlive: true, timeout: options.idle_ms }),
    https: new https.Agent({ keepAlive: true, timeout: options.idle_ms }),
  };
  return (input, init) => fetchWith(agents, input, init);
}

interface Agents {
  readonly http: http.Agent;
  readonly https: https.Agent;
}

async function fetchWith(agents: Agents, input: Parameters<typeof fetch>[0], init: RequestInit | undefined) {
  const url = typeof input === 'string' ? safeUrl(input) : input instanceof URL ? input : null;
  const body = init?.body ?? null;
  const protocol = url?.protocol;
  if (url === null || (protocol !== 'http:' && protocol !== 'https:') || !isPlainBody(body)) {
    return globalThis.fetch(input, init);
  }
  const signal = init?.signal ?? null;
  signal?.throwIfAborted();
  const headers = headerRecord(init?.headers);
  headers['accept-encoding'] ??= 'gzip, deflate, br';
  const bytes = body === null ? null : typeof body === 'string' ? Buffer.from(body, 'utf8') : toBuffer(body);
  if (bytes !== null) headers['content-length'] = String(bytes.length);
  const outcome = await send(agents, url, { method: init?.method ?? 'GET', headers, bytes, signal });
  if (REDIRECT.has(outcome.status) && outcome.headers.has('location') && init?.redirect !== 'manual') {
    return globalThis.fetch(input, init);
  }
  return toResponse(outcome);
}

interface Outgoing {
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly bytes: Buffer | null;
  readonly signal: AbortSignal | null;
}

interface Received {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly body: Buffer;
  /** Set when the body broke off: the bytes received so far are in `body`. */
  readonly failure: Error | null;
}

function send(agents: Agents, url: URL, outgoing: Outgoing): Promise<Received> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const client = secure ? https : http;
    const agent = secure ? agents.https : agents.http;
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      outgoing.signal?.removeEventListener('abort', onAbort);
      action();
    };
    const request = client.request(url, { method: outgoing.method, headers: outgoing.headers, agent }, (response) =>
      readBody(response, (received) => finish(() => resolve(received))),
    );
    function onAbort() {
      const reason = outgoing.signal?.reason ?? new DOMException('This operation was aborted', 'AbortError');
      request.destroy();
      finish(() => reject(reason));
    }
    outgoing.signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', (error) => finish(() => reject(new TypeError('fetch failed', { cause: error }))));
    request.end(outgoing.bytes ?? undefined);
  });
}

function readBody(response: IncomingMessage, done: (received: Received) => void): void {
  const chunks: Buffer[] = [];
  let failure: Error | null = null;
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('error', (error) => {
    failure ??= error;
  });
  response.on('close', () => {
    if (!response.complete) failure ??= Object.assign(new Error('other side closed'), { code: 'ECONNRESET' });
    const headers = new Headers();
    for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) {
      headers.append(response.rawHeaders[i] as string, response.rawHeaders[i + 1] as string);
    }
    done({
      status: response.statusCode ?? 0,
      statusText: response.statusMessage ?? '',
      headers,
      body: Buffer.concat(chunks),
      failure,
    });
  });
}

function toResponse(received: Received): Response {
  const init = { status: received.status, statusText: received.statusText, headers: received.headers };
  if (NULL_BODY.has(received.status)) return new Response(null, init);
  if (received.failure !== null) return brokenResponse(received.body, received.failure, init);
  let body: Buffer;
  try {
    body = decode(received.body, received.headers.get('content-encoding'));
  } catch (error) {
    return brokenResponse(Buffer.alloc(0), error as Error, init);
  }
  return new Response(body, init);
}

/** As the built-in fetch: the headers arrived, and reading the body fails after the bytes that did arrive. */
function brokenResponse(received: Buffer, cause: Error, init: ResponseInit): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (received.length > 0) controller.enqueue(new Uint8Array(received));
      controller.error(new TypeError('terminated', { cause }));
    },
  });
  return new Response(stream, init);
}

/** The body as the built-in fetch hands it over: decompressed when the server compressed it. */
function decode(body: Buffer, encoding: string | null): Buffer {
  if (body.length === 0 || encoding === null) return body;
  switch (encoding.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      return body;
  }
}

function safeUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

function isPlainBody(body: unknown): body is string | ArrayBuffer | ArrayBufferView | null {
  return body === null || typeof body === 'string' || body instanceof ArrayBuffer || ArrayBuffer.isView(body);
}

function toBuffer(body: ArrayBuffer | ArrayBufferView): Buffer {
  return body instanceof ArrayBuffer ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  const record: Record<string, string> = {};
  if (headers === undefined) return record;
  if (headers instanceof Headers || Array.isArray(headers)) {
    new Headers(headers).forEach((value, name) => {
      record[name] = value;
    });
    return record;
  }
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && value !== null) record[name.toLowerCase()] = String(value);
  }
  return record;
}

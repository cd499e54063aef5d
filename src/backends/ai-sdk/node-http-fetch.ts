/**
 * The `fetch` the model clients are given: node:http(s) with keep-alive connections and the whole response
 * body read before the Response is returned. Model calls are not streamed, so nothing is lost by reading
 * the body at once, and each call skips the chain of web streams Node's built-in fetch builds around a
 * response body: about 1 ms of CPU per model call, which on a busy run limits how many conversations one
 * process keeps in flight (`npm run bench:efficiency`).
 *
 * The Response is a light one over the bytes already read (buffered-response.ts): a web Response, its Headers
 * and body stream cost more to build and read than the rest of the exchange.
 *
 * It behaves as the built-in fetch does where the AI SDK looks: connection failures reject with
 * `TypeError('fetch failed')` carrying the network error as `cause`, a body cut off mid-way makes reading
 * the body fail with `TypeError('terminated')`, and an abort rejects with the signal's reason. Requests it
 * does not need to handle itself (a Request object, a streamed or form body, a redirect) go to the
 * built-in fetch unchanged.
 *
 * Limits (response-limits.ts), so that no server can hold a turn or the process's memory: a response body
 * larger than 32 MB (also once decompressed) rejects with RESPONSE_TOO_LARGE naming the cap; no response
 * headers within 10 minutes, or a body that pauses for 60 s once the headers came, rejects with
 * UND_ERR_HEADERS_TIMEOUT / UND_ERR_BODY_TIMEOUT. Each rejects as a failed fetch does, with the reason as cause.
 */
import http, { type IncomingMessage } from 'node:http';
import type https from 'node:https';
import { clearRunTimer, runTimer } from '../../core/clock.js';
import type { RequestProgress } from '../../core/hold-tracker.js';
import { bufferedResponse } from './buffered-response.js';
import { holdsOf } from './rate-limit/held-requests.js';
import { responseCutOff } from './response-cut-off.js';
import {
  bodyTimeoutError,
  DEFAULT_RESPONSE_LIMITS,
  headersTimeoutError,
  type ResponseLimitError,
  type ResponseLimits,
  tooLargeError,
} from './response-limits.js';

/**
 * An idle connection is closed after this long, before servers usually drop theirs (so a request rarely meets
 * a connection the server is closing at that moment). Requests in progress are not affected.
 */
export const IDLE_CONNECTION_MS = 4_000;

/** Statuses whose Response must have no body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const REDIRECT = new Set([301, 302, 303, 307, 308]);

export interface NodeHttpFetchOptions extends Partial<ResponseLimits> {
  /** How long an unused keep-alive connection stays open. */
  readonly idle_ms: number;
}

export const nodeHttpFetch: typeof fetch = createNodeHttpFetch({ idle_ms: IDLE_CONNECTION_MS });

export function createNodeHttpFetch(options: NodeHttpFetchOptions): typeof fetch {
  const { idle_ms, ...limits } = options;
  const agents: Agents = {
    http: new http.Agent({ keepAlive: true, timeout: idle_ms }),
    https: null,
    idle_ms,
    limits: { ...DEFAULT_RESPONSE_LIMITS, ...limits },
  };
  return (input, init) => fetchWith(agents, input, init);
}

interface Agents {
  readonly http: http.Agent;
  /** Made at the first https request: node:https (and TLS, ~5 ms to load) only for runs that use it. */
  https: https.Agent | null;
  readonly idle_ms: number;
  readonly limits: ResponseLimits;
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
  // A text body goes out as text: Node writes it in one piece with the request head.
  const bytes = body === null || typeof body === 'string' ? body : toBuffer(body);
  if (bytes !== null) headers['content-length'] = String(Buffer.byteLength(bytes));
  // The turn (or judge call) the request is for follows its response, for a timeout to say how far it came.
  const progress = holdsOf(signal ?? undefined)?.sent?.(url.origin) ?? null;
  let outcome: Received;
  try {
    outcome = await send(agents, url, { method: init?.method ?? 'GET', headers, bytes, signal, progress });
  } finally {
    // A request cut off by its signal stays noted: the timeout that cut it off says how far it came.
    if (signal?.aborted !== true) progress?.end();
  }
  if (REDIRECT.has(outcome.status) && headerOf(outcome, 'location') !== null && init?.redirect !== 'manual') {
    return globalThis.fetch(input, init);
  }
  return toResponse(url.href, outcome, agents.limits);
}

interface Outgoing {
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly bytes: string | Buffer | null;
  readonly signal: AbortSignal | null;
  readonly progress: RequestProgress | null;
}

interface Received {
  readonly status: number;
  readonly statusText: string;
  /** Node's raw header list: name, value, name, value… */
  readonly rawHeaders: readonly string[];
  readonly body: Buffer;
  /** Set when the body broke off: the bytes received so far are in `body`. */
  readonly failure: Error | null;
}

function httpsAgent(agents: Agents): https.Agent {
  agents.https ??= new (process.getBuiltinModule('node:https').Agent)({ keepAlive: true, timeout: agents.idle_ms });
  return agents.https;
}

function send(agents: Agents, url: URL, outgoing: Outgoing): Promise<Received> {
  const { limits } = agents;
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const client = secure ? process.getBuiltinModule('node:https') : http;
    const agent = secure ? httpsAgent(agents) : agents.http;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearRunTimer(timer);
      outgoing.signal?.removeEventListener('abort', onAbort);
      action();
    };
    /** Ends the exchange with a limit's error, closing the connection (its response may still be coming). */
    const refuse = (error: ResponseLimitError) => {
      request.destroy();
      finish(() => reject(new TypeError('fetch failed', { cause: error })));
    };
    const wait = (ms: number, error: () => ResponseLimitError) => {
      clearRunTimer(timer);
      timer = runTimer(() => refuse(error()), ms);
    };
    const request = client.request(url, { method: outgoing.method, headers: outgoing.headers, agent }, (response) => {
      outgoing.progress?.headers();
      wait(limits.body_timeout_ms, () => bodyTimeoutError(limits));
      // Each chunk restarts the body's clock (the same timer, not a new one per chunk).
      const pause = (bytes: number) => {
        timer?.refresh();
        outgoing.progress?.data(bytes);
      };
      readBody(response, limits.max_response_bytes, {
        progress: pause,
        tooLarge: () => refuse(tooLargeError(limits)),
        done: (received) => finish(() => resolve(received)),
      });
    });
    wait(limits.headers_timeout_ms, () => headersTimeoutError(limits));
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

interface BodyEvents {
  /** `bytes` more arrived. */
  readonly progress: (bytes: number) => void;
  /** More than the cap arrived; nothing else is called. */
  readonly tooLarge: () => void;
  readonly done: (received: Received) => void;
}

function readBody(response: IncomingMessage, cap: number, events: BodyEvents): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let failure: Error | null = null;
  response.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > cap) {
      chunks.length = 0;
      events.tooLarge();
      return;
    }
    chunks.push(chunk);
    events.progress(chunk.length);
  });
  response.on('error', (error) => {
    failure ??= error;
  });
  response.on('close', () => {
    // A server that closed the connection cleanly cut the response off; else it was reset.
    if (!response.complete) failure = responseCutOff(response, size) ?? failure ?? connectionReset();
    events.done({
      status: response.statusCode ?? 0,
      statusText: response.statusMessage ?? '',
      rawHeaders: response.rawHeaders,
      body: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks),
      failure,
    });
  });
}

function connectionReset(): Error {
  return Object.assign(new Error('other side closed'), { code: 'ECONNRESET' });
}

function toResponse(url: string, received: Received, limits: ResponseLimits): Response {
  const head = { status: received.status, statusText: received.statusText, url, rawHeaders: received.rawHeaders };
  if (NULL_BODY.has(received.status)) return bufferedResponse({ ...head, body: null, failure: null });
  if (received.failure !== null) return bufferedResponse({ ...head, body: received.body, failure: received.failure });
  try {
    const body = decode(received.body, headerOf(received, 'content-encoding'), limits.max_response_bytes);
    return bufferedResponse({ ...head, body, failure: null });
  } catch (error) {
    const tooLarge = (error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE';
    if (tooLarge) throw new TypeError('fetch failed', { cause: tooLargeError(limits) });
    // As the built-in fetch: the headers arrived, and reading the body fails.
    return bufferedResponse({ ...head, body: Buffer.alloc(0), failure: error as Error });
  }
}

/** The first value of a response header (names compared without case). */
function headerOf(received: Received, name: string): string | null {
  const raw = received.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if ((raw[i] as string).toLowerCase() === name) return raw[i + 1] as string;
  }
  return null;
}

/** The body as the built-in fetch hands it over: decompressed when the server compressed it, up to `cap`. */
function decode(body: Buffer, encoding: string | null, cap: number): Buffer {
  if (body.length === 0 || encoding === null) return body;
  const options = { maxOutputLength: cap };
  // node:zlib loads with the first compressed response.
  switch (encoding.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return process.getBuiltinModule('node:zlib').gunzipSync(body, options);
    case 'deflate':
      return process.getBuiltinModule('node:zlib').inflateSync(body, options);
    case 'br':
      return process.getBuiltinModule('node:zlib').brotliDecompressSync(body, options);
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
  // A plain record is read as it is: touching the global Headers loads Node's built-in fetch (~35 ms).
  if (Array.isArray(headers) || Object.prototype.toString.call(headers) === '[object Headers]') {
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

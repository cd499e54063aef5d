import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHttpFetch, nodeHttpFetch } from './node-http-fetch.js';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

const routes = new Map<string, Handler>();
const closed: string[] = [];
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const handler = routes.get(new URL(req.url ?? '/', 'http://x').pathname);
      if (handler === undefined) {
        res.writeHead(404).end('no route');
        return;
      }
      handler(req, res, Buffer.concat(chunks).toString('utf8'));
    });
    if (req.url?.includes('?')) req.socket.once('close', () => closed.push(req.url ?? ''));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
});

function route(path: string, handler: Handler): string {
  routes.set(path, handler);
  return `${base}${path}`;
}

async function rejection(promise: Promise<unknown>): Promise<Error & { cause?: { code?: string; message?: string } }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { cause?: { code?: string; message?: string } };
  }
  throw new Error('expected a rejection');
}

describe('nodeHttpFetch', () => {
  it('sends method, headers and body, and returns status, headers and body as fetch does', async () => {
    const url = route('/echo', (req, res, body) => {
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      res.writeHead(201, 'Made', { 'content-type': 'application/json', 'x-request-id': 'r-1' });
      res.end(JSON.stringify({ method: req.method, headers: req.headers, body }));
    });
    const response = await nodeHttpFetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer k', 'x-skip': undefined } as never,
      body: JSON.stringify({ q: 'é' }),
    });
    expect(response.status).toBe(201);
    expect(response.statusText).toBe('Made');
    expect(response.ok).toBe(true);
    expect(response.headers.get('x-request-id')).toBe('r-1');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    const echoed = (await response.json()) as { method: string; headers: Record<string, string>; body: string };
    expect(echoed.method).toBe('POST');
    expect(echoed.body).toBe('{"q":"é"}');
    expect(echoed.headers).toMatchObject({
      'content-type': 'application/json',
      authorization: 'Bearer k',
      'content-length': String(Buffer.byteLength('{"q":"é"}')),
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(echoed.headers['x-skip']).toBeUndefined();
  });

  it('accepts Headers and header pairs, and byte bodies', async () => {
    const url = route('/bytes', (req, res, body) => res.end(`${req.headers['x-a']}|${req.headers['x-b']}|${body}`));
    const fromHeaders = await nodeHttpFetch(url, {
      method: 'PUT',
      headers: new Headers({ 'x-a': '1', 'x-b': '2' }),
      body: new TextEncoder().encode('bytes'),
    });
    expect(await fromHeaders.text()).toBe('1|2|bytes');
    const fromPairs = await nodeHttpFetch(new URL(url), {
      method: 'PUT',
      headers: [['x-a', '3']],
      body: new TextEncoder().encode('buf').buffer,
    });
    expect(await fromPairs.text()).toBe('3|undefined|buf');
  });

  it('keeps the connection open between requests', async () => {
    const url = route('/port', (req, res) => res.end(String(req.socket.remotePort)));
    const first = await (await nodeHttpFetch(url)).text();
    const second = await (await nodeHttpFetch(url)).text();
    expect(second).toBe(first);
  });

  it('closes a connection left idle, and leaves a slow answer alone', async () => {
    const quickFetch = createNodeHttpFetch({ idle_ms: 100 });
    const slow = route('/slow', (_req, res) => setTimeout(() => res.end('worth the wait'), 300));
    expect(await (await quickFetch(`${slow}?slow`)).text()).toBe('worth the wait');
    expect(closed).not.toContain('/slow?slow');
    await expect.poll(() => closed.includes('/slow?slow'), { timeout: 2_000 }).toBe(true);
  });

  it('decompresses gzip and brotli bodies', async () => {
    const text = 'the answer is 25587 '.repeat(50);
    const gz = route('/gzip', (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(text)));
    const br = route('/br', (_req, res) =>
      res.writeHead(200, { 'content-encoding': 'br' }).end(brotliCompressSync(text)),
    );
    expect(await (await nodeHttpFetch(gz)).text()).toBe(text);
    expect(await (await nodeHttpFetch(br)).text()).toBe(text);
  });

  it('fails reading a body that does not decompress, as fetch does', async () => {
    const url = route('/bad-gzip', (_req, res) =>
      res.writeHead(200, { 'content-encoding': 'gzip' }).end('not gzip at all'),
    );
    const response = await nodeHttpFetch(url);
    expect(response.status).toBe(200);
    const error = await rejection(response.text());
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('terminated');
  });

  it('returns error statuses with their body and headers, and no body where there is none', async () => {
    const limited = route('/429', (_req, res) =>
      res.writeHead(429, { 'retry-after-ms': '20', 'content-type': 'application/json' }).end('{"error":"slow down"}'),
    );
    const response = await nodeHttpFetch(limited, { method: 'POST', body: '{}' });
    expect(response.status).toBe(429);
    expect(response.ok).toBe(false);
    expect(response.headers.get('retry-after-ms')).toBe('20');
    expect(await response.json()).toEqual({ error: 'slow down' });
    const empty = await nodeHttpFetch(route('/204', (_req, res) => res.writeHead(204).end()));
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it('rejects with TypeError("fetch failed") and the network error as cause when it cannot connect', async () => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const port = (probe.address() as AddressInfo).port;
    probe.close();
    await once(probe, 'close');
    const error = await rejection(nodeHttpFetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('fetch failed');
    expect(error.cause?.code).toBe('ECONNREFUSED');
  });

  it('rejects as fetch does when the connection is reset before an answer', async () => {
    const url = route('/reset', (req) => req.socket.destroy());
    const error = await rejection(nodeHttpFetch(url, { method: 'POST', body: '{}' }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('fetch failed');
    expect(error.cause?.code).toBe('ECONNRESET');
  });

  it('resolves when the headers arrive and fails reading a body cut off mid-way', async () => {
    const url = route('/cut', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"choices": [{"mess', () => res.destroy());
    });
    const response = await nodeHttpFetch(url, { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
    const error = await rejection(response.text());
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('terminated');
    // The server closed the connection cleanly: the response was cut off, the connection not reset.
    expect(error.cause).toMatchObject({ code: 'RESPONSE_CUT_OFF', message: /chunked response ended without its last/ });
  });

  it('fails with ECONNRESET when the connection is reset in the middle of the body', async () => {
    const url = route('/reset-mid', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"choices": [{"mess', () => setTimeout(() => res.socket?.resetAndDestroy(), 20));
    });
    const error = await rejection(nodeHttpFetch(url, { method: 'POST', body: '{}' }).then((r) => r.text()));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.cause?.code).toBe('ECONNRESET');
  });

  it('rejects with the abort reason, before sending and while waiting, and closes the connection', async () => {
    const url = route('/hang', () => undefined);
    const before = new AbortController();
    before.abort(new Error('stopped early'));
    expect((await rejection(nodeHttpFetch(url, { signal: before.signal }))).message).toBe('stopped early');

    const during = new AbortController();
    const pending = nodeHttpFetch(`${url}?during`, { method: 'POST', body: '{}', signal: during.signal });
    setTimeout(() => during.abort(), 30);
    const error = await rejection(pending);
    expect(error.name).toBe('AbortError');
    await expect.poll(() => closed.includes('/hang?during')).toBe(true);
  });

  it('leaves redirects, other URL schemes and Request objects to the built-in fetch', async () => {
    const target = route('/target', (req, res) => res.end(`landed with ${req.method}`));
    const moved = route('/moved', (_req, res) => res.writeHead(307, { location: target }).end());
    expect(await (await nodeHttpFetch(moved, { method: 'POST', body: 'x' })).text()).toBe('landed with POST');
    const manual = await nodeHttpFetch(moved, { redirect: 'manual' });
    expect(manual.status).toBe(307);
    expect(await (await nodeHttpFetch('data:text/plain,hello')).text()).toBe('hello');
    expect(await (await nodeHttpFetch(new Request(target))).text()).toBe('landed with GET');
  });

  it('speaks TLS to https URLs (a plain HTTP server fails the handshake)', async () => {
    const error = await rejection(nodeHttpFetch(`${base.replace('http:', 'https:')}/echo`));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('fetch failed');
    expect(error.cause?.code).toMatch(/^(EPROTO|ERR_SSL_WRONG_VERSION_NUMBER)$/);
  });
});

describe('nodeHttpFetch limits', () => {
  const limited = createNodeHttpFetch({
    idle_ms: 4_000,
    max_response_bytes: 1024,
    headers_timeout_ms: 300,
    body_timeout_ms: 200,
  });

  it('refuses a body above the cap, naming the cap, and closes the connection', async () => {
    const url = route('/big', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('x'.repeat(5_000));
    });
    const error = await rejection(limited(`${url}?big`, { method: 'POST', body: '{}' }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('fetch failed');
    expect(error.cause).toMatchObject({
      code: 'RESPONSE_TOO_LARGE',
      message: 'the response is larger than 1024 bytes, the cap on model responses',
    });
    await expect.poll(() => closed.includes('/big?big')).toBe(true);
  });

  it('refuses a compressed body that decompresses above the cap', async () => {
    const url = route('/bomb', (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end(gzipSync('0'.repeat(100_000)));
    });
    const error = await rejection(limited(url, { method: 'POST', body: '{}' }));
    expect(error.cause?.code).toBe('RESPONSE_TOO_LARGE');
  });

  it('refuses a body above the default cap of 32 MB', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    const url = route('/huge', (_req, res) => {
      res.writeHead(200);
      let sent = 0;
      const more = () => {
        while (sent < 33 && !res.destroyed) {
          sent += 1;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    });
    const error = await rejection(nodeHttpFetch(url, { method: 'POST', body: '{}' }));
    expect(error.cause?.message).toBe('the response is larger than 32 MB, the cap on model responses');
  });

  it('fails as a timeout when the headers come and the body stalls', async () => {
    const url = route('/stall', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"choices": [');
    });
    const error = await rejection(limited(`${url}?stall`, { method: 'POST', body: '{}' }));
    expect(error.message).toBe('fetch failed');
    expect(error.cause).toMatchObject({
      code: 'UND_ERR_BODY_TIMEOUT',
      message: 'the response body stalled: no data for 0.2 s after the headers',
    });
    await expect.poll(() => closed.includes('/stall?stall')).toBe(true);
  });

  it('fails as a timeout when no headers come', async () => {
    const url = route('/silent', () => undefined);
    const error = await rejection(limited(url, { method: 'POST', body: '{}' }));
    expect(error.cause).toMatchObject({
      code: 'UND_ERR_HEADERS_TIMEOUT',
      message: 'no response headers within 0.3 s',
    });
  });

  it('accepts a slow body whose pauses stay under the body timeout', async () => {
    const url = route('/drip', (_req, res) => {
      res.writeHead(200);
      let left = 5;
      const timer = setInterval(() => {
        res.write('ab');
        left -= 1;
        if (left === 0) {
          clearInterval(timer);
          res.end();
        }
      }, 100);
    });
    const response = await limited(url, { method: 'POST', body: '{}' });
    expect(await response.text()).toBe('ababababab');
  });
});

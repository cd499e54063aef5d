import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyModelError } from './classify-model-error.js';
import { nodeHttpFetch } from './node-http-fetch.js';
import { CUT_OFF_CODE } from './response-cut-off.js';

const BODY = '{"choices":[{"message":{"role":"assistant","content":"3"}}]}';
let server: Server;
let base = '';

beforeAll(async () => {
  // Each path writes its response by hand on the socket, then ends the connection cleanly (FIN, no reset).
  server = createServer((req, res) => {
    const socket = res.socket;
    if (socket === null) return;
    const head = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n';
    if (req.url === '/short') socket.end(`${head}content-length: ${BODY.length + 50}\r\n\r\n${BODY}`);
    if (req.url === '/chunked') {
      socket.end(`${head}transfer-encoding: chunked\r\n\r\n${BODY.length.toString(16)}\r\n${BODY}\r\n`);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function failure(path: string): Promise<Error & { cause?: Error & { code?: string } }> {
  const response = await nodeHttpFetch(`${base}${path}`, { method: 'POST', body: '{}' });
  try {
    await response.text();
  } catch (error) {
    return error as Error & { cause?: Error & { code?: string } };
  }
  throw new Error('expected the body to fail');
}

const context = { provider: 'openai', endpoint: 'http://127.0.0.1/v1' };

describe('a response the server ended before it was whole', () => {
  it('says how many of the announced bytes came, not that the connection was reset', async () => {
    const error = await failure('/short');
    expect(error.message).toBe('terminated');
    expect(error.cause?.code).toBe(CUT_OFF_CODE);
    expect(error.cause?.message).toBe(
      `the response ended after ${BODY.length} bytes of the ${BODY.length + 50} announced`,
    );
    const verdict = classifyModelError(new Error('Failed to process successful response', { cause: error }), context);
    expect(verdict).toMatchObject({ retryable: true, code: 'MODEL_STREAM' });
    expect(verdict.message).toBe(
      `model response was cut off: the response ended after ${BODY.length} bytes of the ${BODY.length + 50} announced (openai, http://127.0.0.1/v1)`,
    );
  });

  it('says a chunked response ended without its last chunk', async () => {
    const error = await failure('/chunked');
    expect(error.cause?.code).toBe(CUT_OFF_CODE);
    expect(error.cause?.message).toBe(`the chunked response ended without its last chunk (after ${BODY.length} bytes)`);
    expect(classifyModelError(error, context).message).toMatch(
      /^model response was cut off: the chunked response ended/,
    );
  });
});

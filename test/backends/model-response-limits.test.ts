/**
 * A model server that sends its headers and then stalls, or sends more than the response cap, makes the model
 * call fail with an error that says so (a timeout is retried like a dropped connection; an oversized answer is
 * not), through the real OpenAI client of the AI SDK.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyModelError } from '../../src/backends/ai-sdk/classify-model-error.js';
import { createNodeHttpFetch } from '../../src/backends/ai-sdk/node-http-fetch.js';

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url?.startsWith('/stall/')) res.write('{"id": "chatcmpl-1", "choices": [');
      else res.end(JSON.stringify({ id: 'chatcmpl-1', padding: 'x'.repeat(10_000), choices: [] }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function failure(path: string): Promise<unknown> {
  const fetch = createNodeHttpFetch({ idle_ms: 1_000, max_response_bytes: 4_096, body_timeout_ms: 200 });
  const model = createOpenAI({ baseURL: `${base}${path}`, apiKey: 'k', fetch }).chat('gpt-4o-mini');
  return generateText({ model, prompt: 'hi', maxRetries: 0 }).then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('model response limits through the AI SDK', () => {
  it('a body that stalls after the headers is a retryable timeout naming it', async () => {
    const verdict = classifyModelError(await failure('/stall/v1'), { provider: 'openai', endpoint: base });
    expect(verdict).toMatchObject({ code: 'MODEL_TIMEOUT', retryable: true });
    expect(verdict.message).toBe(
      `model response timed out: the response body stalled: no data for 0.2 s after the headers (openai, ${base}/stall/v1/chat/completions)`,
    );
  });

  it('a response above the cap is refused for good, naming the cap', async () => {
    const verdict = classifyModelError(await failure('/big/v1'), { provider: 'openai', endpoint: base });
    expect(verdict).toMatchObject({ code: 'MODEL_RESPONSE_TOO_LARGE', retryable: false });
    expect(verdict.message).toBe(
      `model response refused: the response is larger than 4096 bytes, the cap on model responses (openai, ${base}/big/v1/chat/completions)`,
    );
  });
});

/**
 * A model server whose response Node's HTTP parser refuses (headers too large, malformed HTTP) answered: its
 * failure is said as a response that could not be read, not as a connection that could not be made. The errors
 * come from the real SDK and fetch, against a server writing raw bytes.
 */
import { createServer, type Server } from 'node:net';
import { generateText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { modelConfig } from '../../../test/fakes/fixtures/agent-config.js';
import { classifyModelError } from './classify-model-error.js';
import { createLanguageModel } from './create-language-model.js';

let server: Server | null = null;
afterEach(() => {
  server?.close();
  server = null;
});

/** A server answering every request with `raw`, as bytes; the endpoint of its API. */
async function rawServer(raw: string): Promise<string> {
  const started = createServer((socket) => {
    socket.once('data', () => socket.end(raw));
    socket.on('error', () => undefined);
  });
  server = started;
  await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
  const address = started.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}/v1`;
}

/** The verdict on the error a model call to `endpoint` fails with. */
async function failureAt(endpoint: string) {
  const model = modelConfig({ provider: 'openai', endpoint, api_key: 'sk-test' });
  const { model: languageModel } = await createLanguageModel(model, {});
  const thrown = await generateText({ model: languageModel, prompt: 'hi', maxRetries: 0 }).then(
    () => new Error('the call succeeded'),
    (error: unknown) => error,
  );
  return classifyModelError(thrown, { provider: 'openai', endpoint });
}

const BODY = '{}';

describe('classifyModelError on responses the HTTP parser refuses', () => {
  it('says headers too large are a response that could not be read, and does not retry it', async () => {
    const header = `x-big: ${'a'.repeat(60_000)}\r\n`;
    const endpoint = await rawServer(
      `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n${header}content-length: ${BODY.length}\r\n\r\n${BODY}`,
    );
    expect(await failureAt(endpoint)).toMatchObject({
      retryable: false,
      unreachable: false,
      code: 'MODEL_STREAM',
      message: `the model server's response could not be read: its headers are larger than 16 KB (openai, ${endpoint}/chat/completions)`,
    });
  });

  it('says a response that is not HTTP could not be read', async () => {
    const endpoint = await rawServer('SMTP ready\r\n\r\n');
    const verdict = await failureAt(endpoint);
    expect(verdict).toMatchObject({ retryable: true, unreachable: false, code: 'MODEL_STREAM' });
    expect(verdict.message).toMatch(
      /^the model server's response could not be read: it is not valid HTTP: Parse Error: .+ \(openai, http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions\)$/,
    );
  });
});

/**
 * A 200 whose body the provider's SDK cannot read is said in one line: what the answer lacked, or what it was
 * instead, with the provider's own error message when the body holds one — never the SDK's dump of the body
 * and the schema's issues. Real providers' clients, against a node http server answering each body as given.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelConfig } from '../../../test/fakes/fixtures/agent-config.js';
import type { ProviderName } from '../../core/config-types.js';
import { classifyModelError } from './classify-model-error.js';
import { createLanguageModel } from './create-language-model.js';
import { asProviderModel } from './provider-model.js';

let body = '{}';
let contentType = 'application/json';
let base = '';
const server: Server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': contentType });
    res.end(body);
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => {
  server.close();
});

const API_PATH: Record<ProviderName, string> = {
  openai: '/v1',
  anthropic: '/v1',
  azure_openai: '/openai',
  ollama: '',
  openai_compatible: '/v1',
};
const PROVIDERS = Object.keys(API_PATH) as ProviderName[];

/** The verdict's message on a call to `provider` answered with `answer` (200). */
async function unreadable(provider: ProviderName, answer: string, type = 'application/json'): Promise<string> {
  body = answer;
  contentType = type;
  const endpoint = `${base}${API_PATH[provider]}`;
  const name = provider === 'anthropic' ? 'claude-sonnet-4-5' : 'gpt-4o-mini';
  const { model } = await createLanguageModel(modelConfig({ provider, name, endpoint, api_key: 'k' }), {});
  const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }];
  const thrown = await asProviderModel(model)
    .doGenerate({ prompt })
    .then(
      () => new Error('the call succeeded'),
      (error: unknown) => error,
    );
  const verdict = classifyModelError(thrown, { provider, endpoint });
  expect(verdict).toMatchObject({ code: 'MODEL_STREAM', retryable: true });
  expect(verdict.message).not.toContain('\n');
  return verdict.message.replace(/ \([^()]*\)$/, '');
}

describe('an unreadable 200 answer', () => {
  it.each(PROVIDERS)('says in one line what a %s answer lacked, quoting its error message', async (provider) => {
    const lacked = {
      openai: 'choices',
      azure_openai: 'choices',
      openai_compatible: 'choices',
      anthropic: 'type, content and usage',
      ollama: 'model, created_at, done and 1 more',
    }[provider];
    expect(await unreadable(provider, '{}')).toBe(`model response could not be read: an answer without ${lacked}`);
    expect(await unreadable(provider, '{"error":{"message":"overloaded\\nretry later"}}')).toBe(
      `model response could not be read: an answer without ${lacked}; its error message: "overloaded\\nretry later"`,
    );
    expect(await unreadable(provider, 'null')).toBe(
      'model response could not be read: an answer that is null, not a JSON object',
    );
  });

  it("names the missing field inside a choice, and says Anthropic's and Ollama's error forms", async () => {
    const anthropic = JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
    expect(await unreadable('anthropic', anthropic)).toBe(
      'model response could not be read: an answer without content and usage, with an unexpected type; ' +
        'its error message: "Overloaded"',
    );
    expect(await unreadable('openai', '{"choices":[{"index":0}]}')).toBe(
      'model response could not be read: an answer without choices[0].message',
    );
    expect(await unreadable('ollama', JSON.stringify({ error: 'model "x" not found' }))).toBe(
      'model response could not be read: an answer without model, created_at, done and 1 more; ' +
        'its error message: "model \\"x\\" not found"',
    );
  });

  it('cuts a long error message and quotes a body that is not JSON', async () => {
    const long = JSON.stringify({ error: { message: 'x'.repeat(5000) } });
    expect(await unreadable('openai', long)).toBe(
      `model response could not be read: an answer without choices; its error message: "${'x'.repeat(200)}…" (5,000 characters)`,
    );
    expect(await unreadable('openai', '<html>\n<body>502 Bad Gateway</body>\n</html>', 'text/html')).toBe(
      'model response could not be read: an answer that is not JSON: "<html>\\n<body>502 Bad Gateway</body>\\n</html>"',
    );
  });
});

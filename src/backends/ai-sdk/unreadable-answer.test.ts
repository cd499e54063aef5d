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
import { requestUrl } from './unreadable-answer.js';

let body = '{}';
let contentType = 'application/json';
let base = '';
/** The path (and query) of the last request the server got. */
let lastPath = '';
const server: Server = createServer((req, res) => {
  lastPath = req.url ?? '';
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

/**
 * What a call to `provider` answered with `answer` (200) threw, the endpoint configured and the base URL the
 * client was given (`resolved`, the endpoint the backends classify errors with).
 */
async function answered(provider: ProviderName, answer: string, type = 'application/json', apiVersion?: string) {
  body = answer;
  contentType = type;
  const endpoint = `${base}${API_PATH[provider]}`;
  const name = provider === 'anthropic' ? 'claude-sonnet-4-5' : 'gpt-4o-mini';
  const config = modelConfig({ provider, name, endpoint, api_key: 'k', api_version: apiVersion ?? null });
  const { model, endpoint: resolved } = await createLanguageModel(config, {});
  const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }];
  const thrown = await asProviderModel(model)
    .doGenerate({ prompt })
    .then(
      () => new Error('the call succeeded'),
      (error: unknown) => error,
    );
  return { thrown, endpoint, resolved };
}

/** The verdict's message on a call to `provider` answered with `answer` (200). */
async function unreadable(provider: ProviderName, answer: string, type = 'application/json'): Promise<string> {
  const { thrown, endpoint } = await answered(provider, answer, type);
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

  it.each(['openai', 'azure_openai', 'openai_compatible'] as const)(
    'says a %s answer with an empty list of choices in its own words, with the URL the request went to',
    async (provider) => {
      expect(await unreadable(provider, '{"choices":[]}')).toBe(
        'model response could not be read: an answer with no choices',
      );
      expect(await unreadable(provider, '{"choices":[],"error":{"message":"content filtered"}}')).toBe(
        'model response could not be read: an answer with no choices; its error message: "content filtered"',
      );
      const { thrown, resolved } = await answered(provider, '{"choices":[]}');
      expect(requestUrl(thrown, { provider, endpoint: resolved })).toBe(`${base}${lastPath}`);
      expect(lastPath).toMatch(/\/chat\/completions$/);
      // The same URL as the SDK gives for an answer without choices.
      const without = await answered(provider, '{}');
      expect((without.thrown as { url?: unknown }).url).toBe(`${base}${lastPath}`);
    },
  );

  it('keeps the endpoint for any other error, and for an Azure deployment URL it cannot tell', async () => {
    const { thrown, resolved } = await answered('openai', '{}');
    expect(requestUrl(thrown, { provider: 'openai', endpoint: resolved })).toBe(resolved);
    const dated = await answered('azure_openai', '{"choices":[]}', 'application/json', '2024-10-21');
    expect(lastPath).toBe('/openai/deployments/gpt-4o-mini/chat/completions?api-version=2024-10-21');
    expect(requestUrl(dated.thrown, { provider: 'azure_openai', endpoint: dated.resolved })).toBe(`${base}/openai`);
  });
});

import { generateText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLanguageModel, type Env } from '../../src/backends/ai-sdk/create-language-model.js';
import type { ModelConfig } from '../../src/core/config-types.js';
import { BackendStartError } from '../../src/core/errors.js';
import { modelConfig } from '../fakes/fixtures/agent-config.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(() => ({ kind: 'answer', text: 'ok' }), { require_api_key: 'env-key' });
});
afterAll(async () => {
  await server.close();
});

async function ask(config: ModelConfig, env: Env) {
  server.reset();
  const { model } = await createLanguageModel(config, env);
  const result = await generateText({ model, prompt: 'ping', maxRetries: 0 });
  expect(result.text).toBe('ok');
  const request = server.requests[0];
  if (request === undefined) throw new Error('no request');
  return request;
}

describe('createLanguageModel keys', () => {
  it.each([
    ['openai', 'OPENAI_API_KEY'],
    ['anthropic', 'ANTHROPIC_API_KEY'],
    ['azure_openai', 'AZURE_OPENAI_API_KEY or AZURE_API_KEY'],
  ] as const)('explains a missing %s key', async (provider, vars) => {
    const config = modelConfig({
      provider,
      name: 'm',
      endpoint: provider === 'azure_openai' ? 'https://r.openai.azure.com' : null,
    });
    const error = await createLanguageModel(config, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendStartError);
    expect((error as Error).message).toContain(`no API key for provider ${provider}`);
    expect((error as Error).message).toContain('model.api_key');
    expect((error as Error).message).toContain(vars);
  });

  it('prefers model.api_key over the environment', async () => {
    const config = modelConfig({ provider: 'openai', name: 'm', endpoint: server.url, api_key: 'env-key' });
    const request = await ask(config, { OPENAI_API_KEY: 'other' });
    expect(request.headers['authorization']).toBe('Bearer env-key');
  });

  it('reads OPENAI_API_KEY and adds /v1 to a bare host', async () => {
    const request = await ask(modelConfig({ provider: 'openai', name: 'm', endpoint: server.url }), {
      OPENAI_API_KEY: 'env-key',
    });
    expect(request.path).toBe('/v1/chat/completions');
  });

  it('reads ANTHROPIC_API_KEY and keeps an endpoint that already ends in /v1', async () => {
    const config = modelConfig({ provider: 'anthropic', name: 'claude-x', endpoint: `${server.url}/v1/` });
    const request = await ask(config, { ANTHROPIC_API_KEY: 'env-key' });
    expect(request.path).toBe('/v1/messages');
    expect(request.headers['x-api-key']).toBe('env-key');
  });

  it('reads AZURE_API_KEY and puts api_version on deployment URLs', async () => {
    const config = modelConfig({
      provider: 'azure_openai',
      name: 'dep-1',
      endpoint: server.url,
      api_version: '2024-10-21',
    });
    const request = await ask(config, { AZURE_API_KEY: 'env-key' });
    expect(request.path).toBe('/openai/deployments/dep-1/chat/completions');
    expect(request.query).toEqual({ 'api-version': '2024-10-21' });
    expect(request.headers['api-key']).toBe('env-key');
  });

  it('uses OLLAMA_HOST without a scheme and needs no key', async () => {
    const open = await startFakeModelServer(() => ({ kind: 'answer', text: 'ok' }));
    const { model } = await createLanguageModel(modelConfig({ provider: 'ollama', name: 'llama3.2' }), {
      OLLAMA_HOST: open.url.replace('http://', ''),
    });
    await generateText({ model, prompt: 'ping', maxRetries: 0 });
    expect(open.requests[0]?.path).toBe('/api/chat');
    expect(open.requests[0]?.headers['authorization']).toBeUndefined();
    await open.close();
  });

  it('sends an openai_compatible key only when one is configured', async () => {
    const config = modelConfig({ provider: 'openai_compatible', name: 'local', endpoint: `${server.url}/v1` });
    const request = await ask(config, { OPENAI_COMPATIBLE_API_KEY: 'env-key' });
    expect(request.headers['authorization']).toBe('Bearer env-key');
  });
});

describe('createLanguageModel endpoints', () => {
  it('requires an endpoint for openai_compatible', async () => {
    await expect(createLanguageModel(modelConfig({ provider: 'openai_compatible', name: 'm' }), {})).rejects.toThrow(
      /model\.endpoint is required for provider openai_compatible/,
    );
  });

  it('requires an endpoint for azure_openai, accepting AZURE_OPENAI_ENDPOINT', async () => {
    const config = modelConfig({ provider: 'azure_openai', name: 'dep-1', api_key: 'env-key' });
    await expect(createLanguageModel(config, {})).rejects.toThrow(
      /model\.endpoint is required for provider azure_openai/,
    );
    server.reset();
    const { model } = await createLanguageModel(config, { AZURE_OPENAI_ENDPOINT: server.url });
    await generateText({ model, prompt: 'ping', maxRetries: 0 });
    expect(server.requests[0]?.path).toBe('/openai/v1/chat/completions');
  });

  it('reads OPENAI_BASE_URL and ANTHROPIC_BASE_URL when model.endpoint is not set, as those SDKs do', async () => {
    const openai = await ask(modelConfig({ provider: 'openai', name: 'm' }), {
      OPENAI_API_KEY: 'env-key',
      OPENAI_BASE_URL: `${server.url}/v1`,
    });
    expect(openai.path).toBe('/v1/chat/completions');
    const anthropic = await ask(modelConfig({ provider: 'anthropic', name: 'claude-x' }), {
      ANTHROPIC_API_KEY: 'env-key',
      ANTHROPIC_BASE_URL: server.url,
    });
    expect(anthropic.path).toBe('/v1/messages');
    // model.endpoint wins over the variable.
    const configured = modelConfig({ provider: 'openai', name: 'm', endpoint: server.url });
    expect((await ask(configured, { OPENAI_API_KEY: 'env-key', OPENAI_BASE_URL: 'http://127.0.0.1:9' })).path).toBe(
      '/v1/chat/completions',
    );
    const bad = createLanguageModel(modelConfig({ provider: 'openai', name: 'm', api_key: 'k' }), {
      OPENAI_BASE_URL: 'localhost:8000',
    });
    await expect(bad).rejects.toThrow('OPENAI_BASE_URL is not an http(s) URL: "localhost:8000"');
  });

  it('rejects an endpoint that is not an http(s) URL', async () => {
    const config = modelConfig({ provider: 'openai', name: 'm', endpoint: 'localhost:8000', api_key: 'k' });
    await expect(createLanguageModel(config, {})).rejects.toThrow(BackendStartError);
    await expect(createLanguageModel(config, {})).rejects.toThrow(
      'model.endpoint is not an http(s) URL: "localhost:8000"',
    );
  });
});

describe('createLanguageModel: an endpoint with a query string', () => {
  it.each([
    ['openai', '/v1', '/v1/chat/completions'],
    ['openai_compatible', '/v1', '/v1/chat/completions'],
    ['anthropic', '', '/v1/messages'],
    ['ollama', '', '/api/chat'],
  ] as const)('%s: the query follows the API path of each request', async (provider, path, expected) => {
    const open = await startFakeModelServer(() => ({ kind: 'answer', text: 'ok' }));
    const endpoint = `${open.url}${path}?gateway=eu%2Fwest&token=abc`;
    const { model } = await createLanguageModel(modelConfig({ provider, name: 'm', endpoint, api_key: 'k' }), {});
    await generateText({ model, prompt: 'ping', maxRetries: 0 });
    expect(open.requests[0]?.path).toBe(expected);
    expect(open.requests[0]?.query).toEqual({ gateway: 'eu/west', token: 'abc' });
    await open.close();
  });

  it('azure_openai: api-version in the query selects the deployment URLs of that version', async () => {
    const config = modelConfig({
      provider: 'azure_openai',
      name: 'dep-1',
      endpoint: `${server.url}/openai?api-version=2024-10-21&team=a`,
    });
    const request = await ask(config, { AZURE_API_KEY: 'env-key' });
    expect(request.path).toBe('/openai/deployments/dep-1/chat/completions');
    expect(request.query).toEqual({ 'api-version': '2024-10-21', team: 'a' });
  });

  it('azure_openai: api_version wins over the query; the v1 API keeps the whole query', async () => {
    const dated = modelConfig({
      provider: 'azure_openai',
      name: 'dep-1',
      endpoint: `${server.url}/openai?api-version=2023-01-01`,
      api_version: '2024-10-21',
    });
    expect((await ask(dated, { AZURE_API_KEY: 'env-key' })).query).toEqual({ 'api-version': '2024-10-21' });
    const v1 = modelConfig({
      provider: 'azure_openai',
      name: 'dep-1',
      endpoint: `${server.url}/openai/v1?api-version=preview`,
    });
    const request = await ask(v1, { AZURE_API_KEY: 'env-key' });
    expect(request.path).toBe('/openai/v1/chat/completions');
    expect(request.query).toEqual({ 'api-version': 'preview' });
  });
});

/**
 * What the AI SDK provider did not send as configured is said, once: the Anthropic provider drops `temperature`
 * for a model name it does not know but takes for a Claude model (it treats such names as models that refuse
 * sampling settings), and picks its own output token limit for any unknown name when `max_tokens` is not set.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAiSdkBackend } from '../../src/backends/ai-sdk/create-ai-sdk-backend.js';
import { createLanguageModel } from '../../src/backends/ai-sdk/create-language-model.js';
import { generateJudgeObject } from '../../src/backends/ai-sdk/generate-judge-object.js';
import { asProviderModel } from '../../src/backends/ai-sdk/provider-model.js';
import type { ModelConfig } from '../../src/core/config-types.js';
import type { ToolSet } from '../../src/core/loaded-tool.js';
import { agentConfig, modelConfig, turnRequest } from '../fakes/fixtures/agent-config.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';

const KEY = 'sk-ant-xxxxxxxxxxxxxxxx';
let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(() => ({ kind: 'answer', text: '{"score": 1}' }));
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.reset();
  vi.restoreAllMocks();
});

function anthropic(name: string, settings: Partial<ModelConfig> = {}): ModelConfig {
  return modelConfig({ provider: 'anthropic', name, endpoint: server.url, api_key: KEY, ...settings });
}

/** Two calls of the model, as a turn's tool loop makes them; what was said and what was sent. */
async function callTwice(config: ModelConfig) {
  const said: string[] = [];
  const { model } = await createLanguageModel(config, {}, { warnings: (text) => said.push(text) });
  const provider = asProviderModel(model);
  for (let i = 0; i < 2; i += 1) {
    await provider.doGenerate({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'SAY ok' }] }],
      ...(config.temperature === null ? {} : { temperature: config.temperature }),
      ...(config.max_tokens === null ? {} : { maxOutputTokens: config.max_tokens }),
    });
  }
  return { said, bodies: server.requests.map((request) => request.body) };
}

describe('provider warnings', () => {
  it('names model.temperature and the model when the provider drops it for an unknown Claude-like name', async () => {
    // Told with each call; the run's sink says each text once (the last test).
    const { said, bodies } = await callTwice(anthropic('my-claude-proxy', { temperature: 0, max_tokens: 512 }));
    expect(bodies[0]).not.toHaveProperty('temperature');
    expect(bodies[0]).toMatchObject({ max_tokens: 512 });
    expect(said).toEqual([
      'model.temperature (0) is not applied as given to model my-claude-proxy (anthropic): the AI SDK provider changed or dropped it (temperature is not supported by my-claude-proxy and will be ignored)',
      'model.temperature (0) is not applied as given to model my-claude-proxy (anthropic): the AI SDK provider changed or dropped it (temperature is not supported by my-claude-proxy and will be ignored)',
    ]);
  });

  it('says max_tokens is unset when the provider picks the limit for a name it does not know', async () => {
    const { said, bodies } = await callTwice(anthropic('my-claude-proxy'));
    expect(bodies[0]).toMatchObject({ max_tokens: 128000 });
    expect(said[0]).toBe(
      'model my-claude-proxy (anthropic): model.max_tokens is not set, so the provider chose the output token limit sent (The model "my-claude-proxy" is unknown. The max output tokens have been limited to 128000. Set maxOutputTokens explicitly to override this limit.): set model.max_tokens to the model\'s own limit',
    );
  });

  it('says nothing for a known model, which gets both settings as configured', async () => {
    const { said, bodies } = await callTwice(anthropic('claude-sonnet-4-5', { temperature: 0, max_tokens: 512 }));
    expect(bodies[0]).toMatchObject({ temperature: 0, max_tokens: 512 });
    expect(said).toEqual([]);
  });

  it("says nothing of a judge's response format, which holodeck parses itself", async () => {
    const said: string[] = [];
    const config = modelConfig({ provider: 'openai_compatible', name: 'local', endpoint: `${server.url}/v1` });
    const { model } = await createLanguageModel(config, {}, { warnings: (text) => said.push(text) });
    const request = { system: 'Grade.', prompt: 'x', schema: { type: 'object' }, schema_name: 'verdict' };
    const settings = { temperature: 0, max_output_tokens: null };
    const answer = await generateJudgeObject(
      asProviderModel(model),
      request,
      settings,
      new AbortController().signal,
      () => {},
    );
    expect(answer).toEqual({ score: 1 });
    expect(said).toEqual([]);
  });

  it("an agent's turns say each warning once on stderr, over several calls and sessions", async () => {
    const lines: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    const catching = (chunk: string | Uint8Array): boolean => {
      if (typeof chunk === 'string' && chunk.startsWith('warning: ')) lines.push(chunk);
      else write(chunk);
      return true;
    };
    vi.spyOn(process.stderr, 'write').mockImplementation(catching as typeof process.stderr.write);
    const toolSet: ToolSet = { tools: [], close: async () => undefined };
    const config = agentConfig({ model: anthropic('my-claude-proxy', { temperature: 0.5, max_tokens: 64 }) });
    const backend = await createAiSdkBackend(config, { env: {}, toolSet });
    for (const name of ['one', 'two']) {
      const session = await backend.openSession({ test_case_name: name, signal: new AbortController().signal });
      const turn = await session.send(turnRequest(0, 'SAY hi'));
      expect(turn.response).toBe('{"score": 1}');
    }
    expect(server.requests).toHaveLength(2);
    expect(lines).toEqual([
      'warning: model.temperature (0.5) is not applied as given to model my-claude-proxy (anthropic): the AI SDK provider changed or dropped it (temperature is not supported by my-claude-proxy and will be ignored)\n',
    ]);
  });
});

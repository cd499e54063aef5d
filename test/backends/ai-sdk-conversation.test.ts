import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAiSdkBackend } from '../../src/backends/ai-sdk/create-ai-sdk-backend.js';
import type { ModelConfig } from '../../src/core/config-types.js';
import { loadToolSet } from '../../src/tools/load-tool-set.js';
import { createConvFinQaScript, JKHY_2009 } from '../fakes/convfinqa-script.js';
import type { FakeMessage, FakeRequest, FakeScript } from '../fakes/fake-script.js';
import { agentConfig, modelConfig, turnRequest } from '../fakes/fixtures/agent-config.js';
import { financeTools } from '../fakes/fixtures/tool-configs.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';

const KEY = 'sk-test-key';
const USAGE = { prompt_tokens: 100, completion_tokens: 10, cache_read_tokens: 40, cache_creation_tokens: 5 };

/** The ConvFinQA script with fixed usage per reply, so token sums are exact. */
const script: FakeScript = async (request) => {
  const reply = await createConvFinQaScript()(request);
  return reply.kind === 'answer' ? { ...reply, usage: USAGE } : reply;
};

interface ProviderCase {
  readonly label: string;
  readonly model: (url: string) => ModelConfig;
  readonly protocol: FakeRequest['protocol'];
  readonly path: RegExp;
  /** Cache tokens the protocol can report: [read, creation] per model call. */
  readonly cache: readonly [number, number];
}

const PROVIDERS: readonly ProviderCase[] = [
  {
    label: 'openai',
    model: (url) => modelConfig({ provider: 'openai', name: 'gpt-4o-mini', endpoint: `${url}/v1`, api_key: KEY }),
    protocol: 'openai',
    path: /^\/v1\/chat\/completions$/,
    cache: [40, 0],
  },
  {
    label: 'azure_openai (deployment URL)',
    model: (url) =>
      modelConfig({
        provider: 'azure_openai',
        name: 'fin-deploy',
        endpoint: url,
        api_key: KEY,
        api_version: '2024-10-21',
      }),
    protocol: 'azure',
    path: /^\/openai\/deployments\/fin-deploy\/chat\/completions$/,
    cache: [40, 0],
  },
  {
    label: 'azure_openai (v1 API)',
    model: (url) => modelConfig({ provider: 'azure_openai', name: 'fin-deploy', endpoint: url, api_key: KEY }),
    protocol: 'azure',
    path: /^\/openai\/v1\/chat\/completions$/,
    cache: [40, 0],
  },
  {
    label: 'anthropic',
    model: (url) => modelConfig({ provider: 'anthropic', name: 'claude-sonnet-4-5', endpoint: url, api_key: KEY }),
    protocol: 'anthropic',
    path: /^\/v1\/messages$/,
    cache: [40, 5],
  },
  {
    label: 'ollama',
    model: (url) => modelConfig({ provider: 'ollama', name: 'llama3.2', endpoint: url, api_key: KEY }),
    protocol: 'ollama',
    path: /^\/api\/chat$/,
    cache: [0, 0],
  },
  {
    label: 'openai_compatible',
    model: (url) =>
      modelConfig({ provider: 'openai_compatible', name: 'local-model', endpoint: `${url}/v1`, api_key: KEY }),
    protocol: 'openai',
    path: /^\/v1\/chat\/completions$/,
    cache: [40, 0],
  },
];

const roles = (messages: readonly FakeMessage[]) => messages.map((m) => m.role);

describe.each(PROVIDERS)('ai_sdk backend over $label', (provider) => {
  let server: FakeModelServer;
  beforeAll(async () => {
    server = await startFakeModelServer(script, { require_api_key: KEY });
  });
  afterAll(async () => {
    await server.close();
  });

  it('runs the 4-turn ConvFinQA conversation with tools, history and usage, each call one whole (unstreamed) response', async () => {
    const tools = await loadToolSet(financeTools());
    const config = agentConfig({ model: provider.model(server.url), tools: financeTools() });
    const backend = await createAiSdkBackend(config, { env: {}, toolSet: tools });
    const session = await backend.openSession({ test_case_name: JKHY_2009.name, signal: new AbortController().signal });
    const turns = [];
    for (const [index, turn] of JKHY_2009.turns.entries()) {
      turns.push(await session.send(turnRequest(index, turn.input)));
    }
    await session.close();
    await backend.close();
    await tools.close();

    expect(turns.map((t) => t.response)).toEqual(['206588', '181001', '25587', '0.14136']);
    expect(turns.map((t) => t.tool_invocations.map((c) => c.name))).toEqual([
      ['lookup'],
      ['lookup'],
      ['subtract'],
      ['subtract', 'divide'],
    ]);
    expect(turns[0]?.tool_invocations[0]).toMatchObject({
      args: { row: 'net cash from operating activities', column: '2009' },
      result: 206588,
      error: null,
    });
    expect(turns[0]?.tool_invocations[0]?.duration_ms).toEqual(expect.any(Number));
    expect(turns[3]?.tool_invocations[1]).toMatchObject({ args: { a: 25587, b: 181001 }, error: null });
    expect(turns[3]?.tool_invocations[1]?.result).toBeCloseTo(0.141364, 5);
    expect(turns.every((t) => t.retries === 0)).toBe(true);

    // Two model calls per turn (three on turn 4); usage summed over them.
    const [read, creation] = provider.cache;
    expect(turns[0]?.token_usage).toEqual({
      prompt_tokens: 200,
      completion_tokens: 20,
      total_tokens: 220,
      cache_read_tokens: 2 * read,
      cache_creation_tokens: 2 * creation,
    });
    expect(turns[3]?.token_usage.prompt_tokens).toBe(300);

    const requests = server.requests;
    expect(requests).toHaveLength(9);
    for (const request of requests) {
      expect(request.protocol).toBe(provider.protocol);
      expect(request.path).toMatch(provider.path);
      expect(request.stream).toBe(false);
      expect(request.system).toBe(config.instructions);
      expect(request.tools.map((t) => t.name)).toEqual(['lookup', 'subtract', 'divide', 'archive']);
    }
    // Turn 2's first request carries turn 1's question, tool call, tool result and answer.
    const turn2 = requests[2];
    expect(roles(turn2?.messages ?? [])).toEqual(['user', 'assistant', 'tool', 'assistant', 'user']);
    expect(turn2?.messages[0]).toMatchObject({ role: 'user', text: JKHY_2009.turns[0].input });
    expect(turn2?.messages[1]).toMatchObject({ role: 'assistant', tool_calls: [{ name: 'lookup' }] });
    expect(turn2?.messages[2]).toMatchObject({ role: 'tool', name: 'lookup', content: '206588' });
    expect(turn2?.messages[3]).toMatchObject({ role: 'assistant', text: '206588' });
    // The last request holds the whole conversation: 4 questions, 4 answers, 5 tool calls and results.
    const last = requests[8]?.messages ?? [];
    expect(last.filter((m) => m.role === 'user')).toHaveLength(4);
    expect(last.filter((m) => m.role === 'tool')).toHaveLength(5);
    expect(last.at(-1)).toMatchObject({ role: 'tool', name: 'divide' });
  });
});

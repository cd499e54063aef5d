import { afterEach, describe, expect, it } from 'vitest';
import { createAiSdkJudge, JudgeCallError } from '../../src/backends/ai-sdk/create-ai-sdk-judge.js';
import type { ProviderName } from '../../src/core/config-types.js';
import { BackendStartError } from '../../src/core/errors.js';
import type { FakeRequest, FakeScript } from '../fakes/fake-script.js';
import { modelConfig } from '../fakes/fixtures/agent-config.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';

const SCHEMA = {
  type: 'object',
  properties: { score: { type: 'number' }, reasoning: { type: 'string' } },
  required: ['score', 'reasoning'],
  additionalProperties: false,
};
const VERDICT = { score: 0.8, reasoning: 'the answer matches the ground truth' };

/** Answers with the verdict the way the provider asked for structured output: a `json` tool, or JSON text. */
const judgeScript: FakeScript = (request: FakeRequest) =>
  request.tools.some((t) => t.name === 'json')
    ? { kind: 'answer', tool_calls: [{ name: 'json', args: VERDICT }] }
    : { kind: 'answer', text: JSON.stringify(VERDICT) };

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

function request(signal = new AbortController().signal) {
  return {
    system: 'You grade answers.',
    prompt: 'Grade: 25587 vs 25587',
    schema: SCHEMA,
    schema_name: 'verdict',
    signal,
  };
}

function judgeFor(provider: ProviderName, url: string, delays: number[] = []) {
  const endpoint = provider === 'openai' ? `${url}/v1` : url;
  return createAiSdkJudge(
    modelConfig({ provider, name: 'judge-model', endpoint, api_key: 'k' }),
    {},
    {
      sleep: async (ms) => {
        delays.push(ms);
      },
    },
  );
}

describe('createAiSdkJudge', () => {
  it.each(['openai', 'anthropic', 'ollama'] as const)('returns the structured verdict over %s', async (provider) => {
    server = await startFakeModelServer(judgeScript);
    const verdict = await judgeFor(provider, server.url).judge(request());
    expect(verdict).toEqual(VERDICT);
    const sent = server.requests[0];
    expect(sent?.stream).toBe(false);
    expect(sent?.system).toBe('You grade answers.');
    if (provider === 'openai') {
      expect(sent?.body['response_format']).toMatchObject({ type: 'json_schema', json_schema: { name: 'verdict' } });
    }
  });

  it('retries a 429 and then answers', async () => {
    server = await startFakeModelServer((r) =>
      r.index === 0 ? { kind: 'error', status: 429, headers: { 'retry-after-ms': '7' } } : judgeScript(r),
    );
    const delays: number[] = [];
    await expect(judgeFor('openai', server.url, delays).judge(request())).resolves.toEqual(VERDICT);
    expect(delays).toEqual([7]);
  });

  it('fails with the provider message on a 401, without retrying', async () => {
    server = await startFakeModelServer(judgeScript, { require_api_key: 'right' });
    const error = await judgeFor('openai', server.url)
      .judge(request())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JudgeCallError);
    expect((error as JudgeCallError).code).toBe('MODEL_AUTH');
    expect((error as Error).message).toMatch(/^judge model request failed: 401 Incorrect API key provided/);
    expect(server.requests).toHaveLength(1);
  });

  it('fails when the model answers something that is not the object', async () => {
    server = await startFakeModelServer(() => ({ kind: 'answer', text: 'I think it is fine.' }));
    await expect(judgeFor('openai', server.url).judge(request())).rejects.toThrow(JudgeCallError);
  });

  it('stops when the signal aborts', async () => {
    server = await startFakeModelServer(() => ({ kind: 'answer', text: '{}', delay_ms: 10_000 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('evaluation timed out')), 50);
    await expect(judgeFor('openai', server.url).judge(request(controller.signal))).rejects.toThrow(
      'judge call aborted',
    );
  });

  it('reports a missing key when it is first used', async () => {
    const judge = createAiSdkJudge(modelConfig({ provider: 'anthropic', name: 'claude-x' }), {});
    await expect(judge.judge(request())).rejects.toThrow(BackendStartError);
  });
});

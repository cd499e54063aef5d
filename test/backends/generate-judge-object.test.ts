/** A judge's structured-output call (generate-judge-object.ts) through the real providers against the fake server. */
import { afterEach, describe, expect, it } from 'vitest';
import { createLanguageModel } from '../../src/backends/ai-sdk/create-language-model.js';
import { generateJudgeObject } from '../../src/backends/ai-sdk/generate-judge-object.js';
import { asProviderModel, type ProviderUsage } from '../../src/backends/ai-sdk/provider-model.js';
import type { ProviderName } from '../../src/core/config-types.js';
import { callTools, type FakeScript } from '../fakes/fake-script.js';
import { modelConfig } from '../fakes/fixtures/agent-config.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const SCHEMA = { type: 'object', properties: { score: { type: 'number' } }, required: ['score'] };
const REQUEST = { system: 'You grade answers.', prompt: 'Grade: 3 vs 3', schema: SCHEMA, schema_name: 'verdict' };

async function judge(script: FakeScript, provider: ProviderName = 'openai') {
  server = await startFakeModelServer(script);
  const endpoint = provider === 'anthropic' ? server.url : `${server.url}/v1`;
  const config = modelConfig({ provider, name: 'judge', endpoint, api_key: 'k', temperature: 0, max_tokens: 99 });
  const model = asProviderModel((await createLanguageModel(config, {})).model);
  const usages: ProviderUsage[] = [];
  const settings = { temperature: 0, max_output_tokens: 99 };
  const result = generateJudgeObject(model, REQUEST, settings, new AbortController().signal, (u) => usages.push(u));
  return { result: await result.catch((error: unknown) => ({ error })), usages };
}

describe('generateJudgeObject', () => {
  it.each(['openai', 'anthropic'] as const)(
    'asks %s for the schema and returns the parsed object with its usage',
    async (provider) => {
      const script: FakeScript = (request) =>
        request.tools.some((t) => t.name === 'json')
          ? callTools({ name: 'json', args: { score: 1 } })
          : { kind: 'answer', text: '{"score": 1}' };
      const { result, usages } = await judge(script, provider);
      expect(result).toEqual({ score: 1 });
      expect(usages).toHaveLength(1);
      expect(usages[0]?.inputTokens.total).toBeGreaterThan(0);
      const sent = server?.requests[0];
      expect(sent?.system).toBe('You grade answers.');
      expect(sent?.messages).toEqual([{ role: 'user', text: 'Grade: 3 vs 3', images: [] }]);
      if (provider === 'openai') {
        expect(sent?.body).toMatchObject({
          temperature: 0,
          max_tokens: 99,
          response_format: { type: 'json_schema', json_schema: { name: 'verdict', schema: SCHEMA } },
        });
      }
    },
  );

  it('fails an answer that is not JSON with the SDK NoObjectGeneratedError, naming the text, its usage counted', async () => {
    const { result, usages } = await judge(() => ({ kind: 'answer', text: 'It is fine.' }));
    const error = (result as { error: Error & { text?: string } }).error;
    expect(error.name).toBe('AI_NoObjectGeneratedError');
    expect(error.message).toBe('No object generated: could not parse the response.');
    expect(error.text).toBe('It is fine.');
    // Paid for all the same: the judge's cost counts it.
    expect(usages).toHaveLength(1);
  });

  it('fails an answer that gives one key twice: which score the judge meant is unknown', async () => {
    const { result } = await judge(() => ({ kind: 'answer', text: '{"score": 0.2, "reasoning": "x", "score": 1}' }));
    const error = (result as { error: Error & { cause?: Error & { cause?: Error } } }).error;
    expect(error.name).toBe('AI_NoObjectGeneratedError');
    expect(error.cause?.cause?.message).toBe('the key "score" appears twice in the same object');
  });

  it('fails an answer that is only a tool call, saying so, its usage still counted', async () => {
    const { result, usages } = await judge(() => callTools({ name: 'other', args: {} }));
    const error = (result as { error: Error & { cause?: Error } }).error;
    expect(error.name).toBe('AI_NoObjectGeneratedError');
    expect(error.cause?.message).toBe('the judge answered with a tool call, not the JSON object asked for');
    expect(usages).toHaveLength(1);
  });
});

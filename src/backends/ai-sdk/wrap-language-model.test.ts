import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { wrapLanguageModel } from './wrap-language-model.js';

const RESULT = {
  content: [{ type: 'text', text: 'hi' }],
  finishReason: { unified: 'stop', raw: 'stop' },
  usage: {
    inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 1, text: 1, reasoning: 0 },
  },
  warnings: [],
} as unknown as LanguageModelV3GenerateResult;

function fakeModel(seen: LanguageModelV3CallOptions[]): LanguageModelV3 {
  return {
    specificationVersion: 'v3',
    provider: 'fake.chat',
    modelId: 'fake-1',
    supportedUrls: { 'image/*': [/^https:/] },
    doGenerate: async (options) => {
      seen.push(options);
      return RESULT;
    },
    doStream: async () => {
      throw new Error('the fake model does not stream');
    },
  };
}

const PROMPT: LanguageModelV3CallOptions = { prompt: [{ role: 'user', content: [{ type: 'text', text: 'q' }] }] };

describe('wrapLanguageModel', () => {
  it('keeps the provider, model id and URLs, and sends the transformed options through wrapGenerate', async () => {
    const seen: LanguageModelV3CallOptions[] = [];
    const order: string[] = [];
    const model = wrapLanguageModel(fakeModel(seen), {
      specificationVersion: 'v3',
      transformParams: async ({ params, type }) => {
        order.push(`transform ${type}`);
        return { ...params, temperature: 0.5 };
      },
      wrapGenerate: async ({ doGenerate, params }) => {
        order.push(`wrap temperature ${params.temperature}`);
        const result = await doGenerate();
        return { ...result, content: [{ type: 'text', text: 'wrapped' }] };
      },
    });
    expect([model.provider, model.modelId, model.supportedUrls]).toEqual([
      'fake.chat',
      'fake-1',
      { 'image/*': [/^https:/] },
    ]);
    const result = await model.doGenerate(PROMPT);
    expect(order).toEqual(['transform generate', 'wrap temperature 0.5']);
    expect(seen).toEqual([{ ...PROMPT, temperature: 0.5 }]);
    expect(result.content).toEqual([{ type: 'text', text: 'wrapped' }]);
  });

  it('calls the model itself when the middleware wraps nothing, and passes its errors on', async () => {
    const seen: LanguageModelV3CallOptions[] = [];
    const model = wrapLanguageModel(fakeModel(seen), { specificationVersion: 'v3' });
    expect(await model.doGenerate(PROMPT)).toBe(RESULT);
    expect(seen).toEqual([PROMPT]);
    await expect(model.doStream(PROMPT)).rejects.toThrow('the fake model does not stream');
  });

  it('nests: the outer middleware sees the call first', async () => {
    const order: string[] = [];
    const tag = (name: string) => ({
      specificationVersion: 'v3' as const,
      wrapGenerate: async ({ doGenerate }: { doGenerate: () => PromiseLike<LanguageModelV3GenerateResult> }) => {
        order.push(name);
        return doGenerate();
      },
    });
    const model = wrapLanguageModel(wrapLanguageModel(fakeModel([]), tag('inner')), tag('outer'));
    await model.doGenerate(PROMPT);
    expect(order).toEqual(['outer', 'inner']);
  });
});

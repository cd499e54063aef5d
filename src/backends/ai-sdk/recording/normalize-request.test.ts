import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../core/canonical-json.js';
import { createRedactor } from '../../../core/redactor.js';
import { type CallOptions, normalizeRequest, temperatureOf } from './normalize-request.js';
import { keyRequest, requestKey } from './request-key.js';

const MODEL = { provider: 'openai.chat', modelId: 'gpt-4o-mini' };

function options(overrides: Partial<CallOptions> = {}): CallOptions {
  return {
    prompt: [
      { role: 'system', content: 'Answer with the number only.' },
      { role: 'user', content: [{ type: 'text', text: 'what about in 2008?' }] },
    ],
    temperature: 0,
    maxOutputTokens: 200,
    tools: [{ type: 'function', name: 'lookup', description: 'A cell', inputSchema: { type: 'object' } }],
    ...overrides,
  } as CallOptions;
}

describe('normalizeRequest', () => {
  it('keeps provider, model, messages, tools and parameters under stable names', () => {
    const request = normalizeRequest(options({ toolChoice: { type: 'auto' }, seed: 7 }), MODEL);
    expect(request).toEqual({
      provider: 'openai.chat',
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'Answer with the number only.' },
        { role: 'user', content: [{ type: 'text', text: 'what about in 2008?' }] },
      ],
      parameters: { temperature: 0, max_output_tokens: 200, seed: 7 },
      tools: [{ type: 'function', name: 'lookup', description: 'A cell', inputSchema: { type: 'object' } }],
      tool_choice: { type: 'auto' },
    });
  });

  it('leaves out headers, the abort signal and raw-chunk flags, so they never change the key', () => {
    const plain = normalizeRequest(options(), MODEL);
    const noisy = normalizeRequest(
      options({
        headers: { authorization: 'Bearer sk-live-123456', 'x-request-id': 'abc' },
        abortSignal: new AbortController().signal,
        includeRawChunks: true,
      }),
      MODEL,
    );
    expect(noisy).toEqual(plain);
    expect(JSON.stringify(noisy)).not.toContain('sk-live');
  });

  it('replaces file bytes by their digest and size, whether bytes or base64 text', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const prompt = [{ role: 'user', content: [{ type: 'file', mediaType: 'image/png', data: bytes }] }];
    const request = normalizeRequest(options({ prompt } as Partial<CallOptions>), MODEL);
    expect(request.messages).toEqual([
      {
        role: 'user',
        content: [
          {
            type: 'file',
            mediaType: 'image/png',
            data: { sha256: '039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81', bytes: 3 },
          },
        ],
      },
    ]);
    const text = [{ role: 'user', content: [{ type: 'file', mediaType: 'image/png', data: 'AQID' }] }];
    const fromText = normalizeRequest(options({ prompt: text } as Partial<CallOptions>), MODEL);
    expect(JSON.stringify(fromText)).not.toContain('AQID');
  });

  it('tells the temperature asked for, or null when none is set', () => {
    expect(temperatureOf(normalizeRequest(options({ temperature: 0.7 }), MODEL))).toBe(0.7);
    const { temperature: _unset, ...withoutTemperature } = options();
    expect(temperatureOf(normalizeRequest(withoutTemperature, MODEL))).toBeNull();
  });
});

describe('request keys', () => {
  it('do not depend on the order of object keys', () => {
    const a = { provider: 'p', model: 'm', messages: [{ role: 'user', content: 'x' }], parameters: { a: 1, b: 2 } };
    const b = { parameters: { b: 2, a: 1 }, messages: [{ content: 'x', role: 'user' }], model: 'm', provider: 'p' };
    expect(requestKey(a)).toBe(requestKey(b));
    expect(canonicalJson(b)).toBe(canonicalJson(a));
    expect(requestKey(a)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('change with any message, tool or parameter', () => {
    const base = requestKey(normalizeRequest(options(), MODEL));
    expect(requestKey(normalizeRequest(options({ temperature: 0.1 }), MODEL))).not.toBe(base);
    expect(requestKey(normalizeRequest(options({ tools: [] }), MODEL))).not.toBe(base);
    expect(requestKey(normalizeRequest(options(), { ...MODEL, modelId: 'gpt-4o' }))).not.toBe(base);
  });

  it('are taken after masking: the request kept has its secrets masked, and another value of the secret keys the same', () => {
    const withSecret = (value: string) =>
      options({
        prompt: [{ role: 'system', content: `Use the token ${value} for the ledger.` }],
      } as Partial<CallOptions>);
    const first = keyRequest(
      normalizeRequest(withSecret('tok-aaaa1111'), MODEL),
      createRedactor([{ name: 'LEDGER_TOKEN', value: 'tok-aaaa1111' }]),
    );
    const second = keyRequest(
      normalizeRequest(withSecret('tok-bbbb2222'), MODEL),
      createRedactor([{ name: 'LEDGER_TOKEN', value: 'tok-bbbb2222' }]),
    );
    expect(JSON.stringify(first.request)).toContain('Use the token ***LEDGER_TOKEN for the ledger.');
    expect(JSON.stringify(first.request)).not.toContain('tok-aaaa1111');
    expect(second.key).toBe(first.key);
  });
});

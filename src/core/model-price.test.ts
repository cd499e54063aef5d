import { describe, expect, it } from 'vitest';
import type { ModelConfig } from './config-types.js';
import { type ModelPrice, priceUsage, usedTokens } from './model-price.js';
import { pricedModel, resolvePrice } from './resolve-price.js';
import type { TokenUsage } from './token-usage.js';

const usage = (prompt: number, completion: number, cacheRead = 0, cacheWrite = 0): TokenUsage => ({
  prompt_tokens: prompt,
  completion_tokens: completion,
  total_tokens: prompt + completion,
  cache_read_tokens: cacheRead,
  cache_creation_tokens: cacheWrite,
});

const price = (
  input: number,
  output: number,
  cached: number | null = null,
  write: number | null = null,
): ModelPrice => ({
  input_per_mtok: input,
  output_per_mtok: output,
  cached_input_per_mtok: cached,
  cache_write_per_mtok: write,
});

function model(provider: ModelConfig['provider'], name: string, pricing?: ModelPrice): ModelConfig {
  return {
    provider,
    name,
    endpoint: null,
    api_key: null,
    temperature: null,
    max_tokens: null,
    api_version: null,
    ...(pricing === undefined ? {} : { pricing }),
  };
}

describe('priceUsage', () => {
  it('charges input and output tokens per million', () => {
    expect(priceUsage(usage(1_000_000, 0), price(2.5, 10))).toBe(2.5);
    expect(priceUsage(usage(0, 1_000_000), price(2.5, 10))).toBe(10);
    expect(priceUsage(usage(1000, 100), price(2.5, 10))).toBe(0.0035);
  });

  it('charges cached input at its own rate, taken out of prompt_tokens', () => {
    // 800 uncached × 0.15 + 200 cached × 0.075 + 100 output × 0.6 = 195 µ$
    expect(priceUsage(usage(1000, 100, 200), price(0.15, 0.6, 0.075))).toBe(0.000195);
  });

  it('charges cache writes at their rate (Anthropic), and both at the input rate when no rate is given', () => {
    // 500 uncached × 3 + 300 read × 0.3 + 200 written × 3.75 + 10 output × 15 = 2490 µ$
    expect(priceUsage(usage(1000, 10, 300, 200), price(3, 15, 0.3, 3.75))).toBe(0.00249);
    expect(priceUsage(usage(1000, 10, 300, 200), price(3, 15))).toBe(priceUsage(usage(1000, 10), price(3, 15)));
  });

  it('never charges more cached tokens than the prompt had', () => {
    expect(priceUsage(usage(100, 0, 500, 500), price(1, 1, 0.5, 2))).toBe(0.00005);
  });

  it('keeps sums free of floating-point noise', () => {
    expect(priceUsage(usage(1, 2), price(0.1, 0.2))).toBe(0.0000005);
  });
});

describe('usedTokens', () => {
  it('is false only when nothing was counted', () => {
    expect(usedTokens(usage(0, 0))).toBe(false);
    expect(usedTokens(usage(1, 0))).toBe(true);
    expect(usedTokens(usage(0, 1))).toBe(true);
  });
});

describe('resolvePrice and pricedModel', () => {
  it('prefers the pricing block of the model', () => {
    const own = price(1, 2, 0.5);
    expect(resolvePrice(model('openai', 'gpt-4o', own))).toBe(own);
    expect(pricedModel(model('openai', 'gpt-4o', own))).toEqual({
      label: 'openai:gpt-4o',
      price: own,
      source: 'config',
    });
  });

  it('falls back to the built-in table, then to no price', () => {
    expect(pricedModel(model('openai', 'gpt-4o'))).toEqual({
      label: 'openai:gpt-4o',
      price: price(2.5, 10, 1.25),
      source: 'builtin',
    });
    expect(pricedModel(model('openai_compatible', 'my-model'))).toEqual({
      label: 'openai_compatible:my-model',
      price: null,
      source: null,
    });
  });
});

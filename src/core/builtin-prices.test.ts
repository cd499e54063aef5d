import { describe, expect, it } from 'vitest';
import { builtinPrice, builtinPriceList, PRICES_AS_OF } from './builtin-prices.js';

describe('builtinPrice', () => {
  it('knows common OpenAI models, with cached input', () => {
    expect(builtinPrice('openai', 'gpt-4o-mini')).toEqual({
      input_per_mtok: 0.15,
      output_per_mtok: 0.6,
      cached_input_per_mtok: 0.075,
      cache_write_per_mtok: null,
    });
    expect(builtinPrice('openai', 'gpt-4.1')?.input_per_mtok).toBe(2);
    expect(builtinPrice('openai', 'GPT-5-MINI')?.output_per_mtok).toBe(2);
  });

  it('knows common Anthropic models, with cache reads and writes', () => {
    expect(builtinPrice('anthropic', 'claude-sonnet-4-5')).toEqual({
      input_per_mtok: 3,
      output_per_mtok: 15,
      cached_input_per_mtok: 0.3,
      cache_write_per_mtok: 3.75,
    });
    expect(builtinPrice('anthropic', 'claude-haiku-4-5')?.input_per_mtok).toBe(1);
  });

  it('prices dated snapshots and aliases as their model', () => {
    expect(builtinPrice('openai', 'gpt-4o-2024-08-06')).toEqual(builtinPrice('openai', 'gpt-4o'));
    expect(builtinPrice('anthropic', 'claude-sonnet-4-5-20250929')).toEqual(
      builtinPrice('anthropic', 'claude-sonnet-4-5'),
    );
    expect(builtinPrice('anthropic', 'claude-3-5-haiku-latest')).toEqual(builtinPrice('anthropic', 'claude-3-5-haiku'));
    expect(builtinPrice('anthropic', 'claude-sonnet-4-0')).toEqual(builtinPrice('anthropic', 'claude-sonnet-4'));
  });

  it('keeps a snapshot that has a price of its own', () => {
    expect(builtinPrice('openai', 'gpt-4o-2024-05-13')?.input_per_mtok).toBe(5);
  });

  it('does not confuse a model with a longer name that starts the same', () => {
    expect(builtinPrice('openai', 'gpt-4o-mini')?.input_per_mtok).toBe(0.15);
    expect(builtinPrice('openai', 'gpt-4o-audio-preview')).toBeNull();
    expect(builtinPrice('openai', 'gpt-4')).toBeNull();
  });

  it('gives Azure deployments named after a model its OpenAI price, and none to other names', () => {
    expect(builtinPrice('azure_openai', 'gpt-4o')).toEqual(builtinPrice('openai', 'gpt-4o'));
    expect(builtinPrice('azure_openai', 'prod-deployment')).toBeNull();
  });

  it('has no price for local and OpenAI-compatible servers, nor across providers', () => {
    expect(builtinPrice('ollama', 'llama3.2')).toBeNull();
    expect(builtinPrice('openai_compatible', 'gpt-4o')).toBeNull();
    expect(builtinPrice('anthropic', 'gpt-4o')).toBeNull();
  });

  it('lists every model once with its price, and states its date', () => {
    const list = builtinPriceList();
    expect(list.length).toBeGreaterThan(15);
    expect(list.every((row) => row.provider !== 'azure_openai' && row.price.output_per_mtok > 0)).toBe(true);
    expect(PRICES_AS_OF).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

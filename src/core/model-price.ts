/**
 * What a model costs per million tokens, and what one call's token usage costs at that price. Which price a
 * model has is resolve-price.ts's business.
 */
import type { TokenUsage } from './token-usage.js';

/** US dollars per million tokens. */
export interface ModelPrice {
  /** Input tokens read neither from nor into the provider's prompt cache. */
  readonly input_per_mtok: number;
  readonly output_per_mtok: number;
  /** Input tokens read from the prompt cache; null: charged as input. */
  readonly cached_input_per_mtok: number | null;
  /** Input tokens written to the prompt cache (Anthropic); null: charged as input. */
  readonly cache_write_per_mtok: number | null;
}

/** A model as the cost of a run sees it: a label for reports ("provider:name") and its price, if known. */
export interface PricedModel {
  readonly label: string;
  readonly price: ModelPrice | null;
  /** Where the price comes from: the model's `pricing:` block or the built-in table; null without a price. */
  readonly source: 'config' | 'builtin' | null;
}

const PER_MILLION = 1_000_000;

/**
 * US dollars for `usage` at `price`. `prompt_tokens` counts all input, cached included (both backends report
 * it so): the cache reads and writes are taken out of it and charged at their own rates. Rounded to 1e-10.
 */
export function priceUsage(usage: TokenUsage, price: ModelPrice): number {
  const cached = Math.min(usage.cache_read_tokens, usage.prompt_tokens);
  const written = Math.min(usage.cache_creation_tokens, usage.prompt_tokens - cached);
  const uncached = usage.prompt_tokens - cached - written;
  const usd =
    (uncached * price.input_per_mtok +
      cached * (price.cached_input_per_mtok ?? price.input_per_mtok) +
      written * (price.cache_write_per_mtok ?? price.input_per_mtok) +
      usage.completion_tokens * price.output_per_mtok) /
    PER_MILLION;
  return roundUsd(usd);
}

/** Whether a call (or a sum of calls) used any token at all: one that used none costs 0, priced or not. */
export function usedTokens(usage: TokenUsage): boolean {
  return usage.prompt_tokens > 0 || usage.completion_tokens > 0 || usage.total_tokens > 0;
}

/** Dollar amounts are kept to 1e-10: sums of many small costs stay free of floating-point noise. */
export function roundUsd(usd: number): number {
  return Math.round(usd * 1e10) / 1e10;
}

/**
 * List prices of common OpenAI and Anthropic models, in US dollars per million tokens, as the providers
 * published them on PRICES_AS_OF (openai.com/api/pricing, platform.claude.com/docs/en/about-claude/pricing).
 * Azure OpenAI deployments named after a model get that model's price (Azure's global standard list price is
 * OpenAI's). Prices change: a model's `pricing:` block overrides this table, and a model not in it has no
 * price (its cost is unknown, never 0).
 */
import type { ProviderName } from './config-types.js';
import type { ModelPrice } from './model-price.js';

export const PRICES_AS_OF = '2026-12-04';

type Row = readonly [input: number, output: number, cachedInput: number | null, cacheWrite: number | null];

const OPENAI: Readonly<Record<string, Row>> = {
  'gpt-5': [1.25, 10, 0.125, null],
  'gpt-5-mini': [0.25, 2, 0.025, null],
  'gpt-5-nano': [0.05, 0.4, 0.005, null],
  'gpt-4.1': [2, 8, 0.5, null],
  'gpt-4.1-mini': [0.4, 1.6, 0.1, null],
  'gpt-4.1-nano': [0.1, 0.4, 0.025, null],
  'gpt-4o': [2.5, 10, 1.25, null],
  // The first gpt-4o snapshot kept its launch price.
  'gpt-4o-2024-05-13': [5, 15, null, null],
  'gpt-4o-mini': [0.15, 0.6, 0.075, null],
  o3: [2, 8, 0.5, null],
  'o3-mini': [1.1, 4.4, 0.55, null],
  'o4-mini': [1.1, 4.4, 0.275, null],
};

// Cache writes at the 5-minute rate (1.25 × input), the default cache lifetime.
const ANTHROPIC: Readonly<Record<string, Row>> = {
  'claude-opus-4-6': [5, 25, 0.5, 6.25],
  'claude-opus-4-5': [5, 25, 0.5, 6.25],
  'claude-opus-4-1': [15, 75, 1.5, 18.75],
  'claude-opus-4': [15, 75, 1.5, 18.75],
  'claude-sonnet-4-6': [3, 15, 0.3, 3.75],
  'claude-sonnet-4-5': [3, 15, 0.3, 3.75],
  'claude-sonnet-4': [3, 15, 0.3, 3.75],
  'claude-3-7-sonnet': [3, 15, 0.3, 3.75],
  'claude-haiku-4-5': [1, 5, 0.1, 1.25],
  'claude-3-5-haiku': [0.8, 4, 0.08, 1],
  'claude-3-haiku': [0.25, 1.25, 0.03, 0.3],
};

const TABLES: Readonly<Partial<Record<ProviderName, Readonly<Record<string, Row>>>>> = {
  openai: OPENAI,
  azure_openai: OPENAI,
  anthropic: ANTHROPIC,
};

/**
 * The built-in price of a model, or null. The name matches exactly (case-insensitive), or after dropping a
 * dated snapshot or alias suffix: `gpt-4o-2024-08-06`, `claude-sonnet-4-5-20250929`, `claude-3-5-haiku-latest`
 * and `claude-sonnet-4-0` are priced as `gpt-4o`, `claude-sonnet-4-5`, `claude-3-5-haiku`, `claude-sonnet-4`.
 * Ollama and OpenAI-compatible servers have no built-in price.
 */
export function builtinPrice(provider: ProviderName, name: string): ModelPrice | null {
  const table = TABLES[provider];
  if (table === undefined) return null;
  const wanted = name.trim().toLowerCase();
  const row = table[wanted] ?? table[baseName(wanted)];
  if (row === undefined) return null;
  const [input, output, cachedInput, cacheWrite] = row;
  return {
    input_per_mtok: input,
    output_per_mtok: output,
    cached_input_per_mtok: cachedInput,
    cache_write_per_mtok: cacheWrite,
  };
}

/** The model name without a `-YYYY-MM-DD` / `-YYYYMMDD` snapshot date, `-latest`, or Anthropic's `-0` alias. */
function baseName(name: string): string {
  return name.replace(/-(\d{4}-\d{2}-\d{2}|\d{8}|latest)$/, '').replace(/^(claude-(?:opus|sonnet)-4)-0$/, '$1');
}

/** The models of the table, per provider, for documentation. */
export function builtinPriceList(): readonly { provider: ProviderName; model: string; price: ModelPrice }[] {
  return (Object.entries(TABLES) as [ProviderName, Readonly<Record<string, Row>>][])
    .filter(([provider]) => provider !== 'azure_openai')
    .flatMap(([provider, table]) =>
      Object.keys(table).map((model) => ({ provider, model, price: builtinPrice(provider, model) as ModelPrice })),
    );
}

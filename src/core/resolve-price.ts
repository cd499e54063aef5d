/**
 * The price of a model: its `pricing:` block, else the built-in table (builtin-prices.ts), else unknown (null).
 */
import { builtinPrice } from './builtin-prices.js';
import type { ModelConfig } from './config-types.js';
import type { ModelPrice, PricedModel } from './model-price.js';

/** The model's own `pricing:`, else the built-in price of its provider and name, else null. */
export function resolvePrice(model: ModelConfig): ModelPrice | null {
  return model.pricing ?? builtinPrice(model.provider, model.name);
}

export function pricedModel(model: ModelConfig): PricedModel {
  const label = modelLabel(model);
  if (model.pricing != null) return { label, price: model.pricing, source: 'config' };
  const builtin = builtinPrice(model.provider, model.name);
  return { label, price: builtin, source: builtin === null ? null : 'builtin' };
}

export function modelLabel(model: Pick<ModelConfig, 'provider' | 'name'>): string {
  return `${model.provider}:${model.name}`;
}

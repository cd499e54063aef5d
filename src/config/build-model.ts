/** `model:` as validated → ModelConfig. */
import type { ModelConfig } from '../core/config-types.js';
import type { ModelPrice } from '../core/model-price.js';
import type { RateLimit } from '../core/rate-limit.js';
import type { ModelInput } from './schema/model-schema.js';
import type { PricingInput } from './schema/pricing-schema.js';
import type { RateLimitInput } from './schema/rate-limit-schema.js';

export function buildModel(model: ModelInput): ModelConfig {
  return {
    provider: model.provider,
    name: model.name,
    endpoint: model.endpoint ?? null,
    api_key: model.api_key ?? null,
    temperature: model.temperature ?? null,
    max_tokens: model.max_tokens ?? null,
    api_version: model.api_version ?? null,
    ...(model.pricing === undefined ? {} : { pricing: buildPricing(model.pricing) }),
    ...(model.rate_limit === undefined ? {} : { rate_limit: buildRateLimit(model.rate_limit) }),
  };
}

function buildPricing(pricing: PricingInput): ModelPrice {
  return {
    input_per_mtok: pricing.input_per_mtok,
    output_per_mtok: pricing.output_per_mtok,
    cached_input_per_mtok: pricing.cached_input_per_mtok ?? null,
    cache_write_per_mtok: pricing.cache_write_per_mtok ?? null,
  };
}

export function buildRateLimit(limit: RateLimitInput): RateLimit {
  return {
    requests_per_minute: limit.requests_per_minute ?? null,
    tokens_per_minute: limit.tokens_per_minute ?? null,
  };
}

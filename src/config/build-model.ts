/** `model:` as validated → ModelConfig. */
import type { ModelConfig } from '../core/config-types.js';
import type { ModelInput } from './schema/model-schema.js';

export function buildModel(model: ModelInput): ModelConfig {
  return {
    provider: model.provider,
    name: model.name,
    endpoint: model.endpoint ?? null,
    api_key: model.api_key ?? null,
    temperature: model.temperature ?? null,
    max_tokens: model.max_tokens ?? null,
    api_version: model.api_version ?? null,
  };
}

/** The environment variables each provider's API key is read from, in order, when `model.api_key` is not set. */
import type { ProviderName } from './config-types.js';

export const PROVIDER_KEY_VARS = {
  openai: ['OPENAI_API_KEY'],
  azure_openai: ['AZURE_OPENAI_API_KEY', 'AZURE_API_KEY'],
  anthropic: ['ANTHROPIC_API_KEY'],
  ollama: ['OLLAMA_API_KEY'],
  openai_compatible: ['OPENAI_COMPATIBLE_API_KEY'],
} as const satisfies Record<ProviderName, readonly string[]>;

/**
 * Whether a request to the provider cannot go out without a key: OpenAI and Anthropic on their own APIs (no
 * endpoint, or one on api.openai.com / api.anthropic.com or a regional host of them such as eu.api.openai.com;
 * another endpoint may be a local server or a gateway that needs none), and Azure always.
 */
export function providerNeedsKey(provider: ProviderName, endpoint: string | null): boolean {
  switch (provider) {
    case 'openai':
      return endpoint === null || ownApi(endpoint, 'api.openai.com');
    case 'anthropic':
      return endpoint === null || ownApi(endpoint, 'api.anthropic.com');
    case 'azure_openai':
      return true;
    case 'ollama':
    case 'openai_compatible':
      return false;
  }
}

/** The provider's own API at `host`, or a regional host of it (`eu.api.openai.com`). */
function ownApi(endpoint: string, host: string): boolean {
  const at = hostOf(endpoint);
  return at !== null && (at === host || at.endsWith(`.${host}`));
}

function hostOf(endpoint: string): string | null {
  try {
    return new URL(endpoint).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
}

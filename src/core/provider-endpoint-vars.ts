/**
 * The environment variable each provider's SDK reads its API root from, used when `model.endpoint` is not set:
 * `--model openai:…` reaches a proxy or a local server too. An empty or blank variable is none.
 */
import type { ProviderName } from './config-types.js';

export const PROVIDER_ENDPOINT_VARS = {
  openai: 'OPENAI_BASE_URL',
  azure_openai: 'AZURE_OPENAI_ENDPOINT',
  anthropic: 'ANTHROPIC_BASE_URL',
  ollama: 'OLLAMA_HOST',
  openai_compatible: null,
} as const satisfies Record<ProviderName, string | null>;

export interface EndpointFromEnv {
  /** The variable, for messages: `OPENAI_BASE_URL`. */
  readonly name: string;
  /** Its value as written (trimmed). */
  readonly value: string;
  /** Its value as a URL: OLLAMA_HOST is often written without a scheme (`0.0.0.0:11434`), which is http. */
  readonly url: string;
}

/** The endpoint a model without `endpoint:` takes from the environment, or null when none is set. */
export function endpointFromEnv(provider: ProviderName, env: Readonly<Record<string, string | undefined>>) {
  const name = PROVIDER_ENDPOINT_VARS[provider];
  const value = name === null ? '' : (env[name]?.trim() ?? '');
  if (name === null || value === '') return null;
  const url = provider === 'ollama' && !/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? `http://${value}` : value;
  return { name, value, url } satisfies EndpointFromEnv;
}

/** Why an endpoint is no http(s) URL a request can go to, or null. */
export function endpointProblem(url: string): string | null {
  let protocol = '';
  try {
    protocol = new URL(url).protocol;
  } catch {
    return 'is not a URL';
  }
  return protocol === 'http:' || protocol === 'https:' ? null : `is not an http(s) URL (${protocol})`;
}

/**
 * The AI SDK model for a `model:` config: provider client, base URL and API key. Providers load lazily.
 * Keys come from `model.api_key`, else the provider's usual environment variable (from the env passed
 * in); the providers are always handed the key explicitly so they never read the environment themselves.
 */

import type { LanguageModel } from 'ai';
import type { ModelConfig } from '../../core/config-types.js';
import { BackendStartError } from '../../core/errors.js';
import { endpointFromEnv, endpointProblem } from '../../core/provider-endpoint-vars.js';
import { PROVIDER_KEY_VARS, providerNeedsKey } from '../../core/provider-key-vars.js';
import { urlWithoutCredentials } from '../../core/url-without-credentials.js';
import { fetchWithQuery, splitEndpoint, takeParameter } from './endpoint-query.js';
import { nodeHttpFetch } from './node-http-fetch.js';
import { asProviderModel } from './provider-model.js';
import { processWarnings, type WarningSink, withProviderWarnings } from './with-provider-warnings.js';

export type Env = Readonly<Record<string, string | undefined>>;

export interface ResolvedModel {
  readonly model: LanguageModel;
  /** The base URL requests go to, for error messages. */
  readonly endpoint: string;
  /** No API key is sent (none configured, and the endpoint is not the provider's own API): a 401 says so. */
  readonly keyless?: boolean;
}

const KEY_VARS = PROVIDER_KEY_VARS;

/** Put where a key is missing when no request will go out (a replay): the client is built, never called. */
const NO_KEY = 'no-key-replay-only';

export interface LanguageModelOptions {
  /** A replay: no request reaches the provider, so no API key is demanded. */
  readonly offline?: boolean;
  /**
   * Told what the provider did not send as configured (a dropped `temperature`, its own output token limit for a
   * model it does not know); default: a warning on stderr, once per text in the process.
   */
  readonly warnings?: WarningSink;
  /** Where the model's block is written in agent.yaml (`model`, `models[1]`, `evaluations.model`); default `model`. */
  readonly path?: string;
}

export async function createLanguageModel(
  given: ModelConfig,
  env: Env,
  options: LanguageModelOptions = {},
): Promise<ResolvedModel> {
  const resolved = await providerModel(given, env, options);
  const named = { provider: given.provider, name: given.name, path: options.path ?? 'model' };
  const model = withProviderWarnings(asProviderModel(resolved.model), named, options.warnings ?? processWarnings);
  return { model, endpoint: resolved.endpoint, keyless: resolved.keyless === true };
}

async function providerModel(given: ModelConfig, env: Env, options: LanguageModelOptions): Promise<ResolvedModel> {
  // The SDK's own logging of warnings is off: holodeck says them itself, in its words (with-provider-warnings.ts).
  globalThis.AI_SDK_LOG_WARNINGS = false;
  // OPENAI_BASE_URL, OLLAMA_HOST…: as the providers' own SDKs read them, when the model names no endpoint.
  const fromEnv = given.endpoint === null ? endpointFromEnv(given.provider, env) : null;
  const config = fromEnv === null ? given : { ...given, endpoint: fromEnv.url };
  if (config.endpoint !== null) assertHttpUrl(config.endpoint, fromEnv?.name);
  const key = apiKeyOf(config, env) ?? (options.offline === true ? NO_KEY : null);
  // The endpoint's query string goes after the API path of each request (endpoint-query.ts).
  const { base, query } = splitEndpoint(config.endpoint ?? '');
  // An endpoint with a query or a user name may carry a credential of its own (`?key=…`, `https://user:pw@…`):
  // no API key then does not mean that no credential was sent.
  const urlCredential = query !== '' || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(base);
  const configured = config.endpoint === null ? null : base;
  const fetch = fetchWithQuery(nodeHttpFetch, query);
  switch (config.provider) {
    case 'openai': {
      const endpoint = withV1(configured ?? 'https://api.openai.com/v1');
      const { createOpenAI } = await import('@ai-sdk/openai');
      const apiKey = key ?? (providerNeedsKey('openai', config.endpoint) ? missingKey(config) : '');
      const model = createOpenAI({ baseURL: endpoint, apiKey, fetch }).chat(config.name);
      return { model, endpoint, keyless: apiKey === '' && !urlCredential };
    }
    case 'azure_openai':
      return createAzureModel(config, key ?? missingKey(config));
    case 'anthropic': {
      const endpoint = withSuffix(configured ?? 'https://api.anthropic.com', '/v1');
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      const apiKey = key ?? (providerNeedsKey('anthropic', config.endpoint) ? missingKey(config) : '');
      return {
        model: createAnthropic({ baseURL: endpoint, apiKey, fetch })(config.name),
        endpoint,
        keyless: apiKey === '' && !urlCredential,
      };
    }
    case 'ollama':
      return { ...(await createOllamaModel(config, key)), ...(urlCredential ? { keyless: false } : {}) };
    case 'openai_compatible': {
      if (configured === null) {
        throw new BackendStartError(
          'model.endpoint is required for provider openai_compatible: set it to the server base URL, e.g. http://127.0.0.1:8000/v1',
        );
      }
      const endpoint = withV1(configured);
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      const provider = createOpenAICompatible({
        name: 'openai_compatible',
        baseURL: endpoint,
        includeUsage: true,
        fetch,
        ...(key === null ? {} : { apiKey: key }),
      });
      return { model: provider(config.name), endpoint, keyless: key === null && !urlCredential };
    }
  }
}

async function createOllamaModel(config: ModelConfig, key: string | null): Promise<ResolvedModel> {
  const { base, query } = splitEndpoint(config.endpoint ?? 'http://127.0.0.1:11434');
  const endpoint = withSuffix(base, '/api');
  const { createOllama } = await import('ollama-ai-provider-v2');
  const headers: Record<string, string> = key === null ? {} : { authorization: `Bearer ${key}` };
  const fetch = fetchWithQuery(nodeHttpFetch, query);
  return { model: createOllama({ baseURL: endpoint, headers, fetch })(config.name), endpoint, keyless: key === null };
}

/**
 * Azure OpenAI: the v1 API, or with an API version (`api_version`, or `api-version` in the endpoint's query) the
 * deployment URLs of that version. Any other query parameter of the endpoint goes with every request.
 */
async function createAzureModel(config: ModelConfig, apiKey: string): Promise<ResolvedModel> {
  const configured = config.endpoint;
  if (configured === null) {
    throw new BackendStartError(
      'model.endpoint is required for provider azure_openai: set it (or AZURE_OPENAI_ENDPOINT) to your resource URL, e.g. https://my-resource.openai.azure.com',
    );
  }
  const split = splitEndpoint(configured);
  const { query, value: queryVersion } = takeParameter(split.query, 'api-version');
  const apiVersion = config.api_version ?? queryVersion;
  const fetch = fetchWithQuery(nodeHttpFetch, query);
  const trimmed = trimSlash(split.base);
  const { createAzure } = await import('@ai-sdk/azure');
  if (/\/openai\/v1$/i.test(trimmed) || apiVersion === null) {
    // The v1 API: {resource}/openai/v1/chat/completions, the deployment named in the body.
    const baseURL = /\/openai\/v1$/i.test(trimmed) ? trimmed : `${withSuffix(trimmed, '/openai')}/v1`;
    const v1Fetch = queryVersion === null ? fetch : fetchWithQuery(nodeHttpFetch, split.query);
    return { model: createAzure({ baseURL, apiKey, fetch: v1Fetch }).chat(config.name), endpoint: baseURL };
  }
  // A dated API version: {resource}/openai/deployments/{name}/chat/completions?api-version=...
  const baseURL = withSuffix(trimmed, '/openai');
  const provider = createAzure({ baseURL, apiKey, apiVersion, useDeploymentBasedUrls: true, fetch });
  return { model: provider.chat(config.name), endpoint: baseURL };
}

function apiKeyOf(config: ModelConfig, env: Env): string | null {
  // An empty or blank key (a CI secret that is not configured) is none.
  if (config.api_key !== null && config.api_key.trim() !== '') return config.api_key;
  for (const name of KEY_VARS[config.provider]) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') return value;
  }
  return null;
}

function missingKey(config: ModelConfig): never {
  const vars = KEY_VARS[config.provider].join(' or ');
  throw new BackendStartError(
    `no API key for provider ${config.provider} (model ${config.name}): set model.api_key in agent.yaml (e.g. api_key: \${${KEY_VARS[config.provider][0]}}) or the ${vars} environment variable`,
  );
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Appends `suffix` unless the URL already ends with it. */
function withSuffix(url: string, suffix: string): string {
  const trimmed = trimSlash(url);
  return trimmed.toLowerCase().endsWith(suffix) ? trimmed : `${trimmed}${suffix}`;
}

/** OpenAI-style servers live under /v1; a bare host means that. */
function withV1(url: string): string {
  const trimmed = trimSlash(url);
  return new URL(trimmed).pathname.replace(/\/+$/, '') === '' ? `${trimmed}/v1` : trimmed;
}

function assertHttpUrl(url: string, from = 'model.endpoint'): void {
  if (endpointProblem(url) !== null) {
    throw new BackendStartError(
      `${from} is not an http(s) URL: "${urlWithoutCredentials(url)}" — write it like http://127.0.0.1:8000/v1`,
    );
  }
}

/**
 * What Claude Code needs from `model:`: the model id, the API root (`model.endpoint`, written with or
 * without `/v1`, else ANTHROPIC_BASE_URL, as for the ai_sdk backend), and the key (`model.api_key`, else
 * ANTHROPIC_API_KEY).
 */

import type { ModelConfig } from '../../core/config-types.js';
import { BackendSettingError, BackendStartError } from '../../core/errors.js';
import { endpointFromEnv } from '../../core/provider-endpoint-vars.js';
import { urlWithoutCredentials } from '../../core/url-without-credentials.js';

export type Env = Readonly<Record<string, string | undefined>>;

export const ANTHROPIC_API_ROOT = 'https://api.anthropic.com';

export interface ClaudeModelSettings {
  readonly model: string;
  /** ANTHROPIC_BASE_URL: the API root without `/v1`; null means Anthropic's own API. */
  readonly base_url: string | null;
  readonly api_key: string;
  /** Where the requests go, for messages. */
  readonly endpoint: string;
  readonly max_output_tokens: number | null;
}

export function resolveClaudeModel(config: ModelConfig, env: Env): ClaudeModelSettings {
  if (config.provider !== 'anthropic') {
    throw new BackendStartError(
      `backend claude_agent_sdk runs Anthropic models only, but model.provider is ${config.provider}: ` +
        'set model.provider: anthropic, or use backend: ai_sdk for other providers',
    );
  }
  // ANTHROPIC_BASE_URL when the model names no endpoint, as the ai_sdk backend reads it: Claude Code is given the
  // endpoint itself, so a gateway set in the environment is where its requests go too.
  const fromEnv = config.endpoint === null ? endpointFromEnv(config.provider, env) : null;
  const endpoint = config.endpoint ?? fromEnv?.url ?? null;
  const baseUrl = endpoint === null ? null : apiRoot(endpoint, fromEnv === null ? 'model.endpoint' : fromEnv.name);
  const key = nonEmpty(config.api_key) ?? nonEmpty(env['ANTHROPIC_API_KEY']);
  if (key === null) {
    throw new BackendStartError(
      `no API key for provider anthropic (model ${config.name}): set model.api_key in agent.yaml ` +
        `(e.g. api_key: \${ANTHROPIC_API_KEY}) or the ANTHROPIC_API_KEY environment variable; ` +
        'Claude Code needs one even for a local endpoint, where any value works if the server does not check it',
    );
  }
  return {
    model: config.name,
    base_url: baseUrl,
    api_key: key,
    endpoint: baseUrl ?? ANTHROPIC_API_ROOT,
    max_output_tokens: config.max_tokens,
  };
}

/** `http://host:8000/v1/` → `http://host:8000`: Claude Code appends `/v1/messages` itself. */
function apiRoot(endpoint: string, where: string): string {
  let url: URL | null = null;
  try {
    url = new URL(endpoint);
  } catch {
    url = null;
  }
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new BackendStartError(
      `${where} is not an http(s) URL: "${urlWithoutCredentials(endpoint)}" — write it like http://127.0.0.1:8000 (the Anthropic API root)`,
    );
  }
  // Claude Code appends its API paths to the whole base URL, query included: `/v1?key=…/v1/messages`.
  if (url.search !== '' || url.hash !== '') {
    throw new BackendSettingError(
      `${where} has a query string, which backend claude_agent_sdk cannot send (Claude Code appends its API ` +
        'paths after it): remove it (pass credentials as model.api_key), or use backend ai_sdk, which sends it',
    );
  }
  return endpoint.replace(/\/+$/, '').replace(/\/v1$/i, '');
}

function nonEmpty(value: string | null | undefined): string | null {
  return value === null || value === undefined || value === '' ? null : value;
}

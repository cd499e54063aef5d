/** `--model PROVIDER:NAME`: the provider up to the first colon, the model name after it (which may hold colons). */
import type { ProviderName } from '../core/config-types.js';

export interface ModelOverride {
  readonly provider: ProviderName;
  readonly name: string;
}

const PROVIDERS: readonly ProviderName[] = ['openai', 'azure_openai', 'anthropic', 'ollama', 'openai_compatible'];

export type ParsedModelOption =
  | { readonly ok: true; readonly value: ModelOverride }
  | { readonly ok: false; readonly message: string };

export function parseModelOption(text: string): ParsedModelOption {
  const colon = text.indexOf(':');
  const provider = colon === -1 ? '' : text.slice(0, colon).trim();
  const name = colon === -1 ? '' : text.slice(colon + 1).trim();
  const usage = `write PROVIDER:NAME with PROVIDER one of ${PROVIDERS.join(', ')} (e.g. openai:gpt-4o-mini, ollama:llama3.2:1b)`;
  if (colon === -1) return { ok: false, message: `"${text}" names no provider; ${usage}` };
  if (!(PROVIDERS as readonly string[]).includes(provider)) {
    return { ok: false, message: `unknown provider "${provider}"; ${usage}` };
  }
  if (name === '') return { ok: false, message: `"${text}" names no model; ${usage}` };
  return { ok: true, value: { provider: provider as ProviderName, name } };
}

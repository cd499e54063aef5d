/**
 * What `holodeck init` writes and prints for each provider: a default model, the `model:` lines after
 * `provider:` and `name:`, and the step that makes the model reachable (a key to export, a server to start).
 */
import type { ProviderName } from '../../core/config-types.js';
import { PROVIDER_KEY_VARS } from '../../core/provider-key-vars.js';
import { shellQuote } from '../shell-quote.js';

export const DEFAULT_INIT_PROVIDER: ProviderName = 'ollama';

/** A line of agent.yaml, or a line with a comment (the comments of one section line up). */
export type YamlLine = string | readonly [line: string, comment: string];

/** A shell command and what it is for. */
export interface SetupStep {
  readonly command: string;
  readonly comment: string;
}

export interface InitProvider {
  readonly default_model: string;
  /** The comment after `name:` in agent.yaml. */
  readonly model_comment: (model: string) => string;
  /** Lines of the model block after `name:` (without indentation), comments included. */
  readonly extra_lines: readonly YamlLine[];
  /** What makes the model reachable, printed in the next steps. */
  readonly setup_step: (model: string) => SetupStep;
}

const keyVar = (provider: ProviderName): string => PROVIDER_KEY_VARS[provider][0];

const keyComment = (provider: ProviderName): string =>
  `# api_key: from ${keyVar(provider)} in the environment; or write api_key: \${${keyVar(provider)}}`;

export const INIT_PROVIDERS: Readonly<Record<ProviderName, InitProvider>> = {
  ollama: {
    default_model: 'llama3.2',
    model_comment: (model) => `a local model that can call tools (ollama pull ${model})`,
    extra_lines: [['# endpoint: http://127.0.0.1:11434', 'default: $OLLAMA_HOST, else this; no API key needed']],
    setup_step: (model) => ({
      command: `ollama pull ${shellQuote(model)}`,
      comment: 'with Ollama running (ollama serve); OLLAMA_HOST if not on 127.0.0.1:11434',
    }),
  },
  openai: {
    default_model: 'gpt-4o-mini',
    model_comment: () => 'any chat model that can call tools',
    extra_lines: [keyComment('openai'), ['# endpoint: https://api.openai.com/v1', 'the default']],
    setup_step: () => ({ command: `export ${keyVar('openai')}=sk-...`, comment: 'your OpenAI API key' }),
  },
  anthropic: {
    default_model: 'claude-haiku-4-5',
    model_comment: () => 'any Claude model',
    extra_lines: [keyComment('anthropic'), ['# endpoint: https://api.anthropic.com', 'the default']],
    setup_step: () => ({ command: `export ${keyVar('anthropic')}=sk-ant-...`, comment: 'your Anthropic API key' }),
  },
  azure_openai: {
    default_model: 'gpt-4o-mini',
    model_comment: () => 'the name of your deployment',
    extra_lines: [
      ['# endpoint: https://my-resource.openai.azure.com', 'your resource; default: AZURE_OPENAI_ENDPOINT'],
      keyComment('azure_openai'),
      ['# api_version: 2024-10-21', 'a dated API version; without it, the v1 API'],
    ],
    setup_step: () => ({
      command: `export ${keyVar('azure_openai')}=... AZURE_OPENAI_ENDPOINT=https://<resource>.openai.azure.com`,
      comment: 'your key and resource',
    }),
  },
  openai_compatible: {
    default_model: 'Qwen/Qwen2.5-7B-Instruct',
    model_comment: () => 'the model id your server serves',
    extra_lines: [
      ['endpoint: http://127.0.0.1:8000/v1', 'base URL of your server (vLLM, LM Studio, llama.cpp, ...)'],
      `# api_key: from ${keyVar('openai_compatible')} in the environment, when the server needs one`,
    ],
    setup_step: (model) => ({
      command: `# serve ${model} on 127.0.0.1:8000`,
      comment: 'an OpenAI-compatible server; else edit model.endpoint',
    }),
  },
};

export const INIT_PROVIDER_NAMES = Object.keys(INIT_PROVIDERS) as readonly ProviderName[];

export function isInitProvider(value: string): value is ProviderName {
  return Object.hasOwn(INIT_PROVIDERS, value);
}

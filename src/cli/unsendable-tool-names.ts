/**
 * Tool names a model provider refuses: OpenAI (and Azure) and Anthropic take `[a-zA-Z0-9_-]`, at most 64
 * characters, and answer 400 to a request offering another. An MCP server may list `files.read` or `web search`;
 * said before the run, with the fix, rather than as every turn's error.
 */
import type { AgentConfig } from '../core/config-types.js';

const PROVIDER_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const STRICT_PROVIDERS = new Set(['openai', 'azure_openai', 'anthropic']);

export function unsendableToolNames(config: AgentConfig, names: readonly string[]): string[] {
  const provider = config.model?.provider;
  const strict = config.backend.type === 'ai_sdk' && provider !== undefined && STRICT_PROVIDERS.has(provider);
  if (!strict) return [];
  const bad = names.filter((name) => !PROVIDER_NAME.test(name));
  if (bad.length === 0) return [];
  const shown = bad.slice(0, 5).map((name) => JSON.stringify(name.length > 70 ? `${name.slice(0, 67)}...` : name));
  const more = bad.length > 5 ? ` and ${bad.length - 5} more` : '';
  return [
    `tool ${bad.length === 1 ? 'name' : 'names'} ${shown.join(', ')}${more} ${bad.length === 1 ? 'is' : 'are'} not what ${provider} accepts (letters, digits, _ and -, at most 64 characters): every request offering ${bad.length === 1 ? 'it' : 'them'} will be refused — leave ${bad.length === 1 ? 'it' : 'them'} out with the MCP server's \`exclude\` or \`include\``,
  ];
}

/**
 * Tool names a model provider refuses: OpenAI (and Azure) and Anthropic take `[a-zA-Z0-9_-]`, at most 64
 * characters, and answer 400 to a request offering another. An MCP server may list `files.read` or `web search`;
 * said before the run, with the fix, rather than as every turn's error. Under backend claude_agent_sdk the name
 * checked is the one Claude Code offers: `mcp__holodeck__` and the tool's (a function tool's is refused where
 * the configuration loads: config/claude-backend-issues.ts).
 */
import { CLAUDE_TOOL_NAME_PREFIX } from '../core/claude-tool-names.js';
import type { AgentConfig } from '../core/config-types.js';

const PROVIDER_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const STRICT_PROVIDERS = new Set(['openai', 'azure_openai', 'anthropic']);

export function unsendableToolNames(config: AgentConfig, names: readonly string[]): string[] {
  const provider = config.model?.provider;
  const { backend } = config;
  const strict =
    (backend.type === 'ai_sdk' && provider !== undefined && STRICT_PROVIDERS.has(provider)) ||
    (backend.type === 'claude_agent_sdk' && provider === 'anthropic');
  if (!strict) return [];
  // Claude Code's own tools keep their names; ours are offered under its prefix.
  const builtin = backend.type === 'claude_agent_sdk' ? backend.builtin_tools : null;
  const offered = (name: string) =>
    builtin === null || builtin.includes(name) ? name : CLAUDE_TOOL_NAME_PREFIX + name;
  const bad = names.map(offered).filter((name) => !PROVIDER_NAME.test(name));
  if (bad.length === 0) return [];
  const shown = bad.slice(0, 5).map((name) => JSON.stringify(name.length > 70 ? `${name.slice(0, 67)}...` : name));
  const more = bad.length > 5 ? ` and ${bad.length - 5} more` : '';
  const as = builtin === null ? '' : ` (as backend claude_agent_sdk offers ${bad.length === 1 ? 'it' : 'them'})`;
  return [
    `tool ${bad.length === 1 ? 'name' : 'names'} ${shown.join(', ')}${more}${as} ${bad.length === 1 ? 'is' : 'are'} not what ${provider} accepts (letters, digits, _ and -, at most 64 characters): every request offering ${bad.length === 1 ? 'it' : 'them'} will be refused — leave ${bad.length === 1 ? 'it' : 'them'} out with the MCP server's \`exclude\` or \`include\``,
  ];
}

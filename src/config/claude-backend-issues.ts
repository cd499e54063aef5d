/**
 * What backend claude_agent_sdk cannot run, said with the configuration's other issues and located in agent.yaml:
 * an endpoint with a query string (Claude Code would put its API paths after it), and function tools it cannot
 * offer as named: one too long once Claude Code prefixes it. (A name an enabled built-in tool has, `Read`, needs
 * Claude Code's list of built-ins: cli/builtin-tool-issues.ts.)
 */
import { CLAUDE_TOOL_NAME_PREFIX } from '../core/claude-tool-names.js';
import type { AgentConfig, ModelConfig } from '../core/config-types.js';
import { ISSUE } from './issue-codes.js';
import { type ConfigPath, type PendingIssue, pendingIssue } from './pending-issue.js';

/** The longest tool name Anthropic accepts. */
const MAX_TOOL_NAME = 64;

/** `modelPath`: where the agent's model is written (`model`, or `models[1]` in a model matrix). */
export function claudeBackendIssues(config: AgentConfig, modelPath: ConfigPath): PendingIssue[] {
  if (config.backend.type !== 'claude_agent_sdk') return [];
  const endpoint = config.model === null ? [] : endpointIssues(config.model, [...modelPath, 'endpoint']);
  return [...endpoint, ...config.tools.flatMap((tool, index) => toolNameIssues(tool.name, index, tool.type))];
}

function endpointIssues(model: ModelConfig, path: ConfigPath): PendingIssue[] {
  if (model.provider !== 'anthropic' || model.endpoint === null || !hasQuery(model.endpoint)) return [];
  return [
    pendingIssue(
      ISSUE.invalidUrl,
      path,
      'the endpoint has a query string, which backend claude_agent_sdk cannot send (Claude Code appends its API paths after it)',
      { hint: 'remove it (pass credentials as model.api_key), or use backend ai_sdk, which sends it' },
    ),
  ];
}

/** `?…` or `#…` after the URL's path. */
function hasQuery(endpoint: string): boolean {
  try {
    const url = new URL(endpoint);
    return url.search !== '' || url.hash !== '';
  } catch {
    return false;
  }
}

function toolNameIssues(name: string, index: number, type: 'function' | 'mcp'): PendingIssue[] {
  // An MCP server's entry names the server; its tools' names are known once it runs (said then, as a warning).
  if (type !== 'function') return [];
  const path = ['tools', index, 'name'];
  const offered = `${CLAUDE_TOOL_NAME_PREFIX}${name}`;
  if (offered.length <= MAX_TOOL_NAME) return [];
  return [
    pendingIssue(
      ISSUE.invalidToolName,
      path,
      `backend claude_agent_sdk offers this tool to the model as ${offered}, ${offered.length} characters: Anthropic accepts at most ${MAX_TOOL_NAME}`,
      { hint: `shorten the name to at most ${MAX_TOOL_NAME - CLAUDE_TOOL_NAME_PREFIX.length} characters` },
    ),
  ];
}

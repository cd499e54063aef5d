/**
 * `backend: { claude_agent_sdk: { builtin_tools } }` names Claude Code does not know, located at each name and
 * with the closest known one, and function tools named like a listed built-in tool (calls of both would be reported
 * under one name), located at the tool's name: refused before any model call, by `validate` and by `test`. Claude
 * Code's list comes from the installed SDK; without the SDK there is nothing to check against (that is said on its
 * own). A listed name that is no built-in is said once, as unknown, not also as a clash with a tool of that name.
 */
import { didYouMean } from '../config/did-you-mean.js';
import { ISSUE } from '../config/issue-codes.js';
import { type PendingIssue, pendingIssue } from '../config/pending-issue.js';
import type { AgentConfig } from '../core/config-types.js';

export async function builtinToolIssues(config: AgentConfig): Promise<PendingIssue[]> {
  if (config.backend.type !== 'claude_agent_sdk' || config.backend.builtin_tools.length === 0) return [];
  const { loadClaudeAgentSdk } = await import('../backends/claude-agent-sdk/load-claude-agent-sdk.js');
  const known = await loadClaudeAgentSdk().then(
    (sdk) => sdk.BUILTIN_TOOL_NAMES as readonly string[],
    () => null,
  );
  if (known === null) return [];
  // Located at the list: the configuration keeps each name once, so a name's own place is not known here.
  const path = ['backend', 'claude_agent_sdk', 'builtin_tools'];
  const unknown = config.backend.builtin_tools.flatMap((name) => {
    if (known.includes(name)) return [];
    return [
      pendingIssue(ISSUE.invalidValue, path, `unknown Claude Code built-in tool \`${name}\``, {
        hint: didYouMean(name, known) ?? `choose from ${known.join(', ')}`,
      }),
    ];
  });
  const enabled = config.backend.builtin_tools.filter((name) => known.includes(name));
  return [...unknown, ...clashIssues(config, enabled)];
}

/** A function tool named like an enabled built-in (an MCP server's tools are checked when the servers start). */
function clashIssues(config: AgentConfig, enabled: readonly string[]): PendingIssue[] {
  return config.tools.flatMap((tool, index) => {
    if (tool.type !== 'function' || !enabled.includes(tool.name)) return [];
    const name = tool.name;
    return [
      pendingIssue(
        ISSUE.duplicateName,
        ['tools', index, 'name'],
        `tool "${name}" has the name of Claude Code's built-in tool ${name}, enabled in builtin_tools: calls of either would be reported as ${name}`,
        { hint: `rename the function tool, or leave ${name} out of backend.claude_agent_sdk.builtin_tools` },
      ),
    ];
  });
}

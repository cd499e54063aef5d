/**
 * `backend: { claude_agent_sdk: { builtin_tools } }` names Claude Code does not know, located at each name and
 * with the closest known one: refused before any model call, by `validate` and by `test`. Claude Code's list
 * comes from the installed SDK; without the SDK there is nothing to check against (that is said on its own).
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
  return config.backend.builtin_tools.flatMap((name) => {
    if (known.includes(name)) return [];
    return [
      pendingIssue(ISSUE.invalidValue, path, `unknown Claude Code built-in tool \`${name}\``, {
        hint: didYouMean(name, known) ?? `choose from ${known.join(', ')}`,
      }),
    ];
  });
}

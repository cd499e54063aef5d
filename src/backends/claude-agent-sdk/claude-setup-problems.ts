/**
 * What `holodeck test` would refuse of a `claude_agent_sdk` agent when its backend starts, said by `validate`
 * too: the SDK or its native binary not installed (with the install command), unknown `builtin_tools`.
 */
import { unknownBuiltinTools } from './create-claude-agent-sdk-backend.js';
import { loadClaudeAgentSdk, requireBundledExecutable } from './load-claude-agent-sdk.js';

export async function claudeSetupProblems(builtinTools: readonly string[]): Promise<string[]> {
  try {
    const sdk = await loadClaudeAgentSdk();
    requireBundledExecutable();
    const unknown = unknownBuiltinTools(builtinTools, sdk.BUILTIN_TOOL_NAMES);
    return unknown === null ? [] : [unknown];
  } catch (error) {
    return [(error as Error).message];
  }
}

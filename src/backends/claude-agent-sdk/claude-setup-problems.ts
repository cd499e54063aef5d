/**
 * What `holodeck test` would refuse of a `claude_agent_sdk` agent when its backend starts, said by `validate`
 * too: the SDK or its native binary not installed (with the install command) or not executable, an endpoint it cannot use. (Unknown
 * `builtin_tools` are located configuration issues: cli/builtin-tool-issues.ts.)
 */
import type { ModelConfig } from '../../core/config-types.js';
import { BackendSettingError } from '../../core/errors.js';
import { launchProblem, loadClaudeAgentSdk, requireBundledExecutable } from './load-claude-agent-sdk.js';
import { type Env, resolveClaudeModel } from './resolve-claude-model.js';

export async function claudeSetupProblems(model: ModelConfig | null, env: Env): Promise<string[]> {
  const endpoint = model === null ? [] : endpointProblem(model, env);
  return [...endpoint, ...(await installProblems())];
}

/** A setting of the model this backend refuses (the key is checked with the other providers' keys). */
function endpointProblem(model: ModelConfig, env: Env): string[] {
  try {
    resolveClaudeModel(model, env);
    return [];
  } catch (error) {
    return error instanceof BackendSettingError ? [error.message] : [];
  }
}

async function installProblems(): Promise<string[]> {
  try {
    await loadClaudeAgentSdk();
    const problem = launchProblem(requireBundledExecutable());
    return problem === null ? [] : [problem];
  } catch (error) {
    return [(error as Error).message];
  }
}

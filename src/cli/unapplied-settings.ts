/** Settings of agent.yaml the chosen backend cannot apply, said before a run and by `validate`. */
import type { AgentConfig } from '../core/config-types.js';

export function unappliedSettings(config: AgentConfig): string[] {
  if (config.backend.type !== 'claude_agent_sdk') return [];
  const warnings: string[] = [];
  const limit = config.model?.rate_limit ?? config.execution.rate_limit ?? null;
  if (limit !== null) {
    const where = config.model?.rate_limit ? 'model.rate_limit' : 'execution.rate_limit';
    warnings.push(
      `${where} is not applied to the agent with backend claude_agent_sdk: Claude Code sends its model requests itself, and retries a 429 within execution.max_retries (judge calls keep the limit)`,
    );
  }
  const temperature = config.model?.temperature ?? null;
  if (temperature !== null) {
    warnings.push(
      `model.temperature (${temperature}) is not applied to the agent with backend claude_agent_sdk: Claude Code sets its own (judge calls keep it)`,
    );
  }
  return warnings;
}

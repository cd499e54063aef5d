/** CLI options override agent.yaml, which overrides env, which overrides defaults (PRODUCT.md §2). */
import type { AgentConfig } from '../core/config-types.js';
import type { TestOptions } from './test-options.js';

function backendOverride(config: AgentConfig, options: TestOptions): AgentConfig['backend'] {
  if (!options.backend || options.backend === config.backend.type) return config.backend;
  return options.backend === 'ai_sdk' ? { type: 'ai_sdk' } : { type: 'claude_agent_sdk', builtin_tools: [] };
}

export function applyOverrides(config: AgentConfig, options: TestOptions): AgentConfig {
  return {
    ...config,
    backend: backendOverride(config, options),
    execution: {
      ...config.execution,
      llm_timeout: options.timeout ?? config.execution.llm_timeout,
      parallel_test_cases: options.parallelTestCases ?? config.execution.parallel_test_cases,
    },
  };
}

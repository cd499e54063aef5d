/** CLI options override agent.yaml, which overrides env, which overrides defaults (PRODUCT.md §2). */
import type { AgentConfig } from '../core/config-types.js';
import type { TestOptions } from './test-options.js';

export function applyOverrides(config: AgentConfig, options: TestOptions): AgentConfig {
  return {
    ...config,
    backend: options.backend ? { type: options.backend } : config.backend,
    execution: {
      ...config.execution,
      llm_timeout: options.timeout ?? config.execution.llm_timeout,
      parallel_test_cases: options.parallelTestCases ?? config.execution.parallel_test_cases,
    },
  };
}

/** A RunInfo for reporter tests (used by tests only). */
import type { AgentConfig } from '../../../src/core/config-types.js';
import type { RunInfo } from '../../../src/core/reporter.js';

export function runInfo(overrides: Partial<RunInfo> = {}): RunInfo {
  const config = {
    name: 'financial-assistant',
    config_path: '/work/agent.yaml',
    model: null,
    evaluations: { model: null, metrics: [] },
    test_cases: [],
  } as unknown as AgentConfig;
  return {
    run_id: 'run-1',
    config,
    total_cases: 4,
    total_turns: 7,
    started_at: '2026-12-02T12:30:05.123Z',
    parallel_test_cases: 2,
    ...overrides,
  };
}

/**
 * What `holodeck test` would refuse before any model call from the configuration and the environment alone,
 * without command-line options: `validate` says it too, so that a valid configuration runs. The place of the run
 * record is left to `test` (checking it means making its folder).
 */
import type { AgentConfig } from '../core/config-types.js';
import { resolveWorkers } from './case-workers/resolve-workers.js';
import { planRecording } from './plan-recording.js';
import { selectTestCases } from './select-test-cases.js';

export async function configRunProblems(
  config: AgentConfig,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string[]> {
  const problems: string[] = [];
  const workers = resolveWorkers(undefined, env as NodeJS.ProcessEnv);
  if (!workers.ok) problems.push(workers.message);
  const noOptions = { record: undefined, replay: undefined, cache: false, cacheDir: undefined };
  const recording = await planRecording(config, noOptions, env);
  if (!recording.ok) problems.push(recording.message);
  if (config.backend.type === 'claude_agent_sdk') {
    const { claudeSetupProblems } = await import('../backends/claude-agent-sdk/claude-setup-problems.js');
    problems.push(...(await claudeSetupProblems(config.model, env)));
  }
  const { filter, limit } = config.execution;
  if (filter) {
    const selection = selectTestCases(config.test_cases, {
      filters: [filter],
      filters_from: 'execution.filter / HOLODECK_FILTER',
      grep: null,
      exclude: [],
      only: null,
      limit,
    });
    if (!selection.ok) problems.push(selection.message);
  }
  return problems;
}

/**
 * What `holodeck test` would refuse before any model call from the configuration and the environment alone,
 * without command-line options: `validate` says it too, so that a valid configuration runs. The place of the run
 * record is left to `test` (checking it means making its folder).
 */
import { type PendingIssue, pendingIssue } from '../config/pending-issue.js';
import type { AgentConfig } from '../core/config-types.js';
import { resolveWorkers } from './case-workers/resolve-workers.js';
import { planRecording } from './plan-recording.js';
import { selectTestCases } from './select-test-cases.js';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Each problem at the key of agent.yaml that causes it (`execution.cache`, `execution.filter`) when the file sets
 * it, else unlocated: a variable of the environment (`HOLODECK_WORKERS`, `HOLODECK_FILTER`) or Claude Code's setup.
 */
export async function configRunProblems(config: AgentConfig, env: Env): Promise<PendingIssue[]> {
  const problems: PendingIssue[] = [];
  const unlocated = (message: string) => pendingIssue('RUN_SETTING', [], message, { target: 'none' });
  // A key the file sets wins over its variable: located unless the variable gave the value.
  const at = (key: 'cache' | 'filter', variable: string, message: string) =>
    env[variable] === undefined || String(config.execution[key]) !== env[variable]?.trim()
      ? pendingIssue('RUN_SETTING', ['execution', key], message)
      : unlocated(message);
  const workers = resolveWorkers(undefined, env as NodeJS.ProcessEnv);
  if (!workers.ok) problems.push(unlocated(workers.message));
  const noOptions = { record: undefined, replay: undefined, cache: false, cacheDir: undefined };
  const recording = await planRecording(config, noOptions, env);
  if (!recording.ok) problems.push(at('cache', 'HOLODECK_CACHE', recording.message));
  if (config.backend.type === 'claude_agent_sdk') {
    const { claudeSetupProblems } = await import('../backends/claude-agent-sdk/claude-setup-problems.js');
    problems.push(...(await claudeSetupProblems(config.model, env)).map(unlocated));
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
    if (!selection.ok) problems.push(at('filter', 'HOLODECK_FILTER', selection.message));
  }
  return problems;
}

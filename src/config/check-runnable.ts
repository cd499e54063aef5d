/** The runnable-configuration rules (runnable-issues.ts), located in agent.yaml like every configuration issue. */
import type { AgentConfig } from '../core/config-types.js';
import type { ConfigIssue } from '../core/errors.js';
import { locateIssues } from './locate-issues.js';
import { readSource } from './read-source.js';
import { type RunnableOrigins, runnableIssues } from './runnable-issues.js';
import type { Env } from './substitute-env.js';

export async function checkRunnable(
  config: AgentConfig,
  env: Env,
  origins?: RunnableOrigins,
): Promise<readonly ConfigIssue[]> {
  const pending = runnableIssues(config, env, origins);
  if (pending.length === 0) return [];
  const read = await readSource(config.config_path);
  return locateIssues(pending, { main: read.ok ? read.document : null, testCases: null, testCaseItems: undefined });
}

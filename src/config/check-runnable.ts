/** The runnable-configuration rules (runnable-issues.ts), located in agent.yaml like every configuration issue. */
import type { AgentConfig } from '../core/config-types.js';
import type { ConfigIssue } from '../core/errors.js';
import { resolveFileSizeLimits } from './file-size-limits.js';
import { loadTestCasesFile, type TestCasesSource } from './load-test-cases-file.js';
import { locateIssues } from './locate-issues.js';
import type { PendingIssue } from './pending-issue.js';
import { readSource } from './read-source.js';
import { type RunnableOrigins, runnableIssues } from './runnable-issues.js';
import { isRecord } from './schema/fields.js';
import type { SourceDocument } from './source-document.js';
import type { Env } from './substitute-env.js';

export async function checkRunnable(
  config: AgentConfig,
  env: Env,
  origins?: RunnableOrigins,
  /** Issues found by rules outside this layer (ground truths a metric cannot read), located here too. */
  more: readonly PendingIssue[] = [],
): Promise<readonly ConfigIssue[]> {
  return locatePendingIssues(config, env, [...runnableIssues(config, env, origins), ...more]);
}

/** `pending` located in agent.yaml, or in the test cases file that holds their test case. */
export async function locatePendingIssues(
  config: AgentConfig,
  env: Env,
  pending: readonly PendingIssue[],
): Promise<readonly ConfigIssue[]> {
  if (pending.length === 0) return [];
  const read = await readSource(config.config_path);
  const main = read.ok ? read.document : null;
  const inTestCase = pending.some((issue) => issue.path[0] === 'test_cases');
  const testCases = main !== null && inTestCase ? await testCasesSource(main, config, env) : null;
  // The names of the test cases, at their indexes, for the issues inside one.
  const names: unknown[] = [];
  for (const testCase of config.test_cases) names[testCase.index] = { name: testCase.name };
  return locateIssues(pending, { main, testCases, testCaseItems: names });
}

/** Where the test cases are written when a `test_cases_file` holds them (null: in agent.yaml, or unreadable). */
async function testCasesSource(main: SourceDocument, config: AgentConfig, env: Env): Promise<TestCasesSource | null> {
  const file = isRecord(main.data) ? main.data['test_cases_file'] : undefined;
  if (typeof file !== 'string') return null;
  // The file was read within its limit when the configuration loaded: any size is read here.
  const limits = resolveFileSizeLimits(undefined, env).limits;
  const unbounded = { ...limits, test_cases_bytes: Number.MAX_SAFE_INTEGER };
  const loaded = await loadTestCasesFile(file, config.base_dir, env, unbounded);
  return loaded.ok ? loaded.source : null;
}

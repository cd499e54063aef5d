/**
 * What a `holodeck test` run covers before it starts: a fresh run selects its cases from the options; a
 * resumed run (`--resume`) selects the same cases as the run it continues, keeps its finished results and
 * its record (same run id, same files).
 */
import { randomUUID } from 'node:crypto';
import type { AgentConfig, TestCaseConfig } from '../core/config-types.js';
import type { RecordPaths } from '../reporters/run-record-path.js';
import type { RunRecordMetadata } from '../reporters/run-record-reporter.js';
import type { RestoredRun } from '../runner/run-deps.js';
import { configSnapshot } from './config-snapshot.js';
import { gitCommit } from './git-commit.js';
import { planSelection } from './plan-selection.js';
import { readVersion } from './read-version.js';
import { loadResume } from './resume/load-resume.js';
import { locateRun } from './resume/locate-run.js';
import type { TestOptions } from './test-options.js';

export interface PreparedRun {
  readonly run_id: string;
  readonly cases: readonly TestCaseConfig[];
  readonly metadata: RunRecordMetadata;
  /** Resume only: the finished results kept, and the record continued. */
  readonly restored?: RestoredRun;
  readonly resume?: { readonly paths: RecordPaths; readonly run_id: string };
  /** Things the user should know before the run starts. */
  readonly notices: readonly string[];
}

export type Prepared =
  | { readonly ok: true; readonly run: PreparedRun }
  | { readonly ok: false; readonly message: string };

export async function prepareFreshRun(config: AgentConfig, options: TestOptions, argv: string[]): Promise<Prepared> {
  const plan = planSelection(config.test_cases, {
    filter: options.filter ?? config.execution.filter,
    limit: options.limit ?? config.execution.limit,
    shard: options.shard ?? null,
  });
  if (!plan.ok) return plan;
  const notices =
    plan.cases.length === 0 && options.shard !== undefined
      ? [
          `shard ${options.shard.index}/${options.shard.total} holds no test case (${plan.selection.suite_cases} selected)`,
        ]
      : [];
  const metadata: RunRecordMetadata = {
    cli_args: argv,
    config_snapshot: configSnapshot(config),
    git_commit: await gitCommit(config.base_dir),
    holodeck_version: readVersion(),
    node_version: process.version,
    backend: config.backend.type,
    model: { provider: config.model.provider, name: config.model.name },
    started_at: new Date().toISOString(),
    selection: plan.selection,
  };
  return { ok: true, run: { run_id: randomUUID(), cases: plan.cases, metadata, notices } };
}

export async function prepareResumedRun(
  config: AgentConfig,
  options: TestOptions,
  resultsDir: string,
  wanted: string | true,
): Promise<Prepared> {
  if (options.filter !== undefined || options.limit !== undefined || options.shard !== undefined) {
    return {
      ok: false,
      message: '--resume runs the test cases of the run it continues: drop --filter, --limit and --shard',
    };
  }
  const located = await locateRun(resultsDir, config.name, wanted);
  if (!located.ok) return located;
  const loaded = await loadResume(located.paths);
  if (!loaded.ok) return loaded;
  const source = loaded.source;
  if (source.agent_name !== config.name) {
    return {
      ok: false,
      message: `the run ${located.paths.record} is of agent "${source.agent_name}", not "${config.name}"`,
    };
  }
  const stored = source.metadata.selection;
  const plan = planSelection(config.test_cases, {
    filter: stored?.filter ?? null,
    limit: stored?.limit ?? null,
    shard: stored?.shard ?? null,
  });
  if (!plan.ok) return plan;
  const metadata: RunRecordMetadata = {
    ...source.metadata,
    config_snapshot: configSnapshot(config),
    selection: plan.selection,
    resumed_at: [...(source.metadata.resumed_at ?? []), new Date().toISOString()],
  };
  const restored: RestoredRun = {
    names: source.names,
    results: source.results,
    started_at: source.started_at,
    elapsed_ms: source.elapsed_ms,
  };
  const run: PreparedRun = {
    run_id: source.run_id,
    cases: plan.cases,
    metadata,
    restored,
    resume: { paths: source.paths, run_id: source.run_id },
    notices: resumeNotices(source, plan.cases, stored?.suite_fingerprint !== plan.selection.suite_fingerprint),
  };
  return { ok: true, run };
}

function resumeNotices(
  source: { readonly names: ReadonlySet<string>; readonly skipped_lines: number; readonly paths: RecordPaths },
  cases: readonly TestCaseConfig[],
  suiteChanged: boolean,
): string[] {
  const selected = new Set(cases.map((testCase) => testCase.name));
  const dropped = [...source.names].filter((name) => !selected.has(name)).length;
  const notices = [`resuming ${source.paths.record}`];
  if (suiteChanged) notices.push('the test cases of the configuration changed since the run started');
  if (dropped > 0) notices.push(`${dropped} finished results match no selected test case any more and are left out`);
  if (source.skipped_lines > 0) {
    notices.push(`${source.skipped_lines} unreadable lines of the run's log are ignored (their cases run again)`);
  }
  return notices;
}

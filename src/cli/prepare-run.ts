/**
 * What a `holodeck test` run covers before it starts: a fresh run selects its cases from the options; a
 * resumed run (`--resume`) selects the same cases as the run it continues, keeps its finished results and
 * its record (same run id, same files).
 */
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { canonicalJson } from '../core/canonical-json.js';
import { wallDate } from '../core/clock.js';
import type { AgentConfig, TestCaseConfig } from '../core/config-types.js';
import { isRecord } from '../core/is-record.js';
import { agentSlug, type RecordPaths } from '../reporters/run-record-path.js';
import type { RunRecordMetadata } from '../reporters/run-record-reporter.js';
import type { RestoredRun } from '../runner/run-deps.js';
import { configSnapshot } from './config-snapshot.js';
import { gitCommit } from './git-commit.js';
import { configHistory, recordedConfigPaths, sayHistoryWarning } from './history/config-history.js';
import { listRunFiles } from './history/list-run-files.js';
import { afterRunAhead } from './history/newest-run-ahead.js';
import { lastFailed, lastFailedNotice, nothingFailed } from './last-failed.js';
import { planSelection, requestOf, type SelectionRequest } from './plan-selection.js';
import { readVersion } from './read-version.js';
import type { ResumeSource } from './resume/load-resume.js';
import { storedFailOnToolError } from './resumed-overrides.js';
import { shellQuote } from './shell-quote.js';
import { suiteCodeContent } from './suite-code-content.js';
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
  /** The time the record is named after, when not the run's start (see history/newest-run-ahead.ts). */
  readonly named_at?: string;
}

export type Prepared =
  | { readonly ok: true; readonly run: PreparedRun }
  /** `nothing`: there is nothing to run and that is no mistake (e.g. --last-failed after a green run). */
  | { readonly ok: false; readonly message: string; readonly nothing?: true };

export async function prepareFreshRun(
  config: AgentConfig,
  options: TestOptions,
  argv: string[],
  resultsDir: string,
): Promise<Prepared> {
  const request = await selectionRequest(config, options, resultsDir);
  if (!request.ok) return request;
  const plan = planSelection(config.test_cases, request.value);
  if (!plan.ok) return plan;
  const notices =
    plan.cases.length === 0 && options.shard !== undefined
      ? [
          `shard ${options.shard.index}/${options.shard.total} holds no test case (${plan.selection.suite_cases} selected)`,
        ]
      : [];
  if (request.notice !== null) notices.push(request.notice(plan.cases.length));
  const startedAt = wallDate();
  const ahead = await afterRunAhead(resultsDir, join(resultsDir, agentSlug(config.name)), startedAt);
  if (ahead !== null) notices.push(ahead.warning);
  const metadata: RunRecordMetadata = {
    cli_args: argv,
    config_snapshot: configSnapshot(config),
    git_commit: await gitCommit(config.base_dir),
    holodeck_version: readVersion(),
    node_version: process.version,
    backend: config.backend.type,
    model: config.model === null ? null : { provider: config.model.provider, name: config.model.name },
    started_at: startedAt.toISOString(),
    // A shard's record says what code and files it ran with, so a merge can tell a retry that ran other ones.
    selection:
      request.value.shard === null
        ? plan.selection
        : { ...plan.selection, code_content: await suiteCodeContent(config, config.test_cases) },
    execution: {
      parallel_test_cases: config.execution.parallel_test_cases,
      llm_timeout: config.execution.llm_timeout,
      ...repeatSettings(config),
      ...redactSettings(config),
    },
  };
  const named = ahead === null ? {} : { named_at: ahead.named_at };
  return { ok: true, run: { run_id: randomUUID(), cases: plan.cases, metadata, notices, ...named } };
}

type RequestResult =
  | {
      readonly ok: true;
      readonly value: SelectionRequest;
      /** `--last-failed`: what it runs, said once the cases are counted. */
      readonly notice: ((count: number) => string) | null;
    }
  | { readonly ok: false; readonly message: string; readonly nothing?: true };

async function selectionRequest(config: AgentConfig, options: TestOptions, resultsDir: string): Promise<RequestResult> {
  const base: SelectionRequest = {
    filters: options.filter.length > 0 ? options.filter : config.execution.filter ? [config.execution.filter] : [],
    ...(options.filter.length === 0 && config.execution.filter
      ? { filters_from: 'execution.filter / HOLODECK_FILTER' }
      : {}),
    grep: options.grep ?? null,
    exclude: options.exclude,
    only: null,
    last_failed_of: null,
    limit: options.limit ?? config.execution.limit,
    shard: options.shard ?? null,
  };
  if (!options.lastFailed) return { ok: true, value: base, notice: null };
  const model = config.model === null ? null : `${config.model.provider}:${config.model.name}`;
  const query = { resultsDir, agentName: config.name, configPath: config.config_path, model };
  const found = await lastFailed(query);
  if (!found.ok) return found;
  if (found.names.length === 0) return { ok: false, nothing: true, message: nothingFailed(found, model) };
  return {
    ok: true,
    value: { ...base, only: found.names, last_failed_of: found.run_id },
    notice: (count) => lastFailedNotice(found, model, count),
  };
}

/** `--resume` with options that would select other cases: the message, or null when there is none. */
export function resumeSelectionConflict(options: TestOptions): string | null {
  const conflicting =
    options.filter.length > 0 ||
    options.grep !== undefined ||
    options.exclude.length > 0 ||
    options.lastFailed ||
    options.limit !== undefined ||
    options.shard !== undefined;
  return conflicting
    ? '--resume runs the test cases of the run it continues: drop --filter, --grep, --exclude, --last-failed, --limit and --shard'
    : null;
}

/**
 * What keeps a run from being continued with this configuration: another configuration file, or a model or
 * backend other than the one its finished cases ran on (one record would hold two agents' results).
 */
function resumeMismatch(config: AgentConfig, source: ResumeSource, ownsConfig: boolean): string | null {
  const run = source.paths.record;
  if (!ownsConfig) {
    return `the run ${run} was started from ${source.agent_config_path}, not ${config.config_path}: resume it with that configuration (holodeck test ${shellQuote(source.agent_config_path)} --resume ${shellQuote(run)})`;
  }
  const stored = source.metadata.model;
  const now = config.model === null ? null : `${config.model.provider}:${config.model.name}`;
  const then = stored === null ? null : `${stored.provider}:${stored.name}`;
  if (then !== now) {
    return `the run ${run} ran on ${then ?? 'no model'}; resuming it on ${now ?? 'no model'} would put two models' results in one record: drop --model, or start a new run`;
  }
  if (source.metadata.backend !== config.backend.type) {
    return `the run ${run} ran on backend ${source.metadata.backend}; resuming it on ${config.backend.type} would mix two backends in one record: drop --backend, or start a new run`;
  }
  // Its finished cases were judged over its repeats, by its pass rate: other settings would judge the rest otherwise.
  const execution = source.metadata.execution;
  const thenRepeat = { repeat: execution?.repeat ?? 1, min_pass_rate: execution?.min_pass_rate };
  const nowRepeat = { repeat: 1, ...repeatSettings(config) };
  if (thenRepeat.repeat !== nowRepeat.repeat || thenRepeat.min_pass_rate !== nowRepeat.min_pass_rate) {
    const said = (settings: { repeat: number; min_pass_rate?: number | undefined }) =>
      settings.repeat === 1
        ? 'no --repeat'
        : `--repeat ${settings.repeat} --min-pass-rate ${settings.min_pass_rate ?? 1}`;
    return `the run ${run} ran with ${said(thenRepeat)}; resuming it with ${said(nowRepeat)} would judge its cases by two rules in one record: drop --repeat and --min-pass-rate, or start a new run`;
  }
  // A turn's time limit and the tool-error rule decide verdicts too.
  const thenTimeout = execution?.llm_timeout;
  if (thenTimeout !== undefined && thenTimeout !== config.execution.llm_timeout) {
    return `the run ${run} ran with a turn time limit of ${thenTimeout} s; resuming it with ${config.execution.llm_timeout} s would judge its cases by two limits in one record: drop --timeout, or start a new run`;
  }
  const thenStrict = storedFailOnToolError(source.metadata.config_snapshot);
  if (thenStrict !== config.execution.fail_on_tool_error) {
    return `the run ${run} ran without --fail-on-tool-error; resuming it with it (or execution.fail_on_tool_error) would judge its cases by two rules in one record: drop it, or start a new run`;
  }
  return null;
}

export async function prepareResumedRun(
  config: AgentConfig,
  options: TestOptions,
  source: ResumeSource,
): Promise<Prepared> {
  const conflict = resumeSelectionConflict(options);
  if (conflict !== null) return { ok: false, message: conflict };
  if (source.agent_name !== config.name) {
    return {
      ok: false,
      message: `the run ${source.paths.record} is of agent "${source.agent_name}", not "${config.name}"`,
    };
  }
  const mismatch = resumeMismatch(config, source, await ownsRun(config, source));
  if (mismatch !== null) return { ok: false, message: mismatch };
  const stored = source.metadata.selection;
  const plan = planSelection(config.test_cases, requestOf(stored));
  if (!plan.ok) return plan;
  // A shard keeps the hash of its code and attachments for merge-reports: one half run on other bytes would pass it.
  if (
    stored?.code_content !== undefined &&
    (await suiteCodeContent(config, config.test_cases)) !== stored.code_content
  ) {
    return {
      ok: false,
      message: `the files of the suite's function tools, code graders, module agent or attachments changed since the shard ${source.paths.record} started: run that shard again from the start (without --resume), so its record is of one version`,
    };
  }
  const metadata: RunRecordMetadata = {
    ...source.metadata,
    config_snapshot: configSnapshot(config),
    selection:
      stored?.code_content === undefined ? plan.selection : { ...plan.selection, code_content: stored.code_content },
    execution: {
      parallel_test_cases: config.execution.parallel_test_cases,
      llm_timeout: config.execution.llm_timeout,
      ...repeatSettings(config),
      ...redactSettings(config),
    },
    resumed_at: [...(source.metadata.resumed_at ?? []), wallDate().toISOString()],
  };
  const metricsChanged = agentMetricsChanged(source.metadata.config_snapshot, config);
  const restored: RestoredRun = {
    names: source.names,
    agent_metrics_changed: metricsChanged,
    results: source.results,
    started_at: source.started_at,
    elapsed_ms: source.elapsed_ms,
    ...(source.repeats === undefined || answersServed(config, options, source) ? {} : { repeats: source.repeats }),
    on_changed: (name) =>
      process.stderr.write(
        `test case ${JSON.stringify(name)} changed since the run started (its turns, ground truths, expected tools or metrics): it runs again\n`,
      ),
  };
  const run: PreparedRun = {
    run_id: source.run_id,
    cases: plan.cases,
    metadata,
    restored,
    resume: { paths: source.paths, run_id: source.run_id },
    notices: [
      ...resumeNotices(source, config.config_path, plan.cases, {
        suiteChanged: stored?.suite_fingerprint !== plan.selection.suite_fingerprint,
        metricsChanged,
        served: answersServed(config, options, source),
      }),
      ...reportsLeftOut(source.metadata.cli_args, options.output),
    ],
  };
  return { ok: true, run };
}

/**
 * Whether model answers come from a cassette or the cache, which give the n-th asking of a request its n-th
 * answer: a repeat resumed alone would be given the first repeat's answers, so the finished repeats of an
 * unfinished case run again (free: their answers are served) and the resumed ones get the answers after them.
 */
function answersServed(config: AgentConfig, options: TestOptions, source: ResumeSource): boolean {
  if (options.record !== undefined) return false;
  const now = options.replay !== undefined || options.cache || config.execution.cache === true;
  return now && servedBefore(source);
}

/**
 * Whether the run's first session had its answers served too (or stored them in the cache): otherwise the cache
 * holds none of the finished repeats' answers, and running them again would ask the model anew and lose them.
 */
function servedBefore(source: ResumeSource): boolean {
  const args = source.metadata.cli_args;
  if (args.some((arg) => arg === '--cache' || arg === '--replay' || arg.startsWith('--replay='))) return true;
  const snapshot = source.metadata.config_snapshot;
  const execution = isRecord(snapshot) ? snapshot['execution'] : undefined;
  return isRecord(execution) && execution['cache'] === true;
}

/** Whether the run is of this config's history (configHistory), over the runs of its folder. */
async function ownsRun(config: AgentConfig, source: ResumeSource): Promise<boolean> {
  if (source.agent_config_path === config.config_path) return true;
  const listed = await listRunFiles(dirname(source.paths.record));
  const recorded = listed.ok ? await recordedConfigPaths(listed.runs) : new Set<string>();
  recorded.add(source.agent_config_path);
  const history = configHistory(recorded, config.config_path, resultsFolderOf(source));
  sayHistoryWarning(history);
  return history.owns(source.agent_config_path);
}

/** The results folder the run's record is in (`<results>/<agent-slug>/<timestamp>.json`). */
function resultsFolderOf(source: ResumeSource): string {
  return dirname(dirname(source.paths.record));
}

function resumeNotices(
  source: ResumeSource,
  configPath: string,
  cases: readonly TestCaseConfig[],
  {
    suiteChanged,
    metricsChanged,
    served,
  }: { readonly suiteChanged: boolean; readonly metricsChanged: boolean; readonly served: boolean },
): string[] {
  const selected = new Set(cases.map((testCase) => testCase.name));
  const dropped = [...source.names].filter((name) => !selected.has(name)).length;
  const notices = [`resuming ${source.paths.record}`, ...(source.lock_note === undefined ? [] : [source.lock_note])];
  if (source.agent_config_path !== configPath) {
    notices.push(`the run was started from ${source.agent_config_path}: the same config file, moved since`);
  }
  if (suiteChanged) notices.push('the test cases of the configuration changed since the run started');
  if (metricsChanged) {
    notices.push(
      "the agent's metrics (evaluations.metrics) changed since the run started: the finished cases they judged run again",
    );
  }
  if (dropped > 0) notices.push(`${dropped} finished results match no selected test case any more and are left out`);
  const repeats = source.repeats?.length ?? 0;
  if (repeats > 0 && served) {
    notices.push(
      `${repeats} finished repeats of unfinished test cases run again, their answers served in the order they were given, so each later repeat gets its own`,
    );
  } else if (repeats > 0) notices.push(`${repeats} finished repeats of unfinished test cases are kept, not run again`);
  if (source.skipped_lines === 1) notices.push("1 unreadable line of the run's log is ignored (its case runs again)");
  else if (source.skipped_lines > 1) {
    notices.push(`${source.skipped_lines} unreadable lines of the run's log are ignored (their cases run again)`);
  }
  return notices;
}

/**
 * A resume given no `--output` writes no report, though the run was started with some: said, so the reports
 * an earlier session left are not taken for the finished run's. What they show is not known: an interrupted
 * session's cases, every case of a session that ran to its end but could not write its record (a full disk),
 * or nothing of a session that was killed.
 */
function reportsLeftOut(startedWith: readonly string[], given: readonly string[]): string[] {
  if (given.length > 0) return [];
  const outputs: string[] = [];
  startedWith.forEach((arg, at) => {
    if (arg === '--output' && startedWith[at + 1] !== undefined) outputs.push(startedWith[at + 1] as string);
    else if (arg.startsWith('--output=')) outputs.push(arg.slice('--output='.length));
  });
  if (outputs.length === 0) return [];
  const named = outputs.map((path) => `--output ${path}`).join(' ');
  return [
    `the run was started with ${named}: give them again to write those reports for the resumed run; they are left as its earlier session wrote them`,
  ];
}

/** The variables masked, by name, so that `--resume` masks them too; nothing when none is named. */
function redactSettings(config: AgentConfig): { redact?: readonly string[] } {
  return config.execution.redact.length > 0 ? { redact: config.execution.redact } : {};
}

/** `--repeat` in the record's execution settings, so that `--resume` keeps it; nothing without repeats. */
function repeatSettings(config: AgentConfig): { repeat?: number; min_pass_rate?: number } {
  const { repeat, min_pass_rate } = config.execution;
  return repeat > 1 ? { repeat, min_pass_rate } : {};
}

/**
 * Whether the agent's metrics are set otherwise than when the run started, in any setting (a threshold, a flag,
 * a criterion, a grader), as the record's configuration snapshot kept them.
 */
function agentMetricsChanged(snapshot: unknown, config: AgentConfig): boolean {
  const evaluations = isRecord(snapshot) ? snapshot['evaluations'] : undefined;
  const then = isRecord(evaluations) ? evaluations['metrics'] : undefined;
  if (then === undefined) return false;
  // As the snapshot keeps them: through JSON (functions and undefined values dropped).
  const now: unknown = JSON.parse(JSON.stringify(config.evaluations.metrics));
  return canonicalJson(then) !== canonicalJson(now);
}

/**
 * `holodeck merge-reports PATH...`: combines the run records of the shards of one suite (`--shard i/n`)
 * into one run — a run record in the results folder (so the dashboard shows it), the requested reports and
 * the exit code of the whole suite.
 */

import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isRecord } from '../../core/is-record.js';
import { createRedactor } from '../../core/redactor.js';
import { type RunRecord, readRunRecord } from '../../records/run-record.js';
import type { RunRecordMetadata } from '../../reporters/run-record-reporter.js';
import { outputPlaceProblem, overInputProblem, writtenFiles } from '../check-output-places.js';
import { collectSecrets } from '../collect-secrets.js';
import { composeReporters } from '../compose-reporters.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { checkShards, type ShardRecord } from '../merge/check-shards.js';
import { findRecords } from '../merge/find-records.js';
import { readUnfinishedRuns } from '../merge/read-unfinished-runs.js';
import { type MergedRun, replayShards } from '../merge/replay-shards.js';
import { type OutputFormat, planOutputs } from '../plan-outputs.js';
import { contentOnly } from '../plan-selection.js';
import { redactProcessOutput } from '../redact-process-output.js';
import { printRunLocations } from '../run-locations.js';
import { writeHtmlOutputs } from '../write-html-outputs.js';

export interface MergeOptions {
  readonly output: readonly string[];
  readonly format?: OutputFormat;
  /** Default: results/ beside the config the shards ran (so `test view CONFIG` shows the merged run). */
  readonly resultsDir?: string;
  readonly maxTextLength?: number;
  readonly redact?: readonly string[];
  readonly verbose?: boolean;
  readonly quiet?: boolean;
}

/** What is kept of a shard record between the check and the replay: no results. */
interface LoadedShard {
  readonly shard: ShardRecord;
  readonly metadata: RunRecordMetadata;
  readonly agent_config_path: string;
  readonly holodeck_version: string;
}

export async function mergeReportsCommand(
  paths: readonly string[],
  options: MergeOptions,
  argv: string[],
): Promise<ExitCode> {
  const redactor = createRedactor(collectSecrets(null, process.env, options.redact ?? []).secrets);
  redactProcessOutput(redactor);
  const outputs = planOutputs(options.output, options.format);
  if (!outputs.ok) return fail([outputs.message]);
  const found = await findRecords(paths);
  if (!found.ok) return fail([found.message]);
  // A report written over a shard's record or log would destroy it: the merge could not be done again.
  const inputs = [...found.files.map((file) => file.path), ...found.unfinished];
  const placeProblem =
    (await overInputProblem(writtenFiles(outputs.outputs, undefined), inputs)) ??
    (await outputPlaceProblem(outputs.outputs));
  if (placeProblem !== null) return fail([placeProblem]);
  const loaded = new Map<string, LoadedShard>();
  for (const file of found.files) {
    try {
      loaded.set(file.path, loadShard(file.path, file.explicit, await readRunRecord(file.path)));
    } catch (error) {
      return fail([(error as Error).message]);
    }
  }
  const unfinished = await readUnfinishedRuns(found.unfinished);
  const checked = checkShards(
    [...loaded.values()].map((entry) => entry.shard),
    unfinished,
  );
  if (!checked.ok) return fail(checked.problems);
  for (const { path, why } of checked.skipped) process.stderr.write(`skipped ${path}: ${why}\n`);
  const ordered = checked.ordered.map((shard) => loaded.get(shard.path) as LoadedShard);
  const merged = mergedRun(ordered);
  const resultsDir = mergedResultsDir(options.resultsDir, merged.agent_config_path);
  const verbosity = options.quiet ? 'quiet' : options.verbose ? 'verbose' : 'normal';
  const reporters = composeReporters({
    outputs: outputs.outputs,
    verbosity,
    resultsDir,
    agentName: merged.agent_name,
    metadata: mergedMetadata(ordered, merged, argv),
    // After its shards: named at the end of the last one, so `latest` (and the dashboard's newest) is the merge.
    record_named_at: merged.finished_at,
    redactor,
    max_text_length: options.maxTextLength,
  });
  if (!reporters.ok) return fail([reporters.message]);
  const report = await replayShards(checked.ordered, merged, reporters.reporter);
  const record = reporters.recordPath();
  process.stderr.write(`merged ${ordered.length} shards into ${record ?? '(no record)'}\n`);
  const htmlProblems = await writeHtmlOutputs(outputs.outputs, resultsDir, record, redactor);
  for (const problem of htmlProblems) process.stderr.write(`error: ${problem.message}\n`);
  if (verbosity !== 'quiet') {
    printRunLocations(process.stdout, {
      record,
      outputs: outputs.outputs.map((output) => output.path),
      failed: new Set([...reporters.failed, ...htmlProblems.map((problem) => problem.path)]),
      configPath: merged.agent_config_path,
      resultsDir: options.resultsDir === undefined ? null : resultsDir,
      cwd: process.cwd(),
    });
  }
  if (reporters.errors.length > 0 || htmlProblems.length > 0) return EXIT.runtime;
  return report.summary.failed > 0 ? EXIT.failed : EXIT.ok;
}

/** `--results-dir`, else results/ beside the config the shards ran, else (config folder not here) ./results. */
function mergedResultsDir(given: string | undefined, configPath: string): string {
  if (given !== undefined) return resolve(given);
  const folder = dirname(configPath);
  if (existsSync(folder)) return join(folder, 'results');
  process.stderr.write(`the config folder ${folder} is not on this machine; writing the merged run under ./results\n`);
  return resolve('results');
}

function loadShard(path: string, explicit: boolean, record: RunRecord): LoadedShard {
  return {
    shard: {
      path,
      explicit,
      run_id: record.run_id,
      state: record.state,
      agent_name: record.report.agent_name,
      selection: record.metadata.selection ?? null,
      names: record.report.results.map((result) => result.test_name),
      turns: record.report.results.reduce((sum, result) => sum + (result.turns?.length ?? 1), 0),
      settings: {
        model:
          record.metadata.model === null ? null : `${record.metadata.model.provider}:${record.metadata.model.name}`,
        backend: record.metadata.backend,
        repeat: record.metadata.execution?.repeat ?? 1,
        min_pass_rate:
          record.metadata.execution?.repeat === undefined ? null : (record.metadata.execution.min_pass_rate ?? 1),
        content: shardContent(record),
        verdict_settings: verdictSettings(record),
      },
    },
    metadata: record.metadata,
    agent_config_path: record.report.agent_config_path,
    holodeck_version: record.report.holodeck_version,
  };
}

function mergedRun(shards: readonly LoadedShard[]): MergedRun {
  const first = shards[0] as LoadedShard;
  const starts = shards.map((s) => s.metadata.started_at).sort();
  const ends = shards.map((s) => s.metadata.finished_at ?? s.metadata.started_at).sort();
  return {
    run_id: randomUUID(),
    agent_name: first.shard.agent_name,
    agent_config_path: first.agent_config_path,
    holodeck_version: first.holodeck_version,
    started_at: starts[0] ?? new Date().toISOString(),
    finished_at: ends[ends.length - 1] ?? new Date().toISOString(),
    config_snapshot: first.metadata.config_snapshot,
  };
}

function mergedMetadata(shards: readonly LoadedShard[], merged: MergedRun, argv: string[]): RunRecordMetadata {
  const base = (shards[0] as LoadedShard).metadata;
  return {
    ...base,
    cli_args: argv,
    started_at: merged.started_at,
    finished_at: merged.finished_at,
    selection: base.selection ? { ...base.selection, shard: null } : null,
    merged_from: shards.map(({ shard }) => ({
      run_id: shard.run_id,
      shard: shard.selection?.shard ?? null,
      path: shard.path,
    })),
  };
}

function fail(problems: readonly string[]): ExitCode {
  process.stderr.write(`error: cannot merge these run records:\n${problems.map((p) => `  - ${p}\n`).join('')}`);
  return EXIT.config;
}

/** Execution settings that change what a case's verdict is for the same agent behaviour, or how it is reached. */
const VERDICT_SETTINGS = [
  'fail_on_tool_error',
  'tool_name_match',
  'distinct_calls',
  'max_steps',
  'max_retries',
  'llm_timeout',
] as const;

/** The record's verdict settings, from its configuration snapshot (what was in force); null without one. */
function verdictSettings(record: RunRecord): Readonly<Record<string, unknown>> | null {
  const snapshot = record.metadata.config_snapshot;
  const execution = isRecord(snapshot) ? snapshot['execution'] : undefined;
  if (!isRecord(execution)) return null;
  // The agent model's sampling too: shards at another temperature ran another agent.
  const model = isRecord(snapshot) && isRecord(snapshot['model']) ? snapshot['model'] : {};
  return {
    ...Object.fromEntries(VERDICT_SETTINGS.map((key) => [key, execution[key]])),
    'model.temperature': model['temperature'],
    'model.max_tokens': model['max_tokens'],
  };
}

/** The suite's content hash with the agent's instructions, tools and metrics; null when the record lacks it. */
function shardContent(record: RunRecord): string | null {
  const suite = record.metadata.selection?.suite_content;
  if (suite === undefined) return null;
  const snapshot = record.metadata.config_snapshot;
  const agent = isRecord(snapshot)
    ? JSON.stringify([snapshot['instructions'], snapshot['tools'], snapshot['evaluations']], contentOnly)
    : '';
  return createHash('sha256').update(`${suite}\n${agent}`).digest('hex').slice(0, 16);
}

/**
 * Writes one merged run from checked shard records: its run record (named after the end of the last shard, so
 * `latest` and the dashboard's newest run is the merge), the requested reports and the console report.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { wallDate } from '../../core/clock.js';
import type { MatrixCaseResult } from '../../core/model-matrix.js';
import type { Redactor } from '../../core/redactor.js';
import type { RunEnd } from '../../core/reporter.js';
import type { ConsoleStream, Verbosity } from '../../reporters/console-reporter.js';
import type { RunRecordMetadata } from '../../reporters/run-record-reporter.js';
import { divertStdoutToStderr } from '../../reporters/stdout-for-reports.js';
import { composeReporters } from '../compose-reporters.js';
import { matrixReporter } from '../matrix/matrix-reporter.js';
import { isStdoutPath, type PlannedOutput } from '../plan-outputs.js';
import { writeHtmlOutputs } from '../write-html-outputs.js';
import type { LoadedShard } from './loaded-shard.js';
import { type MergedRun, replayShards } from './replay-shards.js';

export interface MergeSettings {
  readonly verbosity: Verbosity;
  /** `--results-dir`; default: results/ beside the config the shards ran. */
  readonly resultsDir: string | undefined;
  readonly maxTextLength: number | undefined;
  readonly redactor: Redactor;
  readonly argv: readonly string[];
}

/** A model of a merged model matrix: the comparison id its record carries, and where its finished cases go. */
export interface MergedComparison {
  readonly id: string;
  readonly cases: MatrixCaseResult[];
  readonly console: ConsoleStream;
}

export type MergedRunWritten =
  | {
      readonly ok: true;
      readonly report: RunEnd;
      readonly record: string | null;
      readonly resultsDir: string;
      readonly configPath: string;
      /** The record or reports that could not be written in full (said on stderr). */
      readonly failed: ReadonlySet<string>;
      readonly errors: number;
    }
  | { readonly ok: false; readonly message: string };

export async function writeMergedRun(
  shards: readonly LoadedShard[],
  outputs: readonly PlannedOutput[],
  settings: MergeSettings,
  comparison?: MergedComparison,
): Promise<MergedRunWritten> {
  const merged = mergedRun(shards);
  const resultsDir = mergedResultsDir(settings.resultsDir, merged.agent_config_path);
  const metadata = mergedMetadata(shards, merged, settings.argv);
  const reportOnStdout = comparison === undefined && outputs.some((output) => isStdoutPath(output.path));
  if (reportOnStdout) divertStdoutToStderr();
  const reporters = composeReporters({
    outputs,
    verbosity: settings.verbosity,
    resultsDir,
    agentName: merged.agent_name,
    // A shard of a model matrix carries its job's comparison id: the merged run belongs to the merged matrix, if any.
    metadata: { ...metadata, comparison_id: comparison?.id },
    record_named_at: merged.finished_at,
    redactor: settings.redactor,
    max_text_length: settings.maxTextLength,
    // A report on stdout (`--output -`) is all stdout holds: the console's summary goes to stderr.
    ...(comparison === undefined
      ? reportOnStdout
        ? { console: process.stderr }
        : {}
      : { console: comparison.console }),
  });
  if (!reporters.ok) return reporters;
  const reporter = comparison === undefined ? reporters.reporter : matrixReporter(reporters.reporter, comparison.cases);
  const report = await replayShards(
    shards.map(({ shard }) => shard),
    merged,
    reporter,
  );
  const record = reporters.recordPath();
  process.stderr.write(`merged ${shards.length} shards into ${record ?? '(no record)'}\n`);
  const htmlProblems = await writeHtmlOutputs(outputs, resultsDir, record, settings.redactor);
  for (const problem of htmlProblems) process.stderr.write(`error: ${problem.message}\n`);
  return {
    ok: true,
    report,
    record,
    resultsDir,
    configPath: merged.agent_config_path,
    failed: new Set([...reporters.failed, ...htmlProblems.map((problem) => problem.path)]),
    errors: reporters.errors.length + htmlProblems.length,
  };
}

/** `--results-dir`, else results/ beside the config the shards ran, else (config folder not here) ./results. */
function mergedResultsDir(given: string | undefined, configPath: string): string {
  if (given !== undefined) return resolve(given);
  const folder = dirname(configPath);
  if (existsSync(folder)) return join(folder, 'results');
  process.stderr.write(`the config folder ${folder} is not on this machine; writing the merged run under ./results\n`);
  return resolve('results');
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
    started_at: starts[0] ?? wallDate().toISOString(),
    finished_at: ends[ends.length - 1] ?? wallDate().toISOString(),
    config_snapshot: first.metadata.config_snapshot,
  };
}

function mergedMetadata(shards: readonly LoadedShard[], merged: MergedRun, argv: readonly string[]): RunRecordMetadata {
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

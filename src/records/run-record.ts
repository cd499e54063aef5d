/**
 * The run record: what every `holodeck test` run leaves in `results/<agent-slug>/<timestamp>.json` for
 * history and the dashboard — the JSON report plus redacted metadata — and how to read it back.
 */

import { z } from 'zod';
import { boundDepth } from '../core/bound-depth.js';
import { isRecord } from '../core/is-record.js';
import type { JsonValue } from '../core/json.js';
import type { RunState } from '../core/reporter.js';
import type { RunReport, TestResult } from '../core/results.js';
import { reportContradiction } from './record-contradiction.js';
import { runReportSchema, testResultSchema } from './report-schema.js';
import {
  describeIssues,
  parseRecordJson,
  RunRecordError,
  readRecordText,
  withoutByteOrderMark,
} from './run-record-error.js';
import { settleParsedResult } from './settle-parsed-result.js';

export { RunRecordError, type RunRecordErrorCode } from './run-record-error.js';

import { upgradeReport, upgradeTestResult } from './upgrade-results.js';

/** Version 2 added `status` to cases and turns and `errored`/`skipped` to the summary; version 1 is upgraded on read. */
export const RUN_RECORD_VERSION = 2;
const READABLE_VERSIONS: readonly number[] = [1, RUN_RECORD_VERSION];

/** Slice `index` (1-based) of `total` of the selected test cases (`--shard index/total`). */
export interface ShardSpec {
  readonly index: number;
  readonly total: number;
}

/** Which test cases the run covers, so a resume runs the same ones and shard records can be merged. */
export interface RunSelection {
  /** The one `--filter` pattern, when there was exactly one (kept for records read by older versions). */
  readonly filter?: string | null | undefined;
  /** `--filter` patterns: a case runs when its name matches any. */
  readonly filters?: readonly string[] | undefined;
  readonly grep?: string | null | undefined;
  readonly exclude?: readonly string[] | undefined;
  /** `--last-failed`: the run whose failed and errored cases were selected, and their names. */
  readonly last_failed?: { readonly run_id: string; readonly names: readonly string[] } | null | undefined;
  readonly limit: number | null;
  readonly shard: ShardSpec | null;
  /** Test cases selected by filter and limit, before sharding. */
  readonly suite_cases: number;
  /** A hash of the names of those cases, in order: shards of one suite carry the same fingerprint. */
  readonly suite_fingerprint: string;
  /**
   * A hash of what those cases ask and expect (turns, ground truths, expected tools, metrics): shards of one
   * unchanged suite carry the same; absent in records written before it was kept.
   */
  readonly suite_content?: string | undefined;
  /**
   * A shard's: a hash of its function tools', graders' and module agent's files and of the files its turns attach
   * (suite-code-content.ts), so that `merge-reports` refuses shards that ran other code or files.
   */
  readonly code_content?: string | undefined;
}

export interface RunExecution {
  readonly parallel_test_cases: number;
  readonly llm_timeout: number;
  /** `--repeat N` with N > 1 (absent otherwise), and the min pass rate in force with it. */
  readonly repeat?: number | undefined;
  readonly min_pass_rate?: number | undefined;
  /** The names (never the values) of the environment variables masked by `--redact` and `execution.redact`. */
  readonly redact?: readonly string[] | undefined;
}

/** A shard record combined into a merged run (`holodeck merge-reports`). */
export interface MergedShard {
  readonly run_id: string;
  readonly shard: ShardSpec | null;
  readonly path: string;
}

/** What the caller knows about the run; `finished_at` is filled in when the run ends. */
export interface RunRecordMetadata {
  readonly cli_args: readonly string[];
  /** The configuration as loaded; secrets are redacted before it is stored. */
  readonly config_snapshot: unknown;
  readonly git_commit: string | null;
  readonly holodeck_version: string;
  readonly node_version: string;
  readonly backend: string;
  /** null for a module agent run without a model. */
  readonly model: { readonly provider: string; readonly name: string } | null;
  readonly started_at: string;
  readonly finished_at?: string | null | undefined;
  readonly selection?: RunSelection | null | undefined;
  /** The execution settings in force (after command-line overrides), so that `--resume` keeps them. */
  readonly execution?: RunExecution | null | undefined;
  /** When each `--resume` session of this run started. */
  readonly resumed_at?: readonly string[] | undefined;
  /** For a merged run: the shard records it combines. */
  readonly merged_from?: readonly MergedShard[] | undefined;
  /** A model matrix run: the id shared by the records of every model of the same invocation. */
  readonly comparison_id?: string | undefined;
  /** A model matrix run: the models of the matrix (`provider:name`), in its order. */
  readonly comparison_models?: readonly string[] | undefined;
}

/** The metadata as stored: redacted, plain JSON, with the finish time. */
export interface StoredRunMetadata extends Omit<RunRecordMetadata, 'config_snapshot' | 'finished_at'> {
  readonly config_snapshot: JsonValue;
  readonly finished_at: string;
}

export interface RunRecord {
  readonly record_version: typeof RUN_RECORD_VERSION;
  readonly run_id: string;
  readonly state: RunState;
  readonly metadata: StoredRunMetadata;
  readonly report: RunReport;
}

const shardSchema = z.object({ index: z.number().int().min(1), total: z.number().int().min(1) });

const selectionSchema = z.object({
  filter: z.string().nullable().optional(),
  filters: z.array(z.string()).optional(),
  grep: z.string().nullable().optional(),
  exclude: z.array(z.string()).optional(),
  last_failed: z
    .object({ run_id: z.string(), names: z.array(z.string()) })
    .nullable()
    .optional(),
  limit: z.number().int().min(1).nullable(),
  shard: shardSchema.nullable(),
  suite_cases: z.number().int().min(0),
  suite_fingerprint: z.string(),
  suite_content: z.string().optional(),
  code_content: z.string().optional(),
});

export const metadataSchema = z.object({
  cli_args: z.array(z.string()),
  config_snapshot: z.json(),
  git_commit: z.string().nullable(),
  holodeck_version: z.string(),
  node_version: z.string(),
  backend: z.string(),
  model: z.object({ provider: z.string(), name: z.string() }).nullable(),
  started_at: z.string(),
  finished_at: z.string(),
  selection: selectionSchema.nullable().optional(),
  execution: z
    .object({
      parallel_test_cases: z.number(),
      llm_timeout: z.number(),
      repeat: z.number().int().min(1).optional(),
      min_pass_rate: z.number().gt(0).max(1).optional(),
      redact: z.array(z.string()).optional(),
    })
    .nullable()
    .optional(),
  resumed_at: z.array(z.string()).optional(),
  merged_from: z.array(z.object({ run_id: z.string(), shard: shardSchema.nullable(), path: z.string() })).optional(),
  comparison_id: z.string().optional(),
  comparison_models: z.array(z.string()).optional(),
});

export const runRecordSchema = z.object({
  record_version: z.union([z.literal(1), z.literal(RUN_RECORD_VERSION)]),
  run_id: z.string().min(1),
  // No released version wrote 'failed' (no code produced it); a record that says so is read as interrupted.
  state: z
    .enum(['completed', 'interrupted', 'failed'])
    .transform((state): RunState => (state === 'failed' ? 'interrupted' : state)),
  metadata: metadataSchema,
  report: runReportSchema,
});

/** Reads and validates a run record; throws RunRecordError naming the file and the first problems. */
export async function readRunRecord(path: string): Promise<RunRecord> {
  return parseRunRecord(await readRecordText(path), path);
}

/**
 * Validates a run record's text (`source` names it in errors), upgrading older versions; throws RunRecordError
 * (not JSON, a version this holodeck does not read, or not the record's shape, with the first problems located).
 */
export function parseRunRecord(text: string, source: string): RunRecord {
  const upgraded = upgradeRecordValue(parseRecordJson(source, text), source);
  const result = runRecordSchema.safeParse(upgraded);
  if (!result.success)
    throw new RunRecordError('RUN_RECORD_INVALID', source, `not a valid run record: ${describeIssues(result.error)}`);
  const { report } = result.data;
  const results = report.results.map(settleParsedResult);
  const contradiction = reportContradiction({ summary: report.summary, results });
  if (contradiction !== null) {
    throw new RunRecordError('RUN_RECORD_INVALID', source, `the record contradicts itself: ${contradiction}`);
  }
  return {
    ...result.data,
    record_version: RUN_RECORD_VERSION,
    report: { ...report, results },
  };
}

/** A parsed record of a version this holodeck reads, upgraded to the current one; throws for other versions. */
export function upgradeRecordValue(parsed: unknown, source: string): unknown {
  const version = isRecord(parsed) ? parsed['record_version'] : undefined;
  if (typeof version === 'number' && !READABLE_VERSIONS.includes(version)) {
    throw new RunRecordError('RUN_RECORD_UNSUPPORTED_VERSION', source, unsupportedVersion(version, parsed));
  }
  return isRecord(parsed) ? { ...parsed, report: upgradeReport(parsed['report']) } : parsed;
}

/** Why a record of another version is not read: a newer holodeck wrote it (which, when it says), or none did. */
function unsupportedVersion(version: number, parsed: unknown): string {
  const reads = `this holodeck reads record versions ${READABLE_VERSIONS.join(' and ')}`;
  if (!Number.isInteger(version) || version < 1) {
    return `record_version ${version} is not supported: no holodeck writes it (${reads})`;
  }
  if (version < RUN_RECORD_VERSION) return `record_version ${version} is not supported (${reads})`;
  const report = isRecord(parsed) ? parsed['report'] : undefined;
  const writer = isRecord(report) ? report['holodeck_version'] : undefined;
  const by = typeof writer === 'string' && /^[\w.+-]{1,40}$/.test(writer) ? `holodeck ${writer}` : 'a newer holodeck';
  return `record_version ${version} is not supported: the record was written by ${by}, and ${reads}; upgrade holodeck to read it`;
}

/**
 * The test results saved so far by a run that never finished (its `.partial.jsonl`). A last line cut off by
 * a crash is ignored; any other bad line is an error.
 */
export async function readPartialResults(path: string): Promise<TestResult[]> {
  const lines = withoutByteOrderMark(await readRecordText(path)).split('\n');
  const results: TestResult[] = [];
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '' || isHeaderLine(line)) continue;
    const isLast = lines.slice(i + 1).every((rest) => rest.trim() === '');
    let value: unknown;
    try {
      value = boundDepth(JSON.parse(line) as unknown);
    } catch (error) {
      if (isLast) break;
      throw new RunRecordError('RUN_RECORD_INVALID_JSON', path, `line ${i + 1} is not JSON`, { cause: error });
    }
    const result = testResultSchema.safeParse(upgradeTestResult(value));
    if (!result.success) {
      const message = `line ${i + 1} is not a valid test result: ${describeIssues(result.error)}`;
      throw new RunRecordError('RUN_RECORD_INVALID', path, message);
    }
    results.push(settleParsedResult(result.data));
  }
  return results;
}

/** The first line of a `.partial.jsonl` log names the run; it holds `metadata`, never `test_name`. */
function isHeaderLine(line: string): boolean {
  return line.startsWith('{"record_version"');
}

/** Run records and in-progress logs, from file text to a validated RunRecord. */
import type { ReportSummary, RunReport, TestResult } from '../core/results.js';
import { DashboardError } from './dashboard-error.js';
import type { DashboardRunState, RunMetadata, RunRecord } from './dashboard-types.js';
import {
  asFields,
  count,
  type Fields,
  jsonOrNull,
  list,
  numberOrNull,
  text,
  textList,
  textOrNull,
} from './json-fields.js';
import { normalizeCost } from './normalize-cost.js';
import { normalizeTestResult, normalizeUsage } from './normalize-results.js';
import { normalizeSelection } from './run-group.js';
import type { RunId } from './run-id.js';
import { summarizeResults } from './summarize-results.js';

const RECORD_STATES: readonly DashboardRunState[] = ['completed', 'interrupted', 'failed'];

/** A record's top-level parts, checked, with its results still raw JSON. */
export interface RecordParts {
  readonly record_version: number;
  readonly run_id: string;
  readonly state: DashboardRunState;
  readonly metadata: RunMetadata;
  readonly report: Fields;
  readonly results: readonly unknown[];
}

/** Parses a finished record (`<timestamp>.json`); throws RECORD_UNREADABLE when it is not JSON or not a record. */
export function parseRecordParts(source: string, runId: RunId): RecordParts {
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch (error) {
    throw new DashboardError('RECORD_UNREADABLE', `${runId.id}: not valid JSON (${(error as Error).message})`);
  }
  const fields = asFields(parsed);
  const report = fields === null ? null : asFields(fields.report);
  if (fields === null || report === null || !Array.isArray(report.results)) {
    throw new DashboardError('RECORD_UNREADABLE', `${runId.id}: not a run record (no report.results)`);
  }
  const state = text(fields, 'state') as DashboardRunState;
  return {
    record_version: count(fields, 'record_version', 1),
    run_id: text(fields, 'run_id', runId.id),
    state: RECORD_STATES.includes(state) ? state : 'completed',
    metadata: normalizeMetadata(fields.metadata),
    report,
    results: report.results,
  };
}

export function parseRunRecord(source: string, runId: RunId): RunRecord {
  const parts = parseRecordParts(source, runId);
  const { record_version, run_id, state, metadata } = parts;
  return { record_version, run_id, state, metadata, report: normalizeReport(parts.report, runId, metadata) };
}

/**
 * An in-progress log (`<timestamp>.partial.jsonl`): one TestResult per line. A line holding `metadata` (or a
 * whole record header) supplies the run's metadata. Lines that do not parse, such as a last line still being
 * written, are left out.
 */
export function parsePartialLog(source: string, runId: RunId, state: DashboardRunState): RunRecord {
  const results: TestResult[] = [];
  let header: Fields = {};
  for (const line of source.split('\n')) {
    const fields = parseLine(line);
    if (fields === null) continue;
    if (typeof fields.test_name === 'string') {
      const result = normalizeTestResult(fields);
      if (result !== null) results.push(result);
    } else if (asFields(fields.metadata) !== null) {
      header = fields;
    }
  }
  const metadata = normalizeMetadata(header.metadata);
  const report = normalizeReport({ ...header, results }, runId, metadata);
  return {
    record_version: count(header, 'record_version', 1),
    run_id: text(header, 'run_id', runId.id),
    state,
    metadata,
    report,
  };
}

function parseLine(line: string): Fields | null {
  if (line.trim() === '') return null;
  try {
    return asFields(JSON.parse(line));
  } catch {
    return null;
  }
}

export function normalizeMetadata(value: unknown): RunMetadata {
  const fields = asFields(value) ?? {};
  const model = asFields(fields.model);
  return {
    cli_args: textList(fields, 'cli_args'),
    config_snapshot: jsonOrNull(fields, 'config_snapshot'),
    git_commit: textOrNull(fields, 'git_commit'),
    holodeck_version: textOrNull(fields, 'holodeck_version'),
    node_version: textOrNull(fields, 'node_version'),
    backend: textOrNull(fields, 'backend'),
    model: model === null ? null : { provider: text(model, 'provider'), name: text(model, 'name') },
    started_at: textOrNull(fields, 'started_at'),
    finished_at: textOrNull(fields, 'finished_at'),
    selection: normalizeSelection(fields.selection),
    comparison_id: textOrNull(fields, 'comparison_id'),
  };
}

export function normalizeResults(results: readonly unknown[]): TestResult[] {
  return results.flatMap((item) => {
    const result = normalizeTestResult(item);
    return result === null ? [] : [result];
  });
}

/** The report's own fields, without its results (their summary computed only when the record lacks one). */
export function reportHead(
  fields: Fields,
  runId: RunId,
  metadata: RunMetadata,
  results: () => readonly TestResult[],
): Omit<RunReport, 'results'> {
  return {
    agent_name: text(fields, 'agent_name', runId.agent_slug),
    agent_config_path: text(fields, 'agent_config_path'),
    timestamp: text(fields, 'timestamp', metadata.started_at ?? ''),
    holodeck_version: text(fields, 'holodeck_version', metadata.holodeck_version ?? ''),
    summary: normalizeSummary(fields.summary, () => {
      const all = results();
      return summarizeResults(all, wallTime(metadata) ?? sumDurations(all));
    }),
  };
}

function normalizeReport(fields: Fields, runId: RunId, metadata: RunMetadata): RunReport {
  const results = normalizeResults(list(fields, 'results'));
  return { ...reportHead(fields, runId, metadata, () => results), results };
}

function normalizeSummary(value: unknown, compute: () => ReportSummary): ReportSummary {
  const fields = asFields(value);
  if (fields === null) return compute();
  let computed: ReportSummary | null = null;
  const fallback = () => {
    computed ??= compute();
    return computed;
  };
  const figure = (key: keyof ReportSummary & string): number => {
    const known = numberOrNull(fields, key);
    return known ?? (fallback()[key] as number);
  };
  return {
    total_tests: figure('total_tests'),
    passed: figure('passed'),
    failed: figure('failed'),
    errored: figure('errored'),
    skipped: figure('skipped'),
    pass_rate: figure('pass_rate'),
    total_turns: figure('total_turns'),
    passed_turns: figure('passed_turns'),
    failed_turns: figure('failed_turns'),
    errored_turns: figure('errored_turns'),
    skipped_turns: figure('skipped_turns'),
    duration_ms: figure('duration_ms'),
    token_usage: fields.token_usage === undefined ? fallback().token_usage : normalizeUsage(fields.token_usage),
    ...normalizeCost(fields),
  };
}

function wallTime(metadata: RunMetadata): number | null {
  if (metadata.started_at === null || metadata.finished_at === null) return null;
  const ms = Date.parse(metadata.finished_at) - Date.parse(metadata.started_at);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

function sumDurations(results: readonly TestResult[]): number {
  return results.reduce((sum, result) => sum + result.execution_time_ms, 0);
}

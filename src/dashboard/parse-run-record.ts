/**
 * Run records and in-progress logs as the dashboard shows them, read through the run record's one home
 * (`records/`): the same validation, upgrades of older versions and located errors as `--resume`,
 * `merge-reports` and `compare`. A record that cannot be read becomes a RECORD_UNREADABLE error of that run.
 */
import type { RunInterruption, TestResult } from '../core/results.js';
import { type PartialHeader, parsePartialLogText } from '../records/partial-log.js';
import {
  parseRunRecord as parseRecord,
  RUN_RECORD_VERSION,
  RunRecordError,
  type RunSelection,
  type StoredRunMetadata,
} from '../records/run-record.js';
import type { DashboardRunState, RunMetadata, RunRecord } from './dashboard-types.js';
import { recordUnreadable } from './record-unreadable.js';
import { normalizeSelection } from './run-group.js';
import type { RunId } from './run-id.js';
import { summarizeResults } from './summarize-results.js';

/**
 * A finished record (`<timestamp>.json`); throws RECORD_UNREADABLE naming the run and the first problems. A record
 * that says `completed` while it holds fewer test cases than its selection chose (see shortOfSelection) is shown
 * `incomplete`, with the cases it holds of those it chose, and says so: never as a whole run.
 */
export function parseRunRecord(source: string, runId: RunId): RunRecord {
  let parsed: ReturnType<typeof parseRecord>;
  try {
    parsed = parseRecord(source, runId.id);
  } catch (error) {
    if (error instanceof RunRecordError) throw recordUnreadable(error);
    throw error;
  }
  const { record_version, run_id, state, metadata, report } = parsed;
  const record = { record_version, run_id, state, metadata: runMetadata(metadata), report };
  const short = state === 'completed' ? shortOfSelection(metadata.selection, report.results) : null;
  if (short === null) return record;
  const held = short.selected_tests - short.not_run;
  return {
    ...record,
    state: 'incomplete',
    report: { ...report, interrupted: short },
    note: `the record says completed, but holds ${held} of the ${short.selected_tests} test cases its selection chose`,
  };
}

/**
 * How many of the cases a completed record's selection chose it does not hold, or null when it holds them all or
 * its selection is not recorded. holodeck writes `completed` only once every case of the run finished, and the
 * run's cases are exactly its selection's (`suite_cases`, after filters and --limit, before --shard; its shard's
 * part of them): fewer results than that is a record edited by hand, not a run.
 */
function shortOfSelection(
  selection: RunSelection | null | undefined,
  results: readonly TestResult[],
): RunInterruption | null {
  if (selection === null || selection === undefined) return null;
  const selected = selectedCases(selection);
  const held = new Set(results.map((result) => result.test_name)).size;
  return held < selected ? { selected_tests: selected, not_run: selected - held } : null;
}

/** How many test cases a run of this selection runs: `suite_cases`, or its shard's part of them. */
function selectedCases(selection: RunSelection): number {
  const { suite_cases: cases, shard } = selection;
  if (shard === null || shard === undefined) return cases;
  return Math.floor(cases / shard.total) + (shard.index - 1 < cases % shard.total ? 1 : 0);
}

/**
 * An in-progress log (`<timestamp>.partial.jsonl`): its header names the run, then one result per line. Lines
 * that are not a valid result, such as a last line still being written, are left out. `until` is the run's time
 * so far: now for a running run, the log's last write for one that stopped; its duration runs from its start
 * to then (the sum of its case times, which overlap under concurrency, when the start is unknown).
 */
export function parsePartialLog(source: string, runId: RunId, state: DashboardRunState, until: number): RunRecord {
  const { header, results } = parsePartialLogText(source);
  const metadata = runMetadata(header?.metadata ?? null);
  const started = Date.parse(metadata.started_at ?? '');
  const duration = Number.isFinite(started) && until >= started ? until - started : sumDurations(results);
  const summary = summarizeResults(results, duration);
  const missing = notYetRun(header?.metadata.selection, summary.total_tests);
  return {
    record_version: header?.record_version ?? RUN_RECORD_VERSION,
    run_id: header?.run_id ?? runId.id,
    state,
    metadata,
    report: {
      agent_name: header?.agent_name ?? runId.agent_slug,
      agent_config_path: header?.agent_config_path ?? '',
      timestamp: header?.timestamp ?? metadata.started_at ?? '',
      holodeck_version: header?.holodeck_version ?? metadata.holodeck_version ?? '',
      summary,
      results,
      ...(missing === null ? {} : { interrupted: missing }),
    },
    log_problem: logProblem(source, header !== null, results.length),
  };
}

/** Why a log shows no results, when that is not just a run that has not finished a case yet (else null). */
function logProblem(source: string, hasHeader: boolean, results: number): string | null {
  if (results > 0 || hasHeader) return null;
  if (source.trim() === '') return 'the log is empty: the run wrote nothing to it';
  return 'no line of the log is a run header or a test result: it is not a log holodeck wrote';
}

/**
 * How many of the cases a run selected are not in its log yet: a running or stopped run is read as `4 of 7`, not
 * as a whole run of 4. From the header's selection (its cases, of the run's shard); null when it says nothing.
 */
function notYetRun(selection: RunSelection | null | undefined, finished: number): RunInterruption | null {
  if (selection === null || selection === undefined) return null;
  const selected = selectedCases(selection);
  return selected > finished ? { selected_tests: selected, not_run: selected - finished } : null;
}

/** The stored metadata (of a record, or of a log header without its finish time) as the views show it. */
export function runMetadata(stored: StoredRunMetadata | PartialHeader['metadata'] | null): RunMetadata {
  if (stored === null) {
    return {
      cli_args: [],
      config_snapshot: null,
      git_commit: null,
      holodeck_version: null,
      node_version: null,
      backend: null,
      model: null,
      started_at: null,
      finished_at: null,
      selection: null,
      comparison_id: null,
    };
  }
  return {
    cli_args: stored.cli_args,
    config_snapshot: stored.config_snapshot,
    git_commit: stored.git_commit,
    holodeck_version: stored.holodeck_version,
    node_version: stored.node_version,
    backend: stored.backend,
    model: stored.model,
    started_at: stored.started_at,
    finished_at: 'finished_at' in stored ? stored.finished_at : null,
    selection: normalizeSelection(stored.selection),
    comparison_id: stored.comparison_id ?? null,
  };
}

function sumDurations(results: readonly TestResult[]): number {
  return results.reduce((sum, result) => sum + result.execution_time_ms, 0);
}

/** The small per-run summary kept in the runs index: metadata, summary figures and per-metric means. */
import { type EvaluatedCase, summarizeMetrics } from '../core/metric-tally.js';
import type { RunReport } from '../core/results.js';
import { ZERO_USAGE } from '../core/token-usage.js';
import type { DashboardRunState, RunMetadata, RunSummary } from './dashboard-types.js';
import { parseRunRecord } from './parse-run-record.js';
import { chosenModel, runGroup } from './run-group.js';
import { type RunId, timestampTime } from './run-id.js';

/** What a summary needs of a record: everything but the test results. */
export interface RunHead {
  readonly run_id: string;
  readonly state: DashboardRunState;
  readonly metadata: RunMetadata;
  readonly report: Omit<RunReport, 'results'>;
  readonly note?: string | null;
  readonly log_problem?: string | null;
}

/** `configBases`: the folders the config path is shown relative to (see configLabel). */
export function summarizeRun(
  runId: RunId,
  head: RunHead,
  results: readonly EvaluatedCase[],
  configBases: readonly string[] = [],
): RunSummary {
  const { metadata, report } = head;
  return {
    id: runId.id,
    agent_slug: runId.agent_slug,
    agent_name: report.agent_name,
    group: runGroup(
      report.agent_config_path,
      metadata.selection,
      runId.agent_slug,
      configBases,
      chosenModel(metadata.model, metadata.cli_args, metadata.comparison_id),
    ),
    record_run_id: head.run_id === runId.id ? null : head.run_id,
    copy_of: null,
    state: head.state,
    error: [head.note, head.log_problem].filter((text) => typeof text === 'string').join('; ') || null,
    started_at: metadata.started_at ?? (report.timestamp || timestampTime(runId.timestamp)),
    finished_at: metadata.finished_at,
    model: metadata.model,
    backend: metadata.backend,
    git_commit: metadata.git_commit,
    holodeck_version: metadata.holodeck_version ?? (report.holodeck_version || null),
    summary: report.summary,
    metrics: summarizeMetrics(results),
    comparison_id: metadata.comparison_id,
    interrupted: report.interrupted ?? null,
  };
}

/**
 * The summary of a record file's text, the record validated whole as when the run is opened (parse-run-record.ts):
 * a record that cannot be opened is listed as unreadable, never as a run with a pass rate.
 */
export function summarizeRecordSource(source: string, runId: RunId, configBases: readonly string[] = []): RunSummary {
  const record = parseRunRecord(source, runId);
  return summarizeRun(runId, record, record.report.results, configBases);
}

/** The index line of a file that could not be read: listed, with the reason, so it is not silently missing. */
export function unreadableRun(runId: RunId, error: string, modifiedAt: string): RunSummary {
  return {
    id: runId.id,
    agent_slug: runId.agent_slug,
    agent_name: runId.agent_slug,
    group: runGroup('', null, runId.agent_slug, []),
    record_run_id: null,
    copy_of: null,
    state: 'unreadable',
    error,
    started_at: modifiedAt,
    finished_at: null,
    model: null,
    backend: null,
    git_commit: null,
    holodeck_version: null,
    summary: {
      total_tests: 0,
      passed: 0,
      failed: 0,
      errored: 0,
      skipped: 0,
      pass_rate: 0,
      total_turns: 0,
      passed_turns: 0,
      failed_turns: 0,
      errored_turns: 0,
      skipped_turns: 0,
      duration_ms: 0,
      token_usage: ZERO_USAGE,
    },
    metrics: [],
    comparison_id: null,
    interrupted: null,
  };
}

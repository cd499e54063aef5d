/** The small per-run summary kept in the runs index: metadata, summary figures and per-metric means. */
import { createMetricTally } from '../core/metric-tally.js';
import type { RunReport } from '../core/results.js';
import { ZERO_USAGE } from '../core/token-usage.js';
import type { DashboardRunState, MetricSummary, RunMetadata, RunSummary } from './dashboard-types.js';
import { asFields, type Fields, flag, list, numberOrNull, text, textOrNull } from './json-fields.js';
import { normalizeResults, parseRecordParts, reportHead } from './parse-run-record.js';
import { runGroup } from './run-group.js';
import { type RunId, timestampTime } from './run-id.js';

function metricLists(result: Fields): readonly unknown[] {
  if (!Array.isArray(result.turns)) return [list(result, 'metric_results')];
  return result.turns.map((turn) => list(asFields(turn) ?? {}, 'metric_results'));
}

/**
 * Per-metric figures over every evaluation of a run (core/metric-tally.ts). Reads results as raw JSON so the
 * index need not build whole test results.
 */
export function summarizeMetrics(results: readonly unknown[]): MetricSummary[] {
  const tally = createMetricTally();
  for (const item of results) {
    const result = asFields(item);
    if (result === null) continue;
    for (const metrics of metricLists(result)) {
      for (const metric of metrics as readonly unknown[]) {
        const fields = asFields(metric);
        if (fields === null) continue;
        tally.add({
          metric_name: text(fields, 'metric_name', '(unnamed metric)'),
          score: numberOrNull(fields, 'score'),
          passed: flag(fields, 'passed'),
          skipped: flag(fields, 'skipped'),
          error: textOrNull(fields, 'error'),
        });
      }
    }
  }
  return tally.summaries();
}

/** What a summary needs of a record: everything but the test results. */
export interface RunHead {
  readonly run_id: string;
  readonly state: DashboardRunState;
  readonly metadata: RunMetadata;
  readonly report: Omit<RunReport, 'results'>;
}

/** `configBases`: the folders the config path is shown relative to (see configLabel). */
export function summarizeRun(
  runId: RunId,
  head: RunHead,
  results: readonly unknown[],
  configBases: readonly string[] = [],
): RunSummary {
  const { metadata, report } = head;
  return {
    id: runId.id,
    agent_slug: runId.agent_slug,
    agent_name: report.agent_name,
    group: runGroup(report.agent_config_path, metadata.selection, runId.agent_slug, configBases),
    record_run_id: head.run_id === runId.id ? null : head.run_id,
    state: head.state,
    error: null,
    started_at: metadata.started_at ?? (report.timestamp || timestampTime(runId.timestamp)),
    finished_at: metadata.finished_at,
    model: metadata.model,
    backend: metadata.backend,
    git_commit: metadata.git_commit,
    holodeck_version: metadata.holodeck_version ?? (report.holodeck_version || null),
    summary: report.summary,
    metrics: summarizeMetrics(results),
    comparison_id: metadata.comparison_id,
  };
}

/** The summary of a record file's text, without building its test results (unless it lacks a summary). */
export function summarizeRecordSource(source: string, runId: RunId, configBases: readonly string[] = []): RunSummary {
  const parts = parseRecordParts(source, runId);
  const report = reportHead(parts.report, runId, parts.metadata, () => normalizeResults(parts.results));
  return summarizeRun(runId, { ...parts, report }, parts.results, configBases);
}

/** The index line of a file that could not be read: listed, with the reason, so it is not silently missing. */
export function unreadableRun(runId: RunId, error: string, modifiedAt: string): RunSummary {
  return {
    id: runId.id,
    agent_slug: runId.agent_slug,
    agent_name: runId.agent_slug,
    group: runGroup('', null, runId.agent_slug, []),
    record_run_id: null,
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
  };
}

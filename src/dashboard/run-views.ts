/** The API views of one run: its detail (summary, metadata, compact case rows) and one test case in full. */

import { turnStatuses } from '../core/compare-results.js';
import { caseFailures, firstFailureText } from '../core/failure-reasons.js';
import { evaluations } from '../core/metric-tally.js';
import type { TestResult } from '../core/results.js';
import { DashboardError } from './dashboard-error.js';
import type { CaseDetail, CaseRow, RunDetail, RunRecord, RunSummary } from './dashboard-types.js';

function caseMetrics(result: TestResult): CaseRow['metrics'] {
  const passed = new Map<string, boolean>();
  for (const metric of evaluations(result)) {
    if (metric.skipped) continue;
    passed.set(metric.metric_name, (passed.get(metric.metric_name) ?? true) && metric.passed === true);
  }
  return [...passed.entries()].map(([metric_name, ok]) => ({ metric_name, passed: ok }));
}

export function caseRow(result: TestResult, index: number): CaseRow {
  const statuses = turnStatuses(result);
  return {
    index,
    test_name: result.test_name,
    status: result.status,
    turn_count: result.turns === undefined ? null : result.turns.length,
    passed_turns: statuses.filter((s) => s === 'passed').length,
    failed_turns: statuses.filter((s) => s === 'failed').length,
    skipped_turns: statuses.filter((s) => s === 'skipped').length,
    duration_ms: result.execution_time_ms,
    total_tokens: result.token_usage.total_tokens,
    metrics: caseMetrics(result),
    failure: firstFailureText(result)?.text ?? null,
  };
}

export function runDetail(summary: RunSummary, record: RunRecord, previousRunId: string | null): RunDetail {
  return {
    run: summary,
    metadata: record.metadata,
    agent_config_path: record.report.agent_config_path,
    cases: record.report.results.map(caseRow),
    metric_names: summary.metrics.map((metric) => metric.metric_name),
    previous_run_id: previousRunId,
  };
}

function failedIndex(results: readonly TestResult[], from: number, step: 1 | -1): number | null {
  for (let index = from + step; index >= 0 && index < results.length; index += step) {
    if (results[index]?.passed === false) return index;
  }
  return null;
}

export function caseDetail(runId: string, record: RunRecord, index: number): CaseDetail {
  const { results } = record.report;
  const result = results[index];
  if (result === undefined) {
    throw new DashboardError('CASE_NOT_FOUND', `run ${runId} has no test case #${index} (it has ${results.length})`);
  }
  return {
    run_id: runId,
    agent_name: record.report.agent_name,
    index,
    total: results.length,
    result,
    failures: caseFailures(result),
    previous_failed: failedIndex(results, index, -1),
    next_failed: failedIndex(results, index, 1),
  };
}

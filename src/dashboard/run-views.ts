/** The API views of one run: its detail (summary, metadata, compact case rows) and one test case in full. */

import { turnStatuses } from '../core/compare-results.js';
import { usageUnknown } from '../core/cost.js';
import { caseFailures, firstFailureText } from '../core/failure-reasons.js';
import type { JsonValue } from '../core/json.js';
import { maskConfigSnapshot } from '../core/mask-config-snapshot.js';
import { evaluations } from '../core/metric-tally.js';
import type { TestResult } from '../core/results.js';
import { caseAddresses } from './case-address.js';
import { DashboardError } from './dashboard-error.js';
import type { CaseDetail, CaseRow, RunDetail, RunRecord, RunSummary } from './dashboard-types.js';

function masked(snapshot: JsonValue | null): JsonValue | null {
  return snapshot === null ? null : maskConfigSnapshot(snapshot);
}

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
    ...(usageUnknown(result.cost) ? { tokens_at_least: true } : {}),
    metrics: caseMetrics(result),
    failure: firstFailureText(result)?.text ?? null,
  };
}

export function runDetail(summary: RunSummary, record: RunRecord, previousRunId: string | null): RunDetail {
  const addresses = caseAddresses(record);
  return {
    run: summary,
    // A record written elsewhere or edited by hand may hold a literal key in its configuration: never sent.
    metadata: { ...record.metadata, config_snapshot: masked(record.metadata.config_snapshot) },
    agent_config_path: record.report.agent_config_path,
    cases: record.report.results.map((result, position) => caseRow(result, addresses[position] ?? position)),
    metric_names: summary.metrics.map((metric) => metric.metric_name),
    previous_run_id: previousRunId,
  };
}

/** The address of the nearest failed case before (-1) or after (1) `from` in the run's list, or null. */
function failedAddress(
  results: readonly TestResult[],
  addresses: readonly number[],
  from: number,
  step: 1 | -1,
): number | null {
  for (let position = from + step; position >= 0 && position < results.length; position += step) {
    if (results[position]?.passed === false) return addresses[position] ?? position;
  }
  return null;
}

/** The case at `address` (see case-address.ts); `position` is its place in the run's list (found when not given). */
export function caseDetail(
  runId: string,
  record: RunRecord,
  address: number,
  addresses: readonly number[] = caseAddresses(record),
  position: number = addresses.indexOf(address),
): CaseDetail {
  const { results } = record.report;
  const result = results[position];
  if (result === undefined) {
    const finished = record.state === 'running' ? ' yet' : '';
    throw new DashboardError(
      'CASE_NOT_FOUND',
      `run ${runId} has no result for test case #${address}${finished} (it has ${results.length})`,
    );
  }
  return {
    run_id: runId,
    agent_name: record.report.agent_name,
    index: address,
    position,
    total: results.length,
    result,
    failures: caseFailures(result),
    previous_failed: failedAddress(results, addresses, position, -1),
    next_failed: failedAddress(results, addresses, position, 1),
  };
}

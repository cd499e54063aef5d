/**
 * Reads results written by earlier versions (run record version 1, partial logs without `status`): each
 * case and turn gets the `status` its recorded facts imply, skipped metrics get `passed: null`, and the
 * summary gets its `errored`, `skipped` and `errored_turns` counts. Results that already carry a status are
 * returned as they are, so the upgrade can run on every read.
 */

import { isRecord } from '../core/is-record.js';
import { caseStatus, type Status, turnStatus, verdict } from '../core/status.js';

export function upgradeTestResult(value: unknown): unknown {
  if (!isRecord(value) || 'status' in value) return value;
  const metrics = upgradeMetrics(value['metric_results']);
  const rawTurns = value['turns'];
  if (!Array.isArray(rawTurns)) {
    const status = turnStatus({
      skipped: false,
      assertions_held: value['passed'] === true,
      errors: strings(value['errors']),
      metric_results: metricFacts(metrics),
    });
    return { ...value, metric_results: metrics, ...verdict(status) };
  }
  const turns = rawTurns.map(upgradeTurn);
  const statuses = turns.map((turn) => (isRecord(turn) ? (turn['status'] as Status) : 'error'));
  // Old records repeat turn errors (and skip reasons) among the case's errors: a case is `error` when a turn
  // is, or when every turn passed yet the case did not (an error of the case itself).
  let status = caseStatus(statuses, []);
  if (status === 'passed' && value['passed'] !== true) status = 'error';
  return { ...value, metric_results: metrics, turns, ...verdict(status) };
}

function upgradeTurn(value: unknown): unknown {
  if (!isRecord(value) || 'status' in value) return value;
  const metrics = upgradeMetrics(value['metric_results']);
  const status = turnStatus({
    skipped: value['skipped'] === true,
    assertions_held: value['passed'] === true,
    errors: strings(value['errors']),
    metric_results: metricFacts(metrics),
  });
  return { ...value, metric_results: metrics, ...verdict(status) };
}

function upgradeMetrics(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((metric) => (isRecord(metric) && metric['skipped'] === true ? { ...metric, passed: null } : metric));
}

function metricFacts(value: unknown) {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((m) => ({
    skipped: m['skipped'] === true,
    error: typeof m['error'] === 'string' ? m['error'] : null,
    passed: typeof m['passed'] === 'boolean' ? m['passed'] : null,
  }));
}

/** A report whose results were upgraded gets the summary counts derived from them when it lacks them. */
export function upgradeReport(value: unknown): unknown {
  if (!isRecord(value) || !Array.isArray(value['results'])) return value;
  const results = value['results'].map(upgradeTestResult);
  const summary = value['summary'];
  if (!isRecord(summary) || 'errored' in summary) return { ...value, results };
  const cases = results.filter(isRecord);
  const turnStatuses = cases.flatMap((r) =>
    Array.isArray(r['turns']) ? r['turns'].filter(isRecord).map((t) => t['status']) : [r['status']],
  );
  return {
    ...value,
    results,
    summary: {
      ...summary,
      errored: cases.filter((r) => r['status'] === 'error').length,
      skipped: cases.filter((r) => r['status'] === 'skipped').length,
      errored_turns: turnStatuses.filter((s) => s === 'error').length,
    },
  };
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

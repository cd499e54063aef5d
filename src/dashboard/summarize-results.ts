/** Summary figures computed from test results, for records without a usable `summary` (in-progress runs). */
import type { ReportSummary, TestResult } from '../core/results.js';
import { createSummaryAccumulator } from '../core/summary-accumulator.js';
import type { TurnStatus } from './dashboard-types.js';

/** Each turn's status; a single-turn case counts as one turn with the case's status. */
export function turnStatuses(result: TestResult): TurnStatus[] {
  if (result.turns === undefined) return [result.status];
  return result.turns.map((turn) => turn.status);
}

/** The summary the runner would have written, counted the same way (core/summary-accumulator.ts). */
export function summarizeResults(results: readonly TestResult[], durationMs: number): ReportSummary {
  const summary = createSummaryAccumulator();
  for (const result of results) summary.add(result);
  return summary.summary(durationMs);
}

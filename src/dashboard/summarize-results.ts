/** Summary figures computed from test results, for records without a usable `summary` (in-progress runs). */
import type { ReportSummary, TestResult } from '../core/results.js';
import { createSummaryAccumulator } from '../core/summary-accumulator.js';

/** The summary the runner would have written, counted the same way (core/summary-accumulator.ts). */
export function summarizeResults(results: readonly TestResult[], durationMs: number): ReportSummary {
  const summary = createSummaryAccumulator();
  for (const result of results) summary.add(result);
  return summary.summary(durationMs);
}

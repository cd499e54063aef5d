/** The report summary: counts test cases (not turns) plus turn counts and total tokens. */
import type { ReportSummary, TestResult } from '../core/results.js';
import { createSummaryAccumulator } from './summary-accumulator.js';

export function summarize(results: readonly TestResult[], durationMs: number): ReportSummary {
  const accumulator = createSummaryAccumulator();
  for (const result of results) accumulator.add(result);
  return accumulator.summary(durationMs);
}

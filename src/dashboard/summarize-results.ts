/** Summary figures computed from test results, for records without a usable `summary` (in-progress runs). */
import type { ReportSummary, TestResult } from '../core/results.js';
import { addUsage, ZERO_USAGE } from '../core/token-usage.js';
import type { TurnStatus } from './dashboard-types.js';

/** Each turn's status; a single-turn case counts as one turn with the case's status. */
export function turnStatuses(result: TestResult): TurnStatus[] {
  if (result.turns === undefined) return [result.passed ? 'passed' : 'failed'];
  return result.turns.map((turn) => (turn.skipped ? 'skipped' : turn.passed ? 'passed' : 'failed'));
}

export function summarizeResults(results: readonly TestResult[], durationMs: number): ReportSummary {
  let passed = 0;
  let passedTurns = 0;
  let failedTurns = 0;
  let skippedTurns = 0;
  let usage = ZERO_USAGE;
  for (const result of results) {
    if (result.passed) passed += 1;
    for (const status of turnStatuses(result)) {
      if (status === 'passed') passedTurns += 1;
      else if (status === 'failed') failedTurns += 1;
      else skippedTurns += 1;
    }
    usage = addUsage(usage, result.token_usage);
  }
  return {
    total_tests: results.length,
    passed,
    failed: results.length - passed,
    pass_rate: results.length === 0 ? 0 : passed / results.length,
    total_turns: passedTurns + failedTurns + skippedTurns,
    passed_turns: passedTurns,
    failed_turns: failedTurns,
    skipped_turns: skippedTurns,
    duration_ms: durationMs,
    token_usage: usage,
  };
}

/** Summary figures computed from test results, for records without a usable `summary` (in-progress runs). */
import type { ReportSummary, TestResult } from '../core/results.js';
import { addUsage, ZERO_USAGE } from '../core/token-usage.js';
import type { TurnStatus } from './dashboard-types.js';

/** Each turn's status; a single-turn case counts as one turn with the case's status. */
export function turnStatuses(result: TestResult): TurnStatus[] {
  if (result.turns === undefined) return [result.status];
  return result.turns.map((turn) => turn.status);
}

export function summarizeResults(results: readonly TestResult[], durationMs: number): ReportSummary {
  let passed = 0;
  let errored = 0;
  let skipped = 0;
  let passedTurns = 0;
  let failedTurns = 0;
  let erroredTurns = 0;
  let skippedTurns = 0;
  let usage = ZERO_USAGE;
  for (const result of results) {
    if (result.status === 'passed') passed += 1;
    else if (result.status === 'error') errored += 1;
    else if (result.status === 'skipped') skipped += 1;
    for (const status of turnStatuses(result)) {
      if (status === 'passed') passedTurns += 1;
      else if (status === 'skipped') skippedTurns += 1;
      else {
        failedTurns += 1;
        if (status === 'error') erroredTurns += 1;
      }
    }
    usage = addUsage(usage, result.token_usage);
  }
  return {
    total_tests: results.length,
    passed,
    failed: results.length - passed,
    errored,
    skipped,
    pass_rate: results.length === 0 ? 0 : passed / results.length,
    total_turns: passedTurns + failedTurns + skippedTurns,
    passed_turns: passedTurns,
    failed_turns: failedTurns,
    errored_turns: erroredTurns,
    skipped_turns: skippedTurns,
    duration_ms: durationMs,
    token_usage: usage,
  };
}

/** The report summary: counts test cases (not turns) plus turn counts and total tokens. */
import type { ReportSummary, TestResult, TurnResult } from '../core/results.js';
import { addUsage, ZERO_USAGE } from '../core/token-usage.js';

export function summarize(results: readonly TestResult[], durationMs: number): ReportSummary {
  const passed = results.filter((result) => result.passed).length;
  const turns = results.flatMap(turnsOf);
  const skippedTurns = turns.filter((turn) => turn.skipped).length;
  const passedTurns = turns.filter((turn) => turn.passed).length;
  return {
    total_tests: results.length,
    passed,
    failed: results.length - passed,
    pass_rate: results.length === 0 ? 0 : passed / results.length,
    total_turns: turns.length,
    passed_turns: passedTurns,
    failed_turns: turns.length - passedTurns - skippedTurns,
    skipped_turns: skippedTurns,
    duration_ms: durationMs,
    token_usage: results.reduce((sum, result) => addUsage(sum, result.token_usage), ZERO_USAGE),
  };
}

/** A single-turn result counts as one turn. */
function turnsOf(result: TestResult): readonly Pick<TurnResult, 'passed' | 'skipped'>[] {
  return result.turns ?? [{ passed: result.passed, skipped: false }];
}

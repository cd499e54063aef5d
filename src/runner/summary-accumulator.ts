/** The report summary, counted as results arrive, so a run of any length needs no list of its results. */
import type { ReportSummary, TestResult } from '../core/results.js';
import { addUsage, type TokenUsage, ZERO_USAGE } from '../core/token-usage.js';

export interface SummaryAccumulator {
  add(result: TestResult): void;
  /** The summary of everything added so far. */
  summary(durationMs: number): ReportSummary;
}

export function createSummaryAccumulator(): SummaryAccumulator {
  let total = 0;
  let passed = 0;
  let totalTurns = 0;
  let passedTurns = 0;
  let skippedTurns = 0;
  let usage: TokenUsage = ZERO_USAGE;
  return {
    add(result) {
      total += 1;
      if (result.passed) passed += 1;
      usage = addUsage(usage, result.token_usage);
      if (result.turns === undefined) {
        // A single-turn result counts as one turn.
        totalTurns += 1;
        if (result.passed) passedTurns += 1;
        return;
      }
      for (const turn of result.turns) {
        totalTurns += 1;
        if (turn.skipped) skippedTurns += 1;
        else if (turn.passed) passedTurns += 1;
      }
    },
    summary(durationMs) {
      return {
        total_tests: total,
        passed,
        failed: total - passed,
        pass_rate: total === 0 ? 0 : passed / total,
        total_turns: totalTurns,
        passed_turns: passedTurns,
        failed_turns: totalTurns - passedTurns - skippedTurns,
        skipped_turns: skippedTurns,
        duration_ms: durationMs,
        token_usage: usage,
      };
    },
  };
}

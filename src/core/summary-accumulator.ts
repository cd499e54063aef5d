/** The report summary, counted as results arrive, so a run of any length needs no list of its results. */
import { addCost, costFields, costOfPart, ZERO_COST } from './cost.js';
import { createMetricTally, evaluations } from './metric-tally.js';
import type { CostBreakdown, ReportSummary, TestResult } from './results.js';
import { addUsage, type TokenUsage, ZERO_USAGE } from './token-usage.js';

export interface SummaryAccumulator {
  add(result: TestResult): void;
  /**
   * What a result that is no finished case spent — a finished repeat of a case the run did not finish: its tokens
   * and cost count in the run's, the result in nothing else.
   */
  addSpent(result: TestResult): void;
  /** The summary of everything added so far. */
  summary(durationMs: number): ReportSummary;
}

export function createSummaryAccumulator(): SummaryAccumulator {
  let total = 0;
  let passed = 0;
  let errored = 0;
  let skipped = 0;
  let totalTurns = 0;
  let passedTurns = 0;
  let erroredTurns = 0;
  let skippedTurns = 0;
  let toolErrors = 0;
  let repeats = 0;
  let flaky = 0;
  let usage: TokenUsage = ZERO_USAGE;
  // Counted once any result carries a cost; one without it then counts as unknown if it used tokens.
  let costed = false;
  let cost: CostBreakdown = ZERO_COST;
  const metrics = createMetricTally();
  return {
    add(result) {
      total += 1;
      for (const metric of evaluations(result)) metrics.add(metric);
      if (result.status === 'passed') passed += 1;
      else if (result.status === 'error') errored += 1;
      else if (result.status === 'skipped') skipped += 1;
      usage = addUsage(usage, result.token_usage);
      costed ||= result.cost !== undefined;
      cost = addCost(cost, costOfPart(result));
      if (result.repeat_stats !== undefined) {
        repeats = Math.max(repeats, result.repeat_stats.runs);
        if (result.repeat_stats.flaky) flaky += 1;
      }
      // With repeats, the turns and tool calls of every repeat count.
      for (const run of result.repeats ?? [result]) {
        for (const call of run.tool_invocations) if (call.error !== null) toolErrors += 1;
        // A single-turn result counts as one turn.
        for (const status of run.turns === undefined ? [run.status] : run.turns.map((t) => t.status)) {
          totalTurns += 1;
          if (status === 'passed') passedTurns += 1;
          else if (status === 'error') erroredTurns += 1;
          else if (status === 'skipped') skippedTurns += 1;
        }
      }
    },
    addSpent(result) {
      usage = addUsage(usage, result.token_usage);
      costed ||= result.cost !== undefined;
      cost = addCost(cost, costOfPart(result));
    },
    summary(durationMs) {
      return {
        total_tests: total,
        passed,
        failed: total - passed,
        errored,
        skipped,
        pass_rate: total === 0 ? 0 : passed / total,
        total_turns: totalTurns,
        passed_turns: passedTurns,
        failed_turns: totalTurns - passedTurns - skippedTurns,
        errored_turns: erroredTurns,
        skipped_turns: skippedTurns,
        tool_errors: toolErrors,
        ...(repeats > 1 ? { repeats, flaky_tests: flaky } : {}),
        metrics: metrics.summaries(),
        duration_ms: durationMs,
        token_usage: usage,
        ...(costed ? costFields(cost) : {}),
      };
    },
  };
}

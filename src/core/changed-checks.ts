/**
 * How the checks of one test case differ between two runs: a metric judging it in one run and not the other, or
 * judging it at another threshold, as the metric results of each run recorded them. A case "fixed" by a lower
 * threshold or a dropped metric says nothing of the agent; `holodeck compare` and the dashboard's compare view
 * both say so, case by case.
 */
import { formatScore } from './format-score.js';
import type { MetricResult, TestResult } from './results.js';
import { turnLabel } from './turn-label.js';

interface JudgedTurn {
  readonly metric_results: readonly MetricResult[];
  readonly errors: readonly string[];
  readonly skipped: boolean;
}

/** The case's turns as its metrics judged them; a single-turn case is one turn. */
function judgedTurns(result: TestResult): readonly JudgedTurn[] {
  return result.turns ?? [{ metric_results: result.metric_results, errors: result.errors, skipped: false }];
}

/** A turn that ended before its metrics ran (an error, a skip) says nothing of them. */
function unjudged(turn: JudgedTurn | undefined): boolean {
  return turn === undefined || (turn.metric_results.length === 0 && (turn.skipped || turn.errors.length > 0));
}

/** `bleu threshold 0.9 → 0.1`, `equality dropped`, `rouge added`, in the order of A's metrics, then B's. */
function turnDifferences(a: readonly MetricResult[], b: readonly MetricResult[]): string[] {
  const inB = new Map(b.map((metric) => [metric.metric_name, metric]));
  const inA = new Set(a.map((metric) => metric.metric_name));
  const said: string[] = [];
  for (const metric of a) {
    const after = inB.get(metric.metric_name);
    if (after === undefined) said.push(`${metric.metric_name} dropped`);
    else if (metric.threshold !== null && after.threshold !== null && metric.threshold !== after.threshold) {
      said.push(`${metric.metric_name} threshold ${formatScore(metric.threshold)} → ${formatScore(after.threshold)}`);
    }
  }
  for (const metric of b) if (!inA.has(metric.metric_name)) said.push(`${metric.metric_name} added`);
  return [...new Set(said)];
}

/**
 * What differs in the checks of a case from run A to run B; empty when its metrics and thresholds are the same.
 * A multi-turn case names the turn of each difference (`turn 2/3: bleu added`).
 */
export function changedChecks(a: TestResult, b: TestResult): string[] {
  const [turnsA, turnsB] = [judgedTurns(a), judgedTurns(b)];
  const multiTurn = a.turns !== undefined || b.turns !== undefined;
  const count = multiTurn ? Math.max(turnsA.length, turnsB.length) : null;
  const said: string[] = [];
  for (let index = 0; index < Math.min(turnsA.length, turnsB.length); index += 1) {
    const [before, after] = [turnsA[index], turnsB[index]];
    if (before === undefined || after === undefined || unjudged(before) || unjudged(after)) continue;
    const differences = turnDifferences(before.metric_results, after.metric_results);
    const at = count === null ? '' : `${turnLabel(index, count)}: `;
    said.push(...differences.map((difference) => `${at}${difference}`));
  }
  return said;
}

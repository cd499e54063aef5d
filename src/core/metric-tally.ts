/**
 * Per-metric figures over every evaluation of a run (per turn for multi-turn cases, the case's own for
 * single-turn ones): one tally, fed by whole results or by the evaluations of a record's head (the dashboard's index).
 */

export interface MetricSummary {
  readonly metric_name: string;
  /** Mean score over every evaluation that produced a score; null when none did. */
  readonly mean_score: number | null;
  readonly passed: number;
  readonly failed: number;
  readonly errored: number;
}

/** What the tally needs of one evaluation. */
export interface TalliedMetric {
  readonly metric_name: string;
  readonly score: number | null;
  readonly passed: boolean | null;
  readonly skipped: boolean;
  readonly error: string | null;
}

export interface MetricTally {
  add(metric: TalliedMetric): void;
  /** Summaries by metric name, in name order. */
  summaries(): MetricSummary[];
}

interface Entry {
  sum: number;
  scored: number;
  passed: number;
  failed: number;
  errored: number;
}

export function createMetricTally(): MetricTally {
  const entries = new Map<string, Entry>();
  return {
    add(metric) {
      if (metric.skipped) return;
      let entry = entries.get(metric.metric_name);
      if (entry === undefined) {
        entry = { sum: 0, scored: 0, passed: 0, failed: 0, errored: 0 };
        entries.set(metric.metric_name, entry);
      }
      if (metric.score !== null) {
        entry.sum += metric.score;
        entry.scored += 1;
      }
      if (metric.error !== null) entry.errored += 1;
      else if (metric.passed === true) entry.passed += 1;
      else entry.failed += 1;
    },
    summaries() {
      return [...entries.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, entry]) => ({
          metric_name: name,
          mean_score: entry.scored === 0 ? null : entry.sum / entry.scored,
          passed: entry.passed,
          failed: entry.failed,
          errored: entry.errored,
        }));
    },
  };
}

/** What the tally reads of a case: its metric evaluations, or those of each of its turns, or of its repeats. */
export interface EvaluatedCase {
  readonly metric_results: readonly TalliedMetric[];
  readonly turns?: readonly { readonly metric_results: readonly TalliedMetric[] }[] | undefined;
  /** `--repeat`: every repeat of the case, whose evaluations are the case's (its own fields show one repeat). */
  readonly repeats?: readonly EvaluatedCase[] | undefined;
}

/**
 * Every metric evaluation of a case: per turn for multi-turn cases, the case's own for single-turn ones, and
 * those of every repeat when it was repeated.
 */
export function evaluations(result: EvaluatedCase): readonly TalliedMetric[] {
  if (result.repeats !== undefined && result.repeats.length > 0) return result.repeats.flatMap(evaluations);
  return result.turns === undefined ? result.metric_results : result.turns.flatMap((turn) => turn.metric_results);
}

export function summarizeMetrics(results: readonly EvaluatedCase[]): MetricSummary[] {
  const tally = createMetricTally();
  for (const result of results) for (const metric of evaluations(result)) tally.add(metric);
  return tally.summaries();
}

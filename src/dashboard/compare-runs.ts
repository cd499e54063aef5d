/** Two runs side by side for the compare view: the shared comparison (core/compare-results.ts) and config. */
import { askedDifferently } from '../core/asked-differently.js';
import {
  type CaseChange,
  type ChangeCounts,
  compareResults,
  type MetricDelta,
  metricDeltas,
  type TrendCounts,
} from '../core/compare-results.js';
import { caseAddresses } from './case-address.js';
import type { RunRecord, RunSummary } from './dashboard-types.js';
import { type ConfigDiff, diffConfig } from './diff-config.js';
import type { MatrixInfo } from './matrix-comparison.js';

export type { CaseChange, CaseChangeKind, MetricDelta, TurnChange, TurnTrend } from '../core/compare-results.js';
export { compareCases, metricDeltas } from '../core/compare-results.js';

export interface RunComparison {
  readonly a: RunSummary;
  readonly b: RunSummary;
  readonly counts: ChangeCounts;
  /** Cases still failing by how their turns moved (worse, mixed, better, unchanged), as `holodeck compare` says. */
  readonly trends: TrendCounts;
  readonly cases: readonly CaseChange[];
  readonly metrics: readonly MetricDelta[];
  readonly config: ConfigDiff;
  /**
   * Cases of B that share a name with one of A but asked other questions or expected other answers: their
   * verdicts compare different tests (as `holodeck compare` warns).
   */
  readonly asked_differently: readonly string[];
  /** Opened on a model matrix (`?comparison=ID`): its runs, and which two are compared. */
  readonly matrix?: MatrixInfo;
}

export function compareRuns(
  a: { summary: RunSummary; record: RunRecord },
  b: { summary: RunSummary; record: RunRecord },
): RunComparison {
  const { counts, trends, cases } = compareResults(a.record.report.results, b.record.report.results);
  // Positions in each run's list, as the case addresses the links use (case-address.ts).
  const [addressesA, addressesB] = [caseAddresses(a.record), caseAddresses(b.record)];
  const address = (addresses: readonly number[], position: number | null): number | null =>
    position === null ? null : (addresses[position] ?? position);
  return {
    a: a.summary,
    b: b.summary,
    counts,
    trends,
    cases: cases.map((change) => ({
      ...change,
      a_index: address(addressesA, change.a_index),
      b_index: address(addressesB, change.b_index),
    })),
    metrics: metricDeltas(a.summary.metrics, b.summary.metrics),
    config: diffConfig(a.record.metadata, b.record.metadata),
    asked_differently: askedDifferently(a.record.report.results, b.record.report.results),
  };
}

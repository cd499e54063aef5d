/** Two runs side by side for the compare view: the shared comparison (core/compare-results.ts) and config. */
import { type CompareNotice, compareNotices, type NoticeRun, snapshotFacts } from '../core/compare-notices.js';
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
import { selectionLabel } from './run-group.js';

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
   * What makes a change something other than a change of the agent, as `holodeck compare` says it first: runs of
   * two agents, cases that asked otherwise or are judged by other checks, another judge, other repeat settings,
   * cases of A that B did not run (core/compare-notices.ts).
   */
  readonly notices: readonly CompareNotice[];
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
    notices: compareNotices(noticeRun(a.record), noticeRun(b.record)),
  };
}

function noticeRun(record: RunRecord): NoticeRun {
  return {
    ...snapshotFacts(record.metadata),
    agent_name: record.report.agent_name,
    // A run still going, or one that stopped early, is said by the view's own notice, with what did not run.
    finished: record.state === 'completed',
    results: record.report.results,
    selection: selectionLabel(record.metadata.selection),
  };
}

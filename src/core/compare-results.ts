/**
 * Two runs' results side by side: which cases and turns changed status (regressions first) and how each
 * metric's mean score moved. Shared by `holodeck compare` and the dashboard's compare view.
 *
 * Each case falls in one kind: regressed (passed in A, not in B), fixed (the reverse), still failing (passes in
 * neither), added, removed. A case still failing has a trend, from its turns: worse (turns newly failing, none
 * newly passing), mixed (both), better (turns newly passing only) or unchanged (neither).
 */
import { changedChecks } from './changed-checks.js';
import { failureAtTurn } from './failure-at-turn.js';
import type { MetricSummary } from './metric-tally.js';
import type { TestResult } from './results.js';
import { repeatedStatus, type Status } from './status.js';

export type CaseChangeKind = 'regressed' | 'fixed' | 'still_failing' | 'added' | 'removed';

/** How the turns of a case failing in both runs moved. */
export type TurnTrend = 'worse' | 'mixed' | 'better' | 'unchanged';

export const TURN_TRENDS: readonly TurnTrend[] = ['worse', 'mixed', 'better', 'unchanged'];

export interface TurnChange {
  readonly turn_index: number;
  readonly a: Status | null;
  readonly b: Status | null;
}

export interface CaseChange {
  readonly test_name: string;
  readonly kind: CaseChangeKind;
  readonly a_index: number | null;
  readonly b_index: number | null;
  readonly a_status: Status | null;
  readonly b_status: Status | null;
  /** Turns that passed in A and not in B, and the reverse. */
  readonly regressed_turns: number;
  readonly fixed_turns: number;
  /** Only the turns whose status differs. */
  readonly turns: readonly TurnChange[];
  /** Turns of the longer of the two conversations, for `turn 2/4` labels; null when both are single-turn. */
  readonly turn_count: number | null;
  /** Cases still failing only: how their turns moved; null for the other kinds. */
  readonly trend: TurnTrend | null;
  /**
   * Why the case fails in B (or in A when it was removed), at the first turn that newly fails, else at the first
   * turn that fails as the turn changes judge it; null when it passes.
   */
  readonly failure: string | null;
  /**
   * How the case's checks differ from A to B (`bleu threshold 0.9 → 0.1`, `equality dropped`): a verdict that
   * changed may come from them, not from the agent. Empty when they are the same, or the case is in one run only.
   */
  readonly checks_changed: readonly string[];
}

export interface MetricDelta {
  readonly metric_name: string;
  readonly a: MetricSummary | null;
  readonly b: MetricSummary | null;
  /** Mean score of B minus mean score of A; null unless both have one. */
  readonly delta: number | null;
}

export type ChangeCounts = Readonly<Record<CaseChangeKind | 'still_passing', number>>;

/** Cases still failing, by trend: they add up to `counts.still_failing`. */
export type TrendCounts = Readonly<Record<TurnTrend, number>>;

export interface ResultsComparison {
  readonly counts: ChangeCounts;
  readonly trends: TrendCounts;
  readonly cases: readonly CaseChange[];
}

/**
 * Each turn's status; a single-turn case counts as one turn with the case's status. A repeated case's turns are
 * judged over its repeats, by its pass rate, as the case is (its own `turns` are those of one repeat).
 */
export function turnStatuses(result: TestResult): Status[] {
  const stats = result.repeat_stats;
  if (stats?.turns !== undefined && stats.turns.length > 0) {
    return stats.turns.map((turn) => repeatedStatus(turn, stats.min_pass_rate, 'turn'));
  }
  if (result.turns === undefined) return [result.status];
  return result.turns.map((turn) => turn.status);
}

/** Cases are matched by name; repeated names are matched in order of appearance. */
function keyed(results: readonly TestResult[]): Map<string, number> {
  const seen = new Map<string, number>();
  const keys = new Map<string, number>();
  results.forEach((result, index) => {
    const occurrence = seen.get(result.test_name) ?? 0;
    seen.set(result.test_name, occurrence + 1);
    keys.set(`${result.test_name}\u0000${occurrence}`, index);
  });
  return keys;
}

function turnChanges(a: TestResult, b: TestResult): TurnChange[] {
  const statusA = turnStatuses(a);
  const statusB = turnStatuses(b);
  const changes: TurnChange[] = [];
  for (let index = 0; index < Math.max(statusA.length, statusB.length); index += 1) {
    const before = statusA[index] ?? null;
    const after = statusB[index] ?? null;
    if (before !== after) changes.push({ turn_index: index, a: before, b: after });
  }
  return changes;
}

/** The case's own status: an error stays an error (it is no pass either way). */
function status(result: TestResult | undefined): Status | null {
  return result === undefined ? null : result.status;
}

/** A case that does not pass in B regresses from a pass; one that does not pass in either is still failing. */
function kindOf(a: Status | null, b: Status | null): CaseChangeKind | null {
  if (a === null) return 'added';
  if (b === null) return 'removed';
  if (a === 'passed' && b === 'passed') return null;
  if (a === 'passed') return 'regressed';
  return b === 'passed' ? 'fixed' : 'still_failing';
}

const newlyFailing = (turn: TurnChange) => turn.a === 'passed' && turn.b !== 'passed';
const newlyPassing = (turn: TurnChange) => turn.a !== 'passed' && turn.b === 'passed';

function trendOf(kind: CaseChangeKind, turns: readonly TurnChange[]): TurnTrend | null {
  if (kind !== 'still_failing') return null;
  const [worse, better] = [turns.some(newlyFailing), turns.some(newlyPassing)];
  if (worse) return better ? 'mixed' : 'worse';
  return better ? 'better' : 'unchanged';
}

/** Why the case fails in the run: at its first turn newly failing, else at its first turn failing or erring. */
function failureOf(result: TestResult | undefined, turns: readonly TurnChange[], multiTurn: boolean): string | null {
  if (result === undefined) return null;
  const regressed = turns.find(newlyFailing);
  if (regressed !== undefined) return failureAtTurn(result, regressed.turn_index, regressed.b);
  if (!multiTurn) return failureAtTurn(result, null, result.status);
  const statuses = turnStatuses(result);
  const at = statuses.findIndex((s) => s === 'failed' || s === 'error');
  return failureAtTurn(result, at >= 0 ? at : null, at >= 0 ? (statuses[at] ?? null) : result.status);
}

function caseChange(name: string, a: [number, TestResult] | null, b: [number, TestResult] | null): CaseChange | null {
  const [resultA, resultB] = [a?.[1], b?.[1]];
  const kind = kindOf(status(resultA), status(resultB));
  if (kind === null) return null;
  const multiTurn = resultA?.turns !== undefined || resultB?.turns !== undefined;
  const turns =
    resultA && resultB && multiTurn && !(resultA.passed && resultB.passed) ? turnChanges(resultA, resultB) : [];
  return {
    test_name: name,
    kind,
    a_index: a?.[0] ?? null,
    b_index: b?.[0] ?? null,
    a_status: status(resultA),
    b_status: status(resultB),
    regressed_turns: turns.filter(newlyFailing).length,
    fixed_turns: turns.filter(newlyPassing).length,
    turns,
    turn_count: multiTurn ? Math.max(resultA?.turns?.length ?? 0, resultB?.turns?.length ?? 0) : null,
    trend: trendOf(kind, turns),
    failure: failureOf(resultB ?? resultA, turns, multiTurn),
    checks_changed: resultA && resultB ? changedChecks(resultA, resultB) : [],
  };
}

/** Where a changed case is listed: the sections of `holodeck compare`, in its order, which the dashboard keeps. */
export type ChangeSection = 'regressions' | 'mixed' | 'improvements' | 'still_failing' | 'added_removed';

export function sectionOf(change: CaseChange): ChangeSection {
  if (change.kind === 'regressed' || change.trend === 'worse') return 'regressions';
  if (change.trend === 'mixed') return 'mixed';
  if (change.kind === 'fixed' || change.trend === 'better') return 'improvements';
  return change.kind === 'still_failing' ? 'still_failing' : 'added_removed';
}

function rank(change: CaseChange): number {
  const order: Record<CaseChangeKind, number> = { regressed: 0, fixed: 3, still_failing: 5, added: 6, removed: 7 };
  const trend: Record<TurnTrend, number> = { worse: 1, mixed: 2, better: 4, unchanged: 5 };
  return change.trend === null ? order[change.kind] : trend[change.trend];
}

/**
 * Changed cases in the order `holodeck compare` lists them, each kind in B's order: regressed, still failing and
 * worse, mixed, fixed, still failing and better, still failing unchanged, added, removed.
 */
export function compareCases(a: readonly TestResult[], b: readonly TestResult[]): CaseChange[] {
  const keysA = keyed(a);
  const keysB = keyed(b);
  const changes: CaseChange[] = [];
  for (const key of new Set([...keysB.keys(), ...keysA.keys()])) {
    const indexA = keysA.get(key);
    const indexB = keysB.get(key);
    const entryA = indexA === undefined ? null : ([indexA, a[indexA]] as [number, TestResult]);
    const entryB = indexB === undefined ? null : ([indexB, b[indexB]] as [number, TestResult]);
    const change = caseChange(key.slice(0, key.lastIndexOf('\u0000')), entryA, entryB);
    if (change !== null) changes.push(change);
  }
  const position = (change: CaseChange) => change.b_index ?? change.a_index ?? 0;
  return changes.sort((x, y) => rank(x) - rank(y) || position(x) - position(y));
}

export function metricDeltas(a: readonly MetricSummary[], b: readonly MetricSummary[]): MetricDelta[] {
  const names = [...new Set([...a, ...b].map((metric) => metric.metric_name))].sort((x, y) => x.localeCompare(y));
  return names.map((name) => {
    const before = a.find((metric) => metric.metric_name === name) ?? null;
    const after = b.find((metric) => metric.metric_name === name) ?? null;
    const delta = before?.mean_score == null || after?.mean_score == null ? null : after.mean_score - before.mean_score;
    return { metric_name: name, a: before, b: after, delta };
  });
}

/** The changed cases and how many cases fall in each kind of change (unchanged passing ones included). */
export function compareResults(a: readonly TestResult[], b: readonly TestResult[]): ResultsComparison {
  const cases = compareCases(a, b);
  const counts = { regressed: 0, fixed: 0, still_failing: 0, added: 0, removed: 0, still_passing: 0 };
  for (const change of cases) counts[change.kind] += 1;
  const matched = cases.filter((change) => change.kind !== 'added' && change.kind !== 'removed').length;
  const keysB = keyed(b);
  const common = [...keyed(a).keys()].filter((key) => keysB.has(key)).length;
  counts.still_passing = common - matched;
  const trends = { worse: 0, mixed: 0, better: 0, unchanged: 0 };
  for (const change of cases) if (change.trend !== null) trends[change.trend] += 1;
  return { counts, trends, cases };
}

/** A regression: a case that passed and no longer does, or a turn that passed and no longer does. */
export function hasRegression(comparison: ResultsComparison): boolean {
  return comparison.cases.some((change) => change.kind === 'regressed' || change.regressed_turns > 0);
}

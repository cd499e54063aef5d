/** How the text reporters write the figures of `--repeat`: `5/8 passed (62.5%)`, `pass^k 0.63 0.36 …`. */
import type { PassCounts, RepeatStats, TestResult } from '../core/results.js';
import { turnLabel } from '../core/turn-label.js';
import { fixedWithin, formatPercent } from './format-numbers.js';

/** `5/8 passed (62.5%)`, with `1 error` when repeats errored. */
export function passCountsText(counts: PassCounts): string {
  const errors = counts.errored > 0 ? `, ${counts.errored} ${counts.errored === 1 ? 'error' : 'errors'}` : '';
  return `${counts.passed}/${counts.runs} passed (${formatPercent(counts.passed, counts.runs)}${errors})`;
}

/**
 * The estimator values k = 1..n, two decimals each (`1.00 0.54 0.27`), more where two would round a value short
 * of 1 up to `1.00` or above 0 down to `0.00`; past a dozen, the first ten, `…` and the last.
 */
export function estimatesText(values: readonly number[]): string {
  const shown =
    values.length > MAX_ESTIMATES ? [...values.slice(0, MAX_ESTIMATES - 2), null, values.at(-1) ?? 0] : values;
  return shown.map((value) => (value === null ? '…' : fixedWithin(value, 2, 0, 1))).join(' ');
}

const MAX_ESTIMATES = 12;

/** A flaky case or turn, as the flakiness sections list them. */
export interface FlakyEntry {
  readonly index: number;
  readonly test_name: string;
  readonly status: TestResult['status'];
  readonly stats: RepeatStats;
  /** The flaky turns of a multi-turn case: label (`turn 2/3`) and counts. */
  readonly turns: readonly { readonly label: string; readonly counts: PassCounts }[];
}

/** The case's flakiness, or null when neither the case nor any of its turns is flaky. */
export function flakyEntry(result: TestResult, index: number): FlakyEntry | null {
  const stats = result.repeat_stats;
  if (stats === undefined) return null;
  const count = stats.turns?.length ?? 0;
  const turns = (stats.turns ?? [])
    .filter((turn) => turn.flaky)
    .map((turn) => ({ label: turnLabel(turn.turn_index, count), counts: turn as PassCounts }));
  if (!stats.flaky && turns.length === 0) return null;
  return { index, test_name: result.test_name, status: result.status, stats, turns };
}

/** The flaky cases of a run, kept in case order (at most `max` listed, the rest counted). */
export interface FlakyCollector {
  add(result: TestResult, index: number): void;
  readonly listed: readonly FlakyEntry[];
  /** Cases listed: flaky ones, and those only some of whose turns are flaky. */
  readonly total: number;
  /** The flaky cases among them (as the summary counts them). */
  readonly flaky_cases: number;
}

export function createFlakyCollector(max: number): FlakyCollector {
  const listed: FlakyEntry[] = [];
  let total = 0;
  let flakyCases = 0;
  return {
    add(result, index) {
      const entry = flakyEntry(result, index);
      if (entry === null) return;
      total += 1;
      if (entry.stats.flaky) flakyCases += 1;
      listed.push(entry);
      listed.sort((a, b) => a.index - b.index);
      if (listed.length > max) listed.length = max;
    },
    get listed() {
      return listed;
    },
    get total() {
      return total;
    },
    get flaky_cases() {
      return flakyCases;
    },
  };
}

/** The repeat whose turns the case shows: the first with the case's status. */
export function shownRepeat(result: TestResult): number {
  const index = (result.repeats ?? []).findIndex((run) => run.status === result.status);
  return Math.max(index, 0);
}

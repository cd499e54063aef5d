/**
 * Where a run record contradicts itself: a summary whose counts are not those of its results, or a case whose
 * status is not what its turns (or its repeats) roll up to by the runner's rules (core/status.ts). holodeck never
 * writes such a record; a hand-edited one would otherwise show a run greener than its own results.
 */
import type { ReportSummary, TestResult } from '../core/results.js';
import { caseStatus, repeatedCaseStatus, type Status } from '../core/status.js';
import { createSummaryAccumulator } from '../core/summary-accumulator.js';

/** The summary counts checked against the results, with the words that name them. */
const COUNTS: readonly (readonly [keyof ReportSummary, string])[] = [
  ['total_tests', 'test cases'],
  ['passed', 'passed'],
  ['failed', 'failed'],
  ['errored', 'errored'],
  ['skipped', 'skipped'],
  ['total_turns', 'turns'],
  ['passed_turns', 'passed turns'],
  ['failed_turns', 'failed turns'],
  ['errored_turns', 'errored turns'],
  ['skipped_turns', 'skipped turns'],
];

/** The first contradiction of a record's report (`report.summary.passed: …`), or null when there is none. */
export function reportContradiction(report: {
  readonly summary: ReportSummary;
  readonly results: readonly TestResult[];
}): string | null {
  for (const [index, result] of report.results.entries()) {
    const problem = resultContradiction(result);
    if (problem !== null) return `report.results.${index}${problem}`;
  }
  return summaryContradiction(report.summary, report.results);
}

/** How a summary's counts differ from those of the results, or null when they agree. */
export function summaryContradiction(summary: ReportSummary, results: readonly TestResult[]): string | null {
  const counted = createSummaryAccumulator();
  for (const result of results) counted.add(result);
  const held = counted.summary(0);
  for (const [field, words] of COUNTS) {
    const said = summary[field];
    if (said !== held[field]) {
      return `report.summary.${field}: the summary says ${String(said)} ${words}, its results hold ${String(held[field])}`;
    }
  }
  const rate = held.total_tests === 0 ? 0 : held.passed / held.total_tests;
  if (Math.abs(summary.pass_rate - rate) > 1e-9) {
    return `report.summary.pass_rate: the summary says ${summary.pass_rate}, its results hold ${held.passed} passed of ${held.total_tests}`;
  }
  return null;
}

/**
 * Where a case's status is not what its turns roll up to (as runner/rollup-test-case.ts rolls them up: an error
 * of the case itself, which its `errors` then list, makes it `error` whatever its turns), nor a repeated case's
 * what its repeats give at its min pass rate; null when it agrees. The path is relative to the case.
 */
export function resultContradiction(result: TestResult): string | null {
  if (result.repeats !== undefined) {
    for (const [index, repeat] of result.repeats.entries()) {
      const problem = turnsContradiction(repeat);
      if (problem !== null) return `.repeats.${index}${problem}`;
    }
    const stats = result.repeat_stats;
    if (stats === undefined) return null;
    const rolled = repeatedCaseStatus(
      result.repeats.map((repeat) => repeat.status),
      stats.min_pass_rate,
    );
    return rolled === result.status ? null : statusSays(result.status, rolled, 'its repeats give');
  }
  return turnsContradiction(result);
}

function turnsContradiction(result: TestResult): string | null {
  if (result.turns === undefined) return null;
  const rolled = caseStatus(
    result.turns.map((turn) => turn.status),
    [],
  );
  if (result.status === rolled || (result.status === 'error' && result.errors.length > 0)) return null;
  return statusSays(result.status, rolled, 'its turns roll up to');
}

function statusSays(status: Status, rolled: Status, what: string): string {
  return `.status: the case says "${status}", ${what} "${rolled}"`;
}

/**
 * Where a run record contradicts itself in a way that shows it greener than its own results: a summary counting
 * more passes (or fewer failures or errors, or a higher pass rate) than its results hold, or a case or turn whose
 * status is better than what its results give by the runner's rules (core/status.ts) — its turns (or its
 * repeats) rolled up, or for a turn and a single-turn case its own errors, metrics and tool assertions: a pass
 * they do not give, or a failure where they hold an error. A hand-edited record would otherwise show a run
 * greener than it was. A record stricter than its results (an earlier holodeck rounded a min pass rate against a case) is read
 * as it is: its verdicts were never greener than the run.
 */
import type { MetricResult, ReportSummary, TestResult, ToolAssertionResult } from '../core/results.js';
import { caseStatus, repeatedCaseStatus, type Status, turnStatus } from '../core/status.js';
import { createSummaryAccumulator } from '../core/summary-accumulator.js';

/**
 * The summary counts checked against the results, the words that name them, and which way is greener: more
 * (passes) or fewer (failures, errors).
 */
const COUNTS: readonly (readonly [keyof ReportSummary, string, 'more' | 'fewer'])[] = [
  ['passed', 'passed', 'more'],
  ['failed', 'failed', 'fewer'],
  ['errored', 'errored', 'fewer'],
  ['passed_turns', 'passed turns', 'more'],
  ['failed_turns', 'failed turns', 'fewer'],
  ['errored_turns', 'errored turns', 'fewer'],
];

/** How good a status looks: a case may say worse than its turns give, never better. */
const RANK: Readonly<Record<Status, number>> = { passed: 3, skipped: 2, failed: 1, error: 0 };

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

/** Where a summary's counts are greener than those of the results, or null when they are not. */
export function summaryContradiction(summary: ReportSummary, results: readonly TestResult[]): string | null {
  const counted = createSummaryAccumulator();
  for (const result of results) counted.add(result);
  const held = counted.summary(0);
  for (const [field, words, greener] of COUNTS) {
    const said = summary[field] as number;
    const count = held[field] as number;
    if (greener === 'more' ? said > count : said < count) {
      return `report.summary.${field}: the summary says ${String(said)} ${words}, its results hold ${String(held[field])}`;
    }
  }
  const rate = held.total_tests === 0 ? 0 : held.passed / held.total_tests;
  if (summary.pass_rate - rate > 1e-9) {
    return `report.summary.pass_rate: the summary says ${summary.pass_rate}, its results hold ${held.passed} passed of ${held.total_tests}`;
  }
  return null;
}

/**
 * Where a case's status is better than what its results give, or a repeated case's than what its repeats give at
 * its min pass rate; null when it is not. A multi-turn case's results are its turns, rolled up as
 * runner/rollup-test-case.ts rolls them up (an error of the case itself makes it `error` whatever its turns, which
 * is worse, never better), each turn checked against its own results; a single-turn case's are its own, as a
 * turn's. A repeated case's other fields are those of its first repeat, whatever the case's status: only its
 * repeats are checked. The path is relative to the case.
 */
export function resultContradiction(result: TestResult): string | null {
  if (result.repeats !== undefined) {
    for (const [index, repeat] of result.repeats.entries()) {
      const problem = caseContradiction(repeat);
      if (problem !== null) return `.repeats.${index}${problem}`;
    }
    const stats = result.repeat_stats;
    if (stats === undefined) return null;
    const rolled = repeatedCaseStatus(
      result.repeats.map((repeat) => repeat.status),
      stats.min_pass_rate,
    );
    return greener(result.status, rolled) ? statusSays('case', result.status, rolled, 'its repeats give') : null;
  }
  return caseContradiction(result);
}

function caseContradiction(result: TestResult): string | null {
  if (result.turns === undefined) return ownContradiction('case', result, false);
  for (const [index, turn] of result.turns.entries()) {
    const problem = ownContradiction('turn', turn, turn.skipped);
    if (problem !== null) return `.turns.${index}${problem}`;
  }
  const rolled = caseStatus(
    result.turns.map((turn) => turn.status),
    [],
  );
  if (!greener(result.status, rolled)) return null;
  return statusSays('case', result.status, rolled, 'its turns roll up to');
}

/** What a turn's, or a single-turn case's, status is checked against. */
interface OwnResults {
  readonly status: Status;
  readonly errors: readonly string[];
  readonly metric_results: readonly MetricResult[];
  readonly tools_matched: boolean | null;
  readonly arg_match_details?: readonly ToolAssertionResult[] | undefined;
}

/** Where a status is better than its own errors, metrics and tool assertions give (as runner/run-turn.ts settles a turn). */
function ownContradiction(what: 'case' | 'turn', result: OwnResults, skipped: boolean): string | null {
  const held =
    result.tools_matched !== false &&
    (result.arg_match_details ?? []).every((assertion) => assertion.passed) &&
    result.metric_results.every((metric) => metric.skipped || metric.passed === true);
  const rolled = turnStatus({
    skipped,
    assertions_held: held,
    errors: result.errors,
    metric_results: result.metric_results,
  });
  if (!greener(result.status, rolled)) return null;
  return statusSays(what, result.status, rolled, `its ${skipped ? 'results' : ownFailure(result)} give`);
}

/** What keeps the results from a pass: `errors`, `metric "name" results`, else `tool assertions`. */
function ownFailure(result: OwnResults): string {
  if (result.errors.length > 0) return 'errors';
  const metric = result.metric_results.find((m) => !m.skipped && (m.error !== null || m.passed !== true));
  if (metric !== undefined) return `metric "${metric.metric_name}" results`;
  return 'tool assertions';
}

function greener(status: Status, rolled: Status): boolean {
  return RANK[status] > RANK[rolled];
}

function statusSays(what: 'case' | 'turn', status: Status, rolled: Status, why: string): string {
  return `.status: the ${what} says "${status}", ${why} "${rolled}"`;
}

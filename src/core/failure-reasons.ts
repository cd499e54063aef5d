/**
 * Why a turn or a test case did not pass, as short human-readable lines: one vocabulary for the console,
 * Markdown, JUnit and the dashboard, so every output names the same failing turns with the same reasons.
 */

import { describeCutOff } from './answer-cut-off.js';
import { formatAssertion } from './format-assertion.js';
import { formatScore as formatNumber } from './format-score.js';
import type { MetricResult, TestResult, TurnResult } from './results.js';
import type { Status } from './status.js';
import { turnLabel } from './turn-label.js';

/** A score or threshold as people read it, `—` when there is none. */
function formatScore(value: number | null): string {
  return value === null || !Number.isFinite(value) ? '—' : formatNumber(value);
}

export { metricState } from './status.js';

/** `metric numeric: score 0 < threshold 1`, `metric grader errored: TypeError: boom`. */
export function describeMetricFailure(metric: MetricResult): string {
  if (metric.error !== null) return `metric ${metric.metric_name} errored: ${metric.error}`;
  const score = `score ${formatScore(metric.score)}`;
  const why = metric.reasoning ? ` — ${metric.reasoning}` : '';
  // A code grader's own `passed: false` fails a score that reaches the threshold: said as such, not as `0.9 < 0.5`.
  const reached = metric.threshold !== null && metric.score !== null && metric.score >= metric.threshold;
  if (reached) {
    return `metric ${metric.metric_name}: ${score} (threshold ${formatScore(metric.threshold)}), failed by its grader's passed: false${why}`;
  }
  if (metric.threshold === null) return `metric ${metric.metric_name}: ${score}${why}`;
  // Rounded alike (`0.3 < 0.3` for 0.3 against 0.30000000000000004), the two are shown as they are.
  const shown = formatScore(metric.score) === formatScore(metric.threshold);
  const exact = (value: number | null) => (shown && value !== null ? String(value) : formatScore(value));
  return `metric ${metric.metric_name}: score ${exact(metric.score)} < threshold ${exact(metric.threshold)}${why}`;
}

/** Every reason a turn did not pass, most fundamental first (errors, then tools, then metrics). */
export function turnFailureReasons(turn: TurnResult): string[] {
  if (turn.status === 'passed') return [];
  if (turn.status === 'skipped') return [`skipped: ${skipReason(turn)}`];
  const reasons = [...turn.errors];
  for (const assertion of turn.arg_match_details) {
    if (!assertion.passed) reasons.push(formatAssertion(assertion));
  }
  // An errored turn's tool assertions were not checked (it has no answer to check them on): its error says why.
  if (turn.tools_matched === false && turn.errors.length === 0 && !turn.arg_match_details.some((a) => !a.passed)) {
    reasons.push(`expected tools not called (called: ${listOrNone(turn.tool_calls)})`);
  }
  if (turn.answer_cut_off !== undefined) reasons.push(describeCutOff(turn.answer_cut_off));
  for (const metric of turn.metric_results) {
    if (!metric.skipped && metric.passed !== true) reasons.push(describeMetricFailure(metric));
  }
  return reasons.length > 0 ? reasons : ['failed (no reason recorded)'];
}

export interface CaseFailure {
  /** null for case-level problems and for single-turn cases. */
  readonly turn_index: number | null;
  /** Turns in the conversation, for labels like `turn 2/4`; null with turn_index. */
  readonly turn_count: number | null;
  readonly state: Exclude<Status, 'passed'>;
  readonly reasons: readonly string[];
}

/** The failures of a test case: its own errors, then each failing or skipped turn in order. */
export function caseFailures(result: TestResult): CaseFailure[] {
  if (result.status === 'passed') return [];
  if (result.turns === undefined) {
    return [{ turn_index: null, turn_count: null, state: result.status, reasons: singleTurnReasons(result) }];
  }
  const failures: CaseFailure[] = [];
  const caseErrors = caseOwnErrors(result);
  if (caseErrors.length > 0) failures.push({ turn_index: null, turn_count: null, state: 'error', reasons: caseErrors });
  const count = result.turns.length;
  for (const turn of result.turns) {
    if (turn.status !== 'passed') {
      const reasons = turnFailureReasons(turn);
      failures.push({ turn_index: turn.turn_index, turn_count: count, state: turn.status, reasons });
    }
  }
  if (failures.length === 0)
    failures.push({ turn_index: null, turn_count: null, state: 'failed', reasons: ['failed (no reason recorded)'] });
  return failures;
}

/** Errors of the test case itself (e.g. its session did not open), without the turn errors the roll-up repeats. */
export function caseOwnErrors(result: TestResult): string[] {
  if (result.turns === undefined) return [...result.errors];
  const count = result.turns.length;
  // The roll-up repeats each turn error as `turn 2/4: …`; records of earlier versions wrote `turn 1: …` (0-based).
  const turnErrors = new Set(
    result.turns.flatMap((t) =>
      t.errors.flatMap((e) => [e, `${turnLabel(t.turn_index, count)}: ${e}`, `turn ${t.turn_index}: ${e}`]),
    ),
  );
  return result.errors.filter((error) => !turnErrors.has(error));
}

/** The first failing or errored (not skipped) turn, else the first failure of any kind. */
export function firstFailure(result: TestResult): CaseFailure | null {
  const failures = caseFailures(result);
  return failures.find((f) => f.state !== 'skipped' && f.turn_index !== null) ?? failures[0] ?? null;
}

/** The first failure as one line of text (`turn 1: reason`), and how many more reasons there are. */
export function firstFailureText(result: TestResult): { readonly text: string; readonly more: number } | null {
  const failure = firstFailure(result);
  if (failure === null) return null;
  const where = failure.turn_index === null ? '' : `${turnLabel(failure.turn_index, failure.turn_count)}: `;
  const more = caseFailures(result).reduce((sum, f) => sum + f.reasons.length, 0) - 1;
  return { text: `${where}${failure.reasons[0] ?? 'failed'}`, more };
}

/** Why a skipped turn was skipped, without the `skipped:` prefix the runner may put on it. */
export function skipReason(turn: TurnResult): string {
  const reason = turn.errors[0]?.replace(/^skipped:\s*/i, '').trim();
  return reason ? reason : 'no reason recorded';
}

/** `turn 2: reason; other reason`, or just the reasons for case-level failures. */
export function describeCaseFailure(failure: CaseFailure): string {
  const text = failure.reasons.join('; ');
  return failure.turn_index === null ? text : `${turnLabel(failure.turn_index, failure.turn_count)}: ${text}`;
}

export interface TurnCounts {
  readonly total: number;
  readonly passed: number;
  /** Turns that ran and did not pass, errored ones included. */
  readonly failed: number;
  readonly errored: number;
  readonly skipped: number;
}

/** Turn counts of one case; a single-turn case counts as one turn. */
export function caseTurnCounts(result: TestResult): TurnCounts {
  const states = result.turns === undefined ? [result.status] : result.turns.map((turn) => turn.status);
  const count = (state: Status) => states.filter((s) => s === state).length;
  return {
    total: states.length,
    passed: count('passed'),
    failed: count('failed') + count('error'),
    errored: count('error'),
    skipped: count('skipped'),
  };
}

function singleTurnReasons(result: TestResult): string[] {
  const reasons = [...result.errors];
  const failedAssertions = (result.arg_match_details ?? []).filter((assertion) => !assertion.passed);
  reasons.push(...failedAssertions.map(formatAssertion));
  if (result.tools_matched === false && result.errors.length === 0 && failedAssertions.length === 0) {
    const expected = (result.expected_tools ?? []).map((tool) => tool.name);
    reasons.push(`expected tools ${listOrNone(expected)} not matched (called: ${listOrNone(result.tool_calls)})`);
  }
  if (result.answer_cut_off !== undefined) reasons.push(describeCutOff(result.answer_cut_off));
  for (const metric of result.metric_results) {
    if (!metric.skipped && metric.passed !== true) reasons.push(describeMetricFailure(metric));
  }
  return reasons.length > 0 ? reasons : ['failed (no reason recorded)'];
}

function listOrNone(names: readonly string[]): string {
  return names.length === 0 ? 'none' : names.join(', ');
}

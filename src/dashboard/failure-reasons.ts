/** Why a test case failed, per turn, as short lines: the "explained" part of the case view and the runs list. */
import type { JsonValue } from '../core/json.js';
import type { MetricResult, TestResult, ToolAssertionResult, TurnResult } from '../core/results.js';
import { turnLabel } from '../core/turn-label.js';
import type { CaseFailure } from './dashboard-types.js';
import { formatScore } from '../core/format-score.js';

const MAX_VALUE_CHARS = 60;

function shortValue(value: JsonValue): string {
  const rendered = JSON.stringify(value) ?? 'null';
  return rendered.length <= MAX_VALUE_CHARS ? rendered : `${rendered.slice(0, MAX_VALUE_CHARS - 1)}…`;
}

function describeArg(name: string, expected: JsonValue): string {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    const record = expected as { readonly [key: string]: JsonValue };
    const keys = Object.keys(record);
    if (keys.length === 1 && keys[0] === 'fuzzy') return `${name}≈${String(record.fuzzy)}`;
    if (keys.length === 1 && keys[0] === 'regex') return `${name}~/${String(record.regex)}/`;
  }
  return `${name}=${shortValue(expected)}`;
}

/** `subtract(a=206588, b≈181001) ×2` */
export function describeExpectation(assertion: Pick<ToolAssertionResult, 'tool' | 'args' | 'count'>): string {
  const args =
    assertion.args === null
      ? ''
      : `(${Object.entries(assertion.args)
          .map(([name, value]) => describeArg(name, value))
          .join(', ')})`;
  const not = assertion.count === 0 ? 'not ' : '';
  return `${not}${assertion.tool}${args}${assertion.count > 1 ? ` ×${assertion.count}` : ''}`;
}

function scoreText(score: number | null): string {
  return score === null ? 'none' : formatScore(score);
}

export function describeMetricFailure(metric: MetricResult): string {
  if (metric.error !== null) return `metric ${metric.metric_name} errored: ${metric.error}`;
  const bar = metric.threshold === null ? '' : ` < threshold ${scoreText(metric.threshold)}`;
  const why = metric.reasoning ? ` — ${metric.reasoning}` : '';
  return `metric ${metric.metric_name}: score ${scoreText(metric.score)}${bar}${why}`;
}

/** Why a skipped turn was skipped (its first error), without a `skipped:` prefix the runner may put on it. */
export function skipReason(turn: TurnResult): string {
  const reason = turn.errors[0];
  return reason === undefined ? 'no reason recorded' : reason.replace(/^skipped:\s*/i, '');
}

function listOrNone(names: readonly string[]): string {
  return names.length === 0 ? 'none' : names.join(', ');
}

/** Every reason a turn did not pass: errors, then tool assertions, then metrics. */
export function turnFailureReasons(turn: TurnResult): string[] {
  if (turn.skipped) return [`skipped: ${skipReason(turn)}`];
  if (turn.passed) return [];
  const reasons = [...turn.errors];
  for (const assertion of turn.arg_match_details) {
    if (!assertion.passed) {
      const why = assertion.reason ?? `${assertion.matching_calls} of ${assertion.count} required calls matched`;
      reasons.push(`${describeExpectation(assertion)} — ${why}`);
    }
  }
  if (turn.tools_matched === false && turn.arg_match_details.every((a) => a.passed)) {
    reasons.push(`expected tools not called (called: ${listOrNone(turn.tool_calls)})`);
  }
  for (const metric of turn.metric_results) {
    if (!metric.skipped && !metric.passed) reasons.push(describeMetricFailure(metric));
  }
  return reasons.length > 0 ? reasons : ['failed (no reason recorded)'];
}

function singleTurnReasons(result: TestResult): string[] {
  const reasons = [...result.errors];
  if (result.tools_matched === false) {
    const expected = (result.expected_tools ?? []).map((tool) => tool.name).join(', ');
    reasons.push(`expected tools ${expected} not matched (called: ${listOrNone(result.tool_calls)})`);
  }
  for (const metric of result.metric_results) {
    if (!metric.skipped && !metric.passed) reasons.push(describeMetricFailure(metric));
  }
  return reasons.length > 0 ? reasons : ['failed (no reason recorded)'];
}

/** The failures of a case: its own errors not tied to a turn, then each failing or skipped turn in order. */
export function caseFailures(result: TestResult): CaseFailure[] {
  if (result.passed) return [];
  if (result.turns === undefined) return [{ turn_index: null, state: 'failed', reasons: singleTurnReasons(result) }];
  const count = result.turns.length;
  // The case repeats its turns' errors prefixed with the turn: `turn 2/4: ` now, `turn 1: ` (0-based) before.
  const turnErrors = new Set(
    result.turns.flatMap((turn) =>
      turn.errors.flatMap((error) => [
        error,
        `${turnLabel(turn.turn_index, count)}: ${error}`,
        `turn ${turn.turn_index}: ${error}`,
      ]),
    ),
  );
  const caseErrors = result.errors.filter((error) => !turnErrors.has(error));
  const failures: CaseFailure[] =
    caseErrors.length > 0 ? [{ turn_index: null, state: 'failed', reasons: caseErrors }] : [];
  for (const turn of result.turns) {
    if (turn.passed && !turn.skipped) continue;
    failures.push({
      turn_index: turn.turn_index,
      state: turn.skipped ? 'skipped' : 'failed',
      reasons: turnFailureReasons(turn),
    });
  }
  if (failures.length === 0)
    failures.push({ turn_index: null, state: 'failed', reasons: ['failed (no reason recorded)'] });
  return failures;
}

/**
 * One line for the cases list: the first reason of the first failing turn (else of the first failure), prefixed
 * with its turn as people count it (`turn 2/4: `).
 */
export function firstFailure(result: TestResult): string | null {
  const failures = caseFailures(result);
  const first = failures.find((f) => f.state === 'failed' && f.turn_index !== null) ?? failures[0];
  if (first === undefined) return null;
  const where = first.turn_index === null ? '' : `${turnLabel(first.turn_index, result.turns?.length ?? null)}: `;
  return `${where}${first.reasons[0] ?? 'failed'}`;
}

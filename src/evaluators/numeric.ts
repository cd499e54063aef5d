/**
 * `standard` / `numeric`: the response's number equals the ground truth's within tolerance.
 *
 * The ground truth must be a number on its own (see `parseStandaloneNumber`); the response's number is chosen by
 * `extractResponseNumber`. Both follow the same notation options: thousands separators and percent suffixes are
 * rejected unless `accept_thousands_separators` / `accept_percent` are set. With `accept_percent`, a percentage
 * is read as a fraction (`14.14%` → 0.1414), never as written: a 100× slip must not pass.
 *
 * Passes iff `diff <= absolute_tolerance` or `diff <= relative_tolerance * |expected|`, where a few units in the
 * last place of slack absorb binary rounding (so 25587.01 is within 0.01 of 25587). Score 1 or 0.
 *
 * A number with a scale word is read two ways: as its value (`$1.2 million` → 1,200,000) and as the number in
 * the unit the scale names (`1.2`, as a table "in millions" states it); the comparison passes when either
 * reading of the answer is within tolerance of either reading of the ground truth. So ground truth `1200000`
 * and `1.2` both accept `$1.2 million`, while `1200` (thousands) does not: the unit is not guessed.
 *
 * `locale` says how the agent writes numbers (`de`: `1.234,5`); the ground truth is read in the plain notation
 * first (`1234.5`, as YAML numbers are), and in the locale's only when that fails.
 */

import type { StandardMetricConfig } from '../core/config-types.js';
import type { EvaluationInput, Evaluator, MetricOutcome } from '../core/evaluator.js';
import type { JsonObject } from '../core/json.js';
import { quoteExcerpt } from '../core/quote-excerpt.js';
import { EvaluatorError } from './evaluator-error.js';
import { extractResponseNumber } from './extract-number.js';
import { metricNeeds } from './metric-needs.js';
import { checkToken, type NumberToken, notationOf, parseStandaloneNumber } from './parse-number.js';

export type NumericMetricConfig = Extract<StandardMetricConfig, { readonly metric: 'numeric' }>;
type Tolerances = Pick<NumericMetricConfig, 'absolute_tolerance' | 'relative_tolerance'>;

/**
 * How a number was read: a plain number, a percentage as a fraction (`14.1%` → 0.141), a number with a scale
 * word at its value (`1.2 million` → 1200000) or in the unit of the scale (`1.2`).
 */
type Reading = {
  readonly value: number;
  readonly as: 'number' | 'percent_as_fraction' | 'scaled' | 'in_scale_unit';
};

interface Comparison {
  readonly expected: Reading;
  readonly actual: Reading;
  readonly diff: number;
  readonly passed: boolean;
}

const ULP_SLACK = 4 * Number.EPSILON;

export function createNumericEvaluator(config: NumericMetricConfig): Evaluator {
  return {
    name: config.name,
    ...metricNeeds(config),
    default_threshold: null,
    evaluate: async (input) => evaluateNumeric(config, input),
  };
}

/** The tolerance rule of PRODUCT.md §3, with rounding slack. */
export function withinTolerance(actual: number, expected: number, tolerances: Tolerances): boolean {
  const diff = Math.abs(actual - expected);
  const slack = ULP_SLACK * Math.max(Math.abs(actual), Math.abs(expected));
  return (
    diff <= tolerances.absolute_tolerance + slack || diff <= tolerances.relative_tolerance * Math.abs(expected) + slack
  );
}

/**
 * The ground truth's number, or why the metric cannot read it: a test case's mistake, not the agent's. The
 * configuration is checked with this before the run (validate, test), and the metric errors on it all the same.
 */
export function readGroundTruth(
  config: NumericMetricConfig,
  groundTruth: string,
): { readonly ok: true; readonly token: NumberToken } | { readonly ok: false; readonly reason: string } {
  const token = parseStandaloneNumber(groundTruth) ?? parseStandaloneNumber(groundTruth, notationOf(config));
  if (!token) {
    if (overflows(groundTruth)) {
      return {
        ok: false,
        reason: `the ground truth ${quoteExcerpt(groundTruth)} is out of range: beyond the largest number a double holds (about 1.8e308)`,
      };
    }
    return {
      ok: false,
      reason: `the ground truth ${quoteExcerpt(groundTruth)} is not a number: fix the test case, or check this turn with another metric`,
    };
  }
  const check = checkToken(token, config);
  return check.ok ? { ok: true, token } : { ok: false, reason: `the ground truth's number ${check.reason}` };
}

/** A number as YAML or JSON writes it, beyond the range of a double (`1e400`). */
function overflows(text: string): boolean {
  const plain = text.trim().replace(/,/g, '');
  return /^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i.test(plain) && !Number.isFinite(Number(plain));
}

function evaluateNumeric(config: NumericMetricConfig, input: EvaluationInput): MetricOutcome {
  const read = readGroundTruth(config, input.ground_truth ?? '');
  if (!read.ok) throw new EvaluatorError('GROUND_TRUTH_NOT_A_NUMBER', read.reason);
  const expectedToken = read.token;

  const extraction = extractResponseNumber(input.agent_response, config);
  if (!extraction.ok) {
    const reason = percentOfAnotherValue(config, input.agent_response, expectedToken) ?? extraction.reason;
    return unparsable(reason, { expected: expectedToken.value });
  }

  const best = compare(readings(expectedToken), readings(extraction.token), config);
  if (best.passed) checkPrecision(expectedToken, extraction.token, config);
  const details: JsonObject = {
    expected: best.expected.value,
    actual: best.actual.value,
    diff: best.diff,
    expected_text: expectedToken.text,
    actual_text: extraction.token.text,
    expected_read_as: best.expected.as,
    actual_read_as: best.actual.as,
    extraction: extraction.strategy,
    numbers_in_response: extraction.candidates,
    absolute_tolerance: config.absolute_tolerance,
    relative_tolerance: config.relative_tolerance,
  };
  const magnitude = Math.max(Math.abs(best.actual.value), Math.abs(best.expected.value));
  const shown = { actual: show(best.actual.value), expected: show(best.expected.value) };
  let difference = showDifference(best.diff, magnitude);
  // A failure whose numbers read alike at 15 digits (0.1234567890123457 and …56, tolerance 0) shows every digit
  // the doubles hold, so the reason never says "differs by 0".
  if (!best.passed && (difference === '0' || shown.actual === shown.expected)) {
    shown.actual = String(best.actual.value);
    shown.expected = String(best.expected.value);
    difference = String(best.diff);
  }
  const verdict = best.passed ? 'is within tolerance of' : `differs by ${difference} from`;
  const reasoning = `${shown.actual} (read from "${extraction.token.text.trim()}") ${verdict} the ground truth ${shown.expected}${best.passed ? '' : otherReadings(best, extraction.token)} (absolute_tolerance ${config.absolute_tolerance}, relative_tolerance ${config.relative_tolerance})`;
  return { score: best.passed ? 1 : 0, passed: best.passed, reasoning, details };
}

/**
 * When the response's number is a percentage refused for want of `accept_percent` and, read as a fraction, it
 * would still fail (`14.14%` against the ground truth 14.14), why: the option's hint would not make it pass. Null
 * when the option would make it pass, or the response is refused for another reason.
 */
function percentOfAnotherValue(config: NumericMetricConfig, response: string, expected: NumberToken): string | null {
  if (config.accept_percent) return null;
  const asPercent = extractResponseNumber(response, { ...config, accept_percent: true });
  if (!asPercent.ok || !asPercent.token.percent) return null;
  const best = compare(readings(expected), readings(asPercent.token), config);
  if (best.passed) return null;
  const magnitude = Math.max(Math.abs(best.actual.value), Math.abs(best.expected.value));
  return `the agent response's number "${asPercent.token.text.trim()}" is a percentage: read as a fraction, ${show(best.actual.value)}, it differs by ${showDifference(best.diff, magnitude)} from the ground truth ${show(best.expected.value)}, so accept_percent would not make it pass`;
}

/**
 * A failed comparison's other readings of a number with a scale word, so the reason shows both: `14.1 billion`
 * against 14100 differs as 14.1 and as 14,100,000,000.
 */
function otherReadings(best: Comparison, actual: NumberToken): string {
  const others = readings(actual).filter((reading) => reading.as !== best.actual.as);
  return others
    .map((reading) => {
      const diff = Math.abs(reading.value - best.expected.value);
      const magnitude = Math.max(Math.abs(reading.value), Math.abs(best.expected.value));
      const as = reading.as === 'scaled' ? 'at its scale' : 'in the unit of its scale word';
      return `; read ${as}, ${show(reading.value)}, it differs by ${showDifference(diff, magnitude)}`;
    })
    .join('');
}

function readings(token: NumberToken): Reading[] {
  if (token.percent) return [{ value: token.value / 100, as: 'percent_as_fraction' }];
  if (token.scale === 1) return [{ value: token.value, as: 'number' }];
  return [
    { value: token.value, as: 'scaled' },
    { value: token.value / token.scale, as: 'in_scale_unit' },
  ];
}

/** The passing pair of readings with the smallest difference, else the closest pair. */
function compare(expected: readonly Reading[], actual: readonly Reading[], tolerances: Tolerances): Comparison {
  const pairs = expected.flatMap((e) =>
    actual.map((a) => ({
      expected: e,
      actual: a,
      diff: Math.abs(a.value - e.value),
      passed: withinTolerance(a.value, e.value, tolerances),
    })),
  );
  return pairs.reduce((best, pair) => {
    if (pair.passed !== best.passed) return pair.passed ? pair : best;
    return pair.diff < best.diff ? pair : best;
  });
}

function unparsable(reason: string, details: JsonObject = {}): MetricOutcome {
  return { score: 0, passed: false, reasoning: reason, details: { ...details, parse_error: reason } };
}

/** A number as read, every digit a double keeps (15 significant), without binary noise (0.1 + 0.2 → 0.3). */
function show(value: number): string {
  return String(Number(value.toPrecision(15)));
}

/**
 * A difference of two numbers of `magnitude`, to the 15th significant digit of that magnitude: the subtraction's
 * own noise goes (25587.01 − 25587 → 0.01, not 0.009999999999999787), a real difference of 1 in 123456789012345
 * stays, as does the 1e-12 that puts a difference past its tolerance.
 */
function showDifference(diff: number, magnitude: number): string {
  if (!Number.isFinite(diff) || magnitude === 0 || !Number.isFinite(magnitude)) return show(diff);
  const step = 10 ** (Math.floor(Math.log10(magnitude)) - 14);
  return show(Math.round(diff / step) * step);
}

/**
 * Numbers beyond 2^53 lose their last digits as doubles: 9007199254740993 reads as 9007199254740992. When the
 * tolerance asked for is finer than what a double keeps at that size and the two are written with other digits,
 * "equal" would be a guess: the metric errors, naming the comparison to use instead.
 */
function checkPrecision(expected: NumberToken, actual: NumberToken, tolerances: Tolerances): void {
  const magnitude = Math.max(Math.abs(expected.value), Math.abs(actual.value));
  if (!(magnitude > Number.MAX_SAFE_INTEGER)) return;
  const spacing = 2 ** (Math.floor(Math.log2(magnitude)) - 52);
  if (tolerances.absolute_tolerance >= spacing || tolerances.relative_tolerance * magnitude >= spacing) return;
  const digits = (token: NumberToken) =>
    token.text
      .normalize('NFKC')
      .replace(/[^0-9]/g, '')
      .replace(/^0+(?=\d)/, '');
  if (digits(expected) === digits(actual)) return;
  throw new EvaluatorError(
    'NUMBER_BEYOND_PRECISION',
    `${expected.text.trim()} and ${actual.text.trim()} have more digits than a double keeps (beyond 2^53): they cannot be told apart within absolute_tolerance ${tolerances.absolute_tolerance}; compare them with the equality metric`,
  );
}

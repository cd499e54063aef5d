/**
 * `standard` / `equality`: the response equals the ground truth after optional normalisation, applied to both
 * sides in this order:
 * 1. `case_insensitive` — lower-case;
 * 2. `strip_whitespace` — trim both ends and collapse inner runs of white space to one space;
 * 3. `strip_punctuation` — remove Unicode punctuation and symbols (`.,;:!?'"()-$%…`), except what makes a
 *    number what it is: a decimal point (`3.5` is not `35`, `.5` not `5`) and a minus sign, written `-` (`-5` is
 *    not `5`, `−5` is `-5`, `1.5e-3` is not `1.5e3`); with `strip_whitespace` also on, the white space left behind
 *    is collapsed again, so `"yes ."` equals `"yes"`.
 * All flags default to false: strict equality. Score 1 or 0. An empty response never passes, nor does any
 * response against a ground truth that normalisation empties (`!!!` with `strip_punctuation`).
 */
import type { StandardMetricConfig } from '../core/config-types.js';
import type { EvaluationInput, Evaluator, MetricOutcome } from '../core/evaluator.js';
import { hiddenDifference } from '../core/hidden-difference.js';
import { metricNeeds } from './metric-needs.js';

export type EqualityMetricConfig = Extract<StandardMetricConfig, { readonly metric: 'equality' }>;
type EqualityFlags = Pick<EqualityMetricConfig, 'case_insensitive' | 'strip_whitespace' | 'strip_punctuation'>;

const WHITESPACE_RUN = /\s+/g;
const PUNCTUATION = /[\p{P}\p{S}]/gu;
/** Longest text quoted in the reasoning; details keep the whole texts. */
const QUOTE_LIMIT = 200;

export function createEqualityEvaluator(config: EqualityMetricConfig): Evaluator {
  return {
    name: config.name,
    ...metricNeeds(config),
    default_threshold: null,
    evaluate: async (input) => evaluateEquality(config, input),
  };
}

export function normalizeForEquality(text: string, flags: EqualityFlags): string {
  let result = text;
  if (flags.case_insensitive) result = result.toLowerCase();
  if (flags.strip_whitespace) result = collapseWhitespace(result);
  if (flags.strip_punctuation) {
    result = result.replace(PUNCTUATION, (mark, at: number, whole: string) => keptOfNumber(mark, whole, at));
    if (flags.strip_whitespace) result = collapseWhitespace(result);
  }
  return result;
}

const DIGIT = /\d/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const MINUS_SIGNS = new Set(['-', '\u2212']);

/**
 * What a punctuation mark becomes: kept where it makes a number — a decimal point before a digit, after a digit
 * or no letter or digit (`3.5`, `.5`, `-.5`); a minus sign before a digit or such a point, after no letter or
 * digit or in an exponent (`-5`, `-.5`, `1.5e-3`), written `-` whichever sign it was (`−5` is `-5`) — else removed.
 */
function keptOfNumber(mark: string, text: string, at: number): string {
  const before = text[at - 1] ?? '';
  const after = text[at + 1] ?? '';
  if (mark === '.') return DIGIT.test(after) && (DIGIT.test(before) || !LETTER_OR_DIGIT.test(before)) ? '.' : '';
  if (!MINUS_SIGNS.has(mark)) return '';
  const startsNumber = DIGIT.test(after) || (after === '.' && DIGIT.test(text[at + 2] ?? ''));
  const exponent = /[eE]/.test(before) && DIGIT.test(text[at - 2] ?? '');
  return startsNumber && (exponent || !LETTER_OR_DIGIT.test(before)) ? '-' : '';
}

function evaluateEquality(config: EqualityMetricConfig, input: EvaluationInput): MetricOutcome {
  const expected = normalizeForEquality(input.ground_truth ?? '', config);
  const actual = normalizeForEquality(input.agent_response, config);
  const details = { expected, actual, normalization: activeFlags(config) };
  if (input.agent_response.trim() === '') {
    return { score: 0, passed: false, reasoning: 'the agent response is empty', details };
  }
  const emptied = emptiedGroundTruth(input.ground_truth ?? '', config);
  if (emptied !== null) return { score: 0, passed: false, reasoning: emptied, details };
  if (expected === actual) {
    return { score: 1, passed: true, reasoning: 'the response equals the ground truth', details };
  }
  return {
    score: 0,
    passed: false,
    reasoning:
      `the response differs from the ground truth: expected ${quote(expected)}, got ${quote(actual)}` +
      hiddenNote(expected, actual),
    details,
  };
}

/**
 * Why a ground truth cannot be compared: nothing but white space is left of it once normalised (`!!!` with
 * `strip_punctuation`), so any answer without a letter or digit would equal it. Null when something is left.
 */
export function emptiedGroundTruth(groundTruth: string, flags: EqualityFlags): string | null {
  if (groundTruth.trim() === '' || normalizeForEquality(groundTruth, flags).trim() !== '') return null;
  const flagNames = activeFlags(flags).join(', ');
  return `the ground truth ${quote(groundTruth)} is empty once normalised (${flagNames}): any answer without a letter or digit would equal it`;
}

function hiddenNote(expected: string, actual: string): string {
  const hidden = hiddenDifference(expected, actual);
  return hidden === null ? '' : ` — ${hidden}`;
}

function collapseWhitespace(text: string): string {
  return text.trim().replace(WHITESPACE_RUN, ' ');
}

function activeFlags(flags: EqualityFlags): string[] {
  const names = ['case_insensitive', 'strip_whitespace', 'strip_punctuation'] as const;
  return names.filter((name) => flags[name]);
}

function quote(text: string): string {
  const shown = text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT)}…` : text;
  return JSON.stringify(shown);
}

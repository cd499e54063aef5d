/** One expected argument against one actual value: literal, fuzzy or regex (PRODUCT.md §4). */
import type { ArgMatcher } from '../core/config-types.js';
import { hiddenDifference } from '../core/hidden-difference.js';
import { quoteExcerpt } from '../core/quote-excerpt.js';
import { describeValue, renderValue } from '../core/render-value.js';
import { FUZZY_NUMBER_TOLERANCE, normalizeFuzzy, readFuzzyNumber } from './fuzzy-normalize.js';
import { type LiteralDifference, literalDifference } from './literal-difference.js';
import { literalEquals } from './literal-equals.js';

export interface ArgMatch {
  readonly matched: boolean;
  /**
   * Why it did not match, e.g. `expected ≈"181001", got 180000`; with long values, only what differs
   * (`expected "value number 39!", got "value number 39"`, at `where`); null when it matched.
   */
  readonly reason: string | null;
  /** Where inside the argument long values differ (`a.key39`, `a[3]`, `character 300`); else null. */
  readonly where: string | null;
  /** Both values in full (`expected …, got …`) when `reason` shows them cut; else null. */
  readonly full: string | null;
}

/** A reason up to this long shows both values whole; a longer one says where they differ. */
const SHORT_REASON = 120;
/** Characters of a value shown in a reason about long values. */
const VALUE_WIDTH = 60;
/** Characters shown before the first differing character of two long strings. */
const CONTEXT_BEFORE = 20;

/** `name` names the argument in the path of a difference inside it (`a.key39`). */
export function matchArg(matcher: ArgMatcher, actual: unknown, name = 'value'): ArgMatch {
  if (matches(matcher, actual)) return { matched: true, reason: null, where: null, full: null };
  const whole = `expected ${describeMatcher(matcher)}, got ${describeValue(actual)}`;
  if (whole.length <= SHORT_REASON) {
    const hidden = matcher.kind === 'regex' ? '' : hiddenNote(matcher.value, actual);
    return { matched: false, reason: `${whole}${hidden}`, where: null, full: null };
  }
  if (matcher.kind !== 'literal') {
    const hidden = matcher.kind === 'fuzzy' ? hiddenNote(matcher.value, actual) : '';
    const reason = `expected ${cut(describeMatcher(matcher))}, got ${cutValue(actual)}${hidden}`;
    return { matched: false, reason, where: null, full: whole };
  }
  const { where, reason } = describeDifference(literalDifference(matcher.value, actual, name), name);
  return { matched: false, reason, where, full: where === null && reason === whole ? null : whole };
}

/** The expectation as shown in reasons: `206588`, `"206588"`, `≈"181,001"`, `~/^2009.*$/`. */
export function describeMatcher(matcher: ArgMatcher): string {
  switch (matcher.kind) {
    case 'literal':
      return describeValue(matcher.value);
    case 'fuzzy':
      return `≈${JSON.stringify(matcher.value)}`;
    case 'regex':
      return `~/${matcher.pattern}/`;
  }
}

/** `at a.key5`: `missing, expected "x"`; two long strings: where their first differing character is. */
function describeDifference(difference: LiteralDifference, name: string): { where: string | null; reason: string } {
  const path = difference.path === name ? null : difference.path;
  const { expected, actual } = difference;
  if (expected === null) return { where: path, reason: `not expected, got ${cutValue(actual?.value)}` };
  if (actual === null) return { where: path, reason: `missing, expected ${cutValue(expected.value)}` };
  const strings = typeof expected.value === 'string' && typeof actual.value === 'string';
  if (strings && Math.max(expected.value.length, actual.value.length) > VALUE_WIDTH - 2) {
    const shown = stringDifference(expected.value, actual.value);
    const where = path === null ? shown.where : `${path}, ${shown.where}`;
    return { where, reason: `${shown.reason}${hiddenNote(expected.value, actual.value)}` };
  }
  const hidden = strings ? hiddenNote(expected.value, actual.value) : '';
  return { where: path, reason: `expected ${cutValue(expected.value)}, got ${cutValue(actual.value)}${hidden}` };
}

/** `character 300`: `expected "…xxB", got "…xxA"`, each side from a little before the first difference. */
function stringDifference(expected: string, actual: string): { where: string; reason: string } {
  const left = Array.from(expected);
  const right = Array.from(actual);
  let index = 0;
  while (index < left.length && index < right.length && left[index] === right[index]) index += 1;
  const start = Math.max(0, index - CONTEXT_BEFORE);
  const excerpt = (chars: readonly string[]) => {
    const end = start + VALUE_WIDTH;
    const text = `${start > 0 ? '…' : ''}${chars.slice(start, end).join('')}${chars.length > end ? '…' : ''}`;
    return JSON.stringify(text);
  };
  return { where: `character ${index + 1}`, reason: `expected ${excerpt(left)}, got ${excerpt(right)}` };
}

/** ` — they differ only in Unicode form: …` for two strings that look the same; else empty. */
function hiddenNote(expected: unknown, actual: unknown): string {
  if (typeof expected !== 'string' || typeof actual !== 'string') return '';
  const hidden = hiddenDifference(expected, actual);
  return hidden === null ? '' : ` — ${hidden}`;
}

function cutValue(value: unknown): string {
  return typeof value === 'string' ? quoteExcerpt(value, VALUE_WIDTH) : cut(describeValue(value));
}

function cut(text: string): string {
  if (text.length <= VALUE_WIDTH) return text;
  // Not between the two halves of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(VALUE_WIDTH - 1)) ? VALUE_WIDTH - 1 : VALUE_WIDTH;
  return `${text.slice(0, end)}…`;
}

function matches(matcher: ArgMatcher, actual: unknown): boolean {
  switch (matcher.kind) {
    case 'literal':
      return literalEquals(matcher.value, actual);
    case 'fuzzy':
      return fuzzyEquals(matcher.value, actual);
    case 'regex':
      return matcher.regex.fullMatch(renderValue(actual));
  }
}

/** Two numbers match within the tolerance, and in the same currency when both sides write one (`$15` is not `€15`). */
function fuzzyEquals(expected: string, actual: unknown): boolean {
  const left = normalizeFuzzy(expected);
  const right = normalizeFuzzy(renderValue(actual));
  const leftNumber = readFuzzyNumber(left);
  const rightNumber = readFuzzyNumber(right);
  if (leftNumber !== null && rightNumber !== null) {
    const { currency } = leftNumber;
    const sameCurrency = currency === null || rightNumber.currency === null || currency === rightNumber.currency;
    return sameCurrency && Math.abs(leftNumber.value - rightNumber.value) <= FUZZY_NUMBER_TOLERANCE;
  }
  return left === right;
}

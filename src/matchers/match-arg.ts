/** One expected argument against one actual value: literal, fuzzy or regex (PRODUCT.md §4). */
import type { ArgMatcher } from '../core/config-types.js';
import { hiddenDifference } from '../core/hidden-difference.js';
import { describeValue, renderValue } from '../core/render-value.js';
import { FUZZY_NUMBER_TOLERANCE, normalizeFuzzy, parseFuzzyNumber } from './fuzzy-normalize.js';
import { literalEquals } from './literal-equals.js';

export interface ArgMatch {
  readonly matched: boolean;
  /** Why it did not match, e.g. `expected ≈"181001", got 180000`; null when it matched. */
  readonly reason: string | null;
}

export function matchArg(matcher: ArgMatcher, actual: unknown): ArgMatch {
  if (matches(matcher, actual)) return { matched: true, reason: null };
  const reason = `expected ${describeMatcher(matcher)}, got ${describeValue(actual)}`;
  const hidden =
    matcher.kind !== 'regex' && typeof actual === 'string' && typeof matcher.value === 'string'
      ? hiddenDifference(matcher.value, actual)
      : null;
  return { matched: false, reason: hidden === null ? reason : `${reason} — ${hidden}` };
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

function fuzzyEquals(expected: string, actual: unknown): boolean {
  const left = normalizeFuzzy(expected);
  const right = normalizeFuzzy(renderValue(actual));
  const leftNumber = parseFuzzyNumber(left);
  const rightNumber = parseFuzzyNumber(right);
  if (leftNumber !== null && rightNumber !== null) {
    return Math.abs(leftNumber - rightNumber) <= FUZZY_NUMBER_TOLERANCE;
  }
  return left === right;
}

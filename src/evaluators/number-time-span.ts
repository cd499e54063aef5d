/**
 * Numbers that name a time or the operands of a difference rather than an answer, for the numeric metric:
 * - a duration after `over` (`-21.08% over 5 years`, `10.7% over 12 months`): a time, not a divisor;
 * - the years of a span, `between 2016 and 2017`, `from 2012 to 2013`;
 * - the ends of `difference between 6,823 and 6,161`: the operands of a subtraction, not a range.
 */
import type { NumberToken } from './find-number-tokens.js';

const TIME_UNIT = /^\s*(?:years?|months?|quarters?|weeks?|days?|periods?)\b/i;
const DURATION = /^\d+(?:\.\d+)?\s*(?:years?|months?|quarters?|weeks?|days?|periods?)\b/i;
/** A year as a bare integer: 1900–2100, without decimals or separators. */
const YEAR = /^(?:19\d\d|20\d\d|2100)$/;
const YEAR_AHEAD = /^(?:19\d\d|20\d\d|2100)(?![\d,%]|\.\d)/;
/** How far back a span's words may reach. */
const REACH = 48;

/** Whether a number token is a year written as a bare integer (`2013`, not `2,013`, `2013.0` or `2013%`). */
export function isYearLike(token: NumberToken): boolean {
  return !token.percent && token.scale === 1 && YEAR.test(token.text.trim());
}

/** Whether a duration (`5 years`, `12 months`) starts at `at`. */
export function durationAt(text: string, at: number): boolean {
  return DURATION.test(text.slice(at, at + 24));
}

/** Whether the number is a duration after `over`, or a year of `between Y and Y` / `from Y to Y`. */
export function timeSpan(text: string, token: NumberToken): boolean {
  const start = token.index;
  const end = start + token.text.length;
  const before = text.slice(Math.max(0, start - REACH), start);
  const after = text.slice(end, end + REACH);
  if (/\bover\s+$/i.test(before) && !token.percent && TIME_UNIT.test(after)) return true;
  if (!isYearLike(token)) return false;
  const earlier = /^\s+(?:and|to)\s+/i.exec(after);
  if (earlier && YEAR_AHEAD.test(after.slice(earlier[0].length))) {
    const joiner = earlier[0].trim().toLowerCase();
    return joiner === 'and' ? /\bbetween\s+$/i.test(before) : /\bfrom\s+$/i.test(before);
  }
  const later = /\b(between|from)\s+(?:19\d\d|20\d\d|2100)\s+(and|to)\s+$/i.exec(before);
  if (later === null) return false;
  return (later[1]!.toLowerCase() === 'between') === (later[2]!.toLowerCase() === 'and');
}

/** Whether the number is an end of `difference between A and B` (a citation in parentheses after A allowed). */
export function differenceOperand(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - REACH), start);
  if (/\bdifference\s+between\s+[$€£¥]?$/i.test(before)) return true;
  return /\bdifference\s+between\s+\S*\d\S*(?:\s+\([^()]{0,20}\))?\s+and\s+[$€£¥]?$/i.test(before);
}

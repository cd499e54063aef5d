/**
 * What around a number, read as a response's answer, makes it no answer, for the numeric metric:
 * - a minus sign set apart from it by spaces after a word, `:` or `=` (`was - 25,587`, `Net change: - $25,587`):
 *   a negative, or a dash in prose; a list bullet at a line's start (`- 25,587`) and a subtraction between numbers
 *   (`206,588 - 181,001`) are not;
 * - an end of a range: `12-14%`, `12–14%`, `12 to 14%` (not `from 12 to 14%`, a change, nor `25.9% to $81.15`, a
 *   change and its new level), `between 12% and 14%` (not `difference between 6,823 and 6,161`: operands);
 * - a time (number-time-span.ts): `over 5 years`, `between 2016 and 2017`;
 * - an operand of arithmetic: followed or preceded by `divided by`, `multiplied by`, `minus`, `plus`, `times`,
 *   `over` (not before a year: `over 2009`), `/`, `×`, `÷`, `*`, `+`, a spaced `-` or `−`, with a number on the
 *   other side (`25,587 divided by 181,001`, `computed as 206,588 minus 181,001`).
 * Each test looks at a few characters around the number, so a scan calling it once per number stays linear.
 */
import { type NumberToken, numberTokenAt } from './find-number-tokens.js';
import { differenceOperand, durationAt, timeSpan } from './number-time-span.js';

export type AnswerContext = 'answer' | 'spaced_minus' | 'range' | 'operand' | 'time';

/** How far back or ahead an operator word and its spaces may reach. */
const REACH = 24;
const WORD_OPERATOR_AFTER = /^\s*(?:divided\s+by|multiplied\s+by|minus|plus|times|over)\s+(?=\S)/i;
const WORD_OPERATOR_BEFORE = /(?:divided\s+by|multiplied\s+by|minus|plus|times|over)\s+$/i;
/** Symbols of arithmetic between two numbers, with or without spaces: `/`, `×`, `÷`, `*`, `+`, `−` (U+2212). */
const SYMBOL_OPERATORS = new Set([0x2f, 0xd7, 0xf7, 0x2a, 0x2b, 0x2212]);
const LETTER = /^\p{L}$/u;

export function answerContext(text: string, token: NumberToken): AnswerContext {
  const start = token.index;
  const end = token.index + token.text.length;
  if (timeSpan(text, token)) return 'time';
  if (spacedMinusBefore(text, start)) return 'spaced_minus';
  if (differenceOperand(text, start)) return 'operand';
  if (rangeEnd(text, token)) return 'range';
  if (operatorAfter(text, end) || operatorBefore(text, start)) return 'operand';
  return 'answer';
}

/** Why the number is not read, for the metric's reason. */
export function contextReason(text: string, token: NumberToken, context: Exclude<AnswerContext, 'answer'>): string {
  const around = excerpt(text, token);
  if (context === 'spaced_minus') {
    return `the agent response's number in "${around}" has a minus sign set apart from it by a space: it may be a negative or a dash, so it is not read; write the sign against the number ("-${token.text.trim()}")`;
  }
  if (context === 'time') {
    return `the agent response's number "${token.text.trim()}" names a time ("${around}"), not an answer`;
  }
  if (context === 'range') {
    return `the agent response's number "${token.text.trim()}" is an end of a range ("${around}"), not one answer`;
  }
  return `the agent response's number "${token.text.trim()}" is an operand of a calculation ("${around}"), not its result, and no other number stands as the answer`;
}

function excerpt(text: string, token: NumberToken): string {
  const from = Math.max(0, token.index - REACH);
  const to = Math.min(text.length, token.index + token.text.length + REACH);
  return text.slice(from, to).replace(/\s+/g, ' ').trim();
}

function isMinus(code: number): boolean {
  return code === 0x2d || code === 0x2013 || code === 0x2212;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0xa0 || code === 0x202f;
}

function spacesBack(text: string, at: number): number {
  let back = at;
  while (back > 0 && isSpace(text.charCodeAt(back - 1))) back -= 1;
  return back;
}

function spacesAhead(text: string, at: number): number {
  let ahead = at;
  while (ahead < text.length && isSpace(text.charCodeAt(ahead))) ahead += 1;
  return ahead;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** Whether a number ends right before `at`: a digit, `%`, or the `)` of an accounting negative. */
function numberEndsAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at - 1);
  return at > 0 && (isDigit(code) || code === 0x25 || (code === 0x29 && isDigit(text.charCodeAt(at - 2))));
}

/** Whether a number starts at `at`: a digit, a sign, a currency sign or `(` before a digit, `.5`. */
function numberStartsAt(text: string, at: number): boolean {
  for (let ahead = at; ahead < Math.min(text.length, at + 3); ahead++) {
    const code = text.charCodeAt(ahead);
    if (isDigit(code)) return true;
    if (!(isMinus(code) || code === 0x2b || code === 0x28 || code === 0x24 || code === 0x2e || code > 0x7f)) {
      return false;
    }
  }
  return false;
}

function spacedMinusBefore(text: string, start: number): boolean {
  if (isMinus(text.charCodeAt(start)) || text.charCodeAt(start) === 0x2b) return false;
  const minusEnd = spacesBack(text, start);
  if (minusEnd === start || minusEnd === 0 || !isMinus(text.charCodeAt(minusEnd - 1))) return false;
  const before = spacesBack(text, minusEnd - 1);
  if (before === 0) return false;
  const code = text.charCodeAt(before - 1);
  if (code === 0x3a || code === 0x3d || code === 0x2248) return true;
  if (!LETTER.test(text[before - 1] ?? '')) return false;
  // A scale word after a number (`$5.2 million - $3 million`) ends the first operand of a subtraction.
  let word = before - 1;
  while (word > 0 && before - word < REACH && LETTER.test(text[word - 1] ?? '')) word -= 1;
  return !numberEndsAt(text, spacesBack(text, word));
}

/**
 * Whether two numbers joined by `to` are the ends of one range: not a percentage and then a number that is not
 * one (`25.9% to $81.15`, `10.7% to 6,823 million`: a change and the new level), nor an amount with a currency
 * sign or scale word and then a percentage. `12 to 14%` and `12% to 14%` are ranges.
 */
function sameKindEnds(first: NumberToken | null, second: NumberToken | null): boolean {
  if (first === null || second === null) return true;
  if (first.percent) return second.percent;
  return !(second.percent && (first.scale !== 1 || /[$€£¥]/.test(first.text)));
}

function rangeEnd(text: string, token: NumberToken): boolean {
  const start = token.index;
  const end = token.index + token.text.length;
  // `12-14%`, `12–14%`, `12 – 14%`: the later end.
  const dash = text.charCodeAt(start - 1);
  if (start > 1 && dash === 0x2d && numberEndsAt(text, start - 1)) return true;
  const back = spacesBack(text, start);
  if (back > 0 && text.charCodeAt(back - 1) === 0x2013 && numberEndsAt(text, spacesBack(text, back - 1))) return true;
  // The earlier end.
  const next = text.charCodeAt(end);
  if (next === 0x2d && numberStartsAt(text, end + 1) && isDigit(text.charCodeAt(end + 1))) return true;
  const ahead = spacesAhead(text, end);
  if (text.charCodeAt(ahead) === 0x2013 && numberStartsAt(text, spacesAhead(text, ahead + 1))) return true;
  // `12 to 14%` (not `from 12 to 14%`), `between 12% and 14%`.
  const before = text.slice(Math.max(0, start - REACH * 2), start);
  const after = text.slice(end, end + REACH);
  const toAfter = /^\s+to\s+/i.exec(after);
  if (toAfter && numberStartsAt(text, end + toAfter[0].length) && !/\bfrom\s+$/i.test(before)) {
    return sameKindEnds(token, numberTokenAt(text, end + toAfter[0].length));
  }
  const toBefore = /(\S*\d[%)]?)\s+to\s+$/i.exec(before);
  if (toBefore && !/\bfrom\s+$/i.test(before.slice(0, toBefore.index))) {
    const first = findFirstOf(before.slice(0, toBefore.index + toBefore[1]!.length), toBefore.index);
    return sameKindEnds(first, token);
  }
  if (/\bbetween\s+\S*$/i.test(before)) return true;
  return /\bbetween\s+\S*\d\S*\s+and\s+\S*$/i.test(before);
}

/** The number token of `text` that starts within its `from`-th to last characters, else null. */
function findFirstOf(text: string, from: number): NumberToken | null {
  for (let at = from; at < text.length; at++) {
    const token = numberTokenAt(text, at);
    if (token !== null) return token;
  }
  return null;
}

function operatorAfter(text: string, end: number): boolean {
  const after = text.slice(end, end + REACH);
  const word = WORD_OPERATOR_AFTER.exec(after);
  if (word) {
    const next = end + word[0].length;
    // `over 2009`, `over 5 years` are a time, not a divisor.
    const year =
      /^over/i.test(word[0].trim()) &&
      (/^(?:1[89]|2[01])\d\d(?![\d,]|\.\d)/.test(text.slice(next, next + 6)) || durationAt(text, next));
    return !year && numberStartsAt(text, next);
  }
  const at = spacesAhead(text, end);
  const code = text.charCodeAt(at);
  // A spaced hyphen-minus (`206,588 - 181,001`); unspaced, it is a range (see rangeEnd).
  const spacedMinus = code === 0x2d && at > end;
  // `**` closes bold, not a product.
  const product = code === 0x2a && text.charCodeAt(at + 1) === 0x2a;
  if (!(spacedMinus || (SYMBOL_OPERATORS.has(code) && !product))) return false;
  return numberStartsAt(text, spacesAhead(text, at + 1));
}

function operatorBefore(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - REACH), start);
  const word = WORD_OPERATOR_BEFORE.exec(before);
  if (word) return numberEndsAt(text, spacesBack(text, start - word[0].length));
  const at = spacesBack(text, start);
  const code = text.charCodeAt(at - 1);
  const spacedMinus = code === 0x2d && at < start;
  const product = code === 0x2a && text.charCodeAt(at - 2) === 0x2a;
  if (at === 0 || !(spacedMinus || (SYMBOL_OPERATORS.has(code) && !product))) return false;
  return numberEndsAt(text, spacesBack(text, at - 1));
}

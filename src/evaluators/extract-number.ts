/**
 * Which number a free-text agent response answers with, for the `numeric` evaluator. LaTeX's `\%` and `\$` are
 * read as `%` and `$`. In order:
 * 1. `standalone` — the response is only a number (`25587`, `**$25,587**`, `14.1%.`);
 * 2. `boxed` — otherwise, the content of the last `\boxed{…}`, the final answer as LaTeX marks it, which must
 *    hold one number, words and a `label =` aside (else the response is refused);
 * 3. `emphasis` — otherwise, the last markdown bold span (`**…**` or `__…__`) holding exactly one number and
 *    nothing else, since models bold the answer in a sentence that also quotes its operands: "The change is
 *    **25,587** (206,588 − 181,001)". Bold list markers (`**1.**`) and headings (`**Step 2**`) do not count;
 * 4. `cue` — otherwise, the first number right after the last answer cue (`is`, `was`, `equals`, `=`, `≈`,
 *    `answer:`, `comes to`, `amounts to`, `totals`, `gives`, `works out to`…), since models state the answer after
 *    such a word and then often add context: "the difference is 25587 thousand, as reported in 2009"; `gives` and
 *    `totals` count only when their sentence states no other value after `and` or `;`;
 * 5. `last` — otherwise (or when the cued number is an operand of a calculation), the last number of the text
 *    outside parentheses (which usually hold operands or citations) that is neither an operand nor a time
 *    (`over 5 years`, `between 2016 and 2017`), and not a bare year when operands were passed over, else the last
 *    number at all.
 * A cued or last number that ends a range (`12-14%`), has a minus set apart from it (`was - 25,587`) or, with no
 * other number left, is an operand (`25,587 divided by 181,001`) is no answer (number-answer-context.ts). The
 * chosen token must then be allowed by the options (thousands separators, percent); a rejected token makes the
 * response unparsable rather than falling back to another number.
 */
import { NumberTokenCursor, numberTokenAt } from './find-number-tokens.js';
import { answerContext, contextReason } from './number-answer-context.js';
import { lastBoxed, plainBoxedContent, plainLatexSigns, wordedBoxedNumber } from './number-latex.js';
import type { NumberNotation } from './number-notation.js';
import { isYearLike } from './number-time-span.js';
import {
  checkToken,
  type NumberFormatOptions,
  type NumberToken,
  notationOf,
  parseStandaloneNumber,
} from './parse-number.js';

export type ExtractionStrategy = 'standalone' | 'boxed' | 'emphasis' | 'cue' | 'last';

export type Extraction =
  | {
      readonly ok: true;
      readonly token: NumberToken;
      readonly strategy: ExtractionStrategy;
      /** How many numbers the response contains. */
      readonly candidates: number;
    }
  | { readonly ok: false; readonly reason: string };

/**
 * The answer cues, each followed by a non-word character (any case): `is`, `was`, `equals`, `answer:`, and the
 * words that state a result: `comes to`, `came to`, `amounts to`, `amounted to`, `totals`, `totaled`,
 * `totalled`, `gives`, `works out to`, `worked out to`.
 */
const CUE_WORDS =
  /^(?:is|was|equals|answer\s*:|comes\sto|came\sto|amounts\sto|amounted\sto|totals|totaled|totalled|gives|works\sout\sto|worked\sout\sto)(?=\W)/i;
/**
 * Result words that also list values (`the table gives 6,823 for 2013 and 6,161 for 2012`): their number is the
 * answer only when its sentence lists no other value after it.
 */
const WEAK_CUE = /^(?:gives|totals|totaled|totalled)$/i;
/** How far after a cue the answer may start (room for "approximately $", "about", "roughly"). */
const CUE_WINDOW = 24;
/** The longest text a cue word can span, white space before `:` aside. */
const CUE_LOOKAHEAD = 'worked out to '.length;
/** The ASCII first characters of cues: `=`, and `i w e a c t g` in either case (and `≈`, U+2248). */
const CUE_START = Uint8Array.from({ length: 0x80 }, (_, code) =>
  '=iweactgIWEACTG'.includes(String.fromCharCode(code)) ? 1 : 0,
);
/** Characters that end the sentence of a cue. */
const SENTENCE_BREAK = new Set(['.', ';', '!', '?', '\n']);

/** Full-width digits, point, comma and minus (U+FF10–FF19, U+FF0E, U+FF0C, U+FF0D), as CJK text writes numbers. */
const FULL_WIDTH = /[\uFF0C-\uFF0E\uFF10-\uFF19]/g;
/** More digits than a double holds (its largest is 309 digits long), separators between them allowed. */
const TOO_MANY_DIGITS = /\d(?:[\d,_]){309,}/;

/** A number in exponent notation beyond the range of a double (`1e400`). */
const OVERFLOWING = /\d(?:\.\d+)?[eE]\+?\d{3,}/g;

export function extractResponseNumber(response: string, options: NumberFormatOptions): Extraction {
  if (response.trim() === '') return { ok: false, reason: 'the agent response is empty' };
  // Read as their ASCII forms, one character for one, so every position in the text stays where it was.
  const text = plainLatexSigns(
    response.replace(FULL_WIDTH, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0)),
  );
  const notation = notationOf(options);
  const survey = surveyTokens(text, notation);
  const chosen = chooseToken(text, survey, notation);
  if (chosen === null) {
    if (TOO_MANY_DIGITS.test(text))
      return { ok: false, reason: 'the agent response holds a number too large to read (over 309 digits)' };
    const overflowing = [...text.matchAll(OVERFLOWING)].find((match) => !Number.isFinite(Number(match[0])));
    if (overflowing !== undefined) {
      return {
        ok: false,
        reason: `the agent response's number "${overflowing[0]}" is out of range: beyond the largest number a double holds (about 1.8e308)`,
      };
    }
    return { ok: false, reason: 'the agent response contains no number' };
  }
  if ('reason' in chosen) return { ok: false, reason: chosen.reason };
  const check = checkToken(chosen.token, options);
  if (!check.ok) return { ok: false, reason: `the agent response's number ${check.reason}` };
  // The number as the response wrote it (full-width digits stay full-width in the reason).
  const { token } = chosen;
  const written =
    chosen.written !== undefined
      ? { ...token, text: chosen.written }
      : text === response
        ? token
        : { ...token, text: response.slice(token.index, token.index + token.text.length) };
  return { ok: true, token: written, strategy: chosen.strategy, candidates: survey.count };
}

/** How many numbers are kept from the end of the text, outside parentheses, for the `last` strategy. */
const LAST_KEPT = 8;

/** What one pass over the response's numbers tells: how many, the last one, the last ones outside parentheses. */
interface TokenSurvey {
  readonly count: number;
  readonly last: NumberToken | undefined;
  /** Where the last LAST_KEPT numbers outside parentheses start, in order of appearance. */
  readonly outside: readonly number[];
}

interface Choice {
  readonly token: NumberToken;
  readonly strategy: ExtractionStrategy;
  /** The answer as the response wrote it, where its text is not the token's (a boxed answer). */
  readonly written?: string;
}

/** No number is read, and why. */
interface Refusal {
  readonly reason: string;
}

function chooseToken(text: string, survey: TokenSurvey, notation: NumberNotation): Choice | Refusal | null {
  const standalone = parseStandaloneNumber(text, notation);
  if (standalone) return { token: standalone, strategy: 'standalone' };
  const boxed = lastBoxed(text);
  if (boxed) {
    const plain = plainBoxedContent(boxed.content);
    const token = parseStandaloneNumber(plain, notation) ?? wordedBoxedNumber(plain, notation);
    const written = boxed.content.trim();
    if (!token) return { reason: `the agent response's final answer \\boxed{${written}} is not one number` };
    return { token: { ...token, index: boxed.index }, strategy: 'boxed', written };
  }
  const emphasized = lastEmphasizedToken(text, notation);
  if (emphasized) return { token: emphasized, strategy: 'emphasis' };
  const cued = cuedToken(text, notation);
  if (cued) {
    const context = answerContext(text, cued);
    if (context === 'answer') return { token: cued, strategy: 'cue' };
    if (context !== 'operand' && context !== 'time') return { reason: contextReason(text, cued, context) };
    return lastToken(text, survey, notation, context === 'operand' ? cued : undefined);
  }
  return lastToken(text, survey, notation);
}

/**
 * The last number outside parentheses that is neither an operand of a calculation (`25,587 — computed as 206,588
 * minus 181,001` answers 25,587) nor a time (`over 5 years`, `between 2016 and 2017`), else the last number at
 * all when every number is in parentheses. An end of a range or a number with a minus set apart from it is no
 * answer: the response is refused. So is a calculation whose only other number is a year (`6,823 minus 6,161,
 * computed for 2013`): the year is no result. `cuedOperand` is the operand a cue chose, named when refused.
 */
function lastToken(
  text: string,
  survey: TokenSurvey,
  notation: NumberNotation,
  cuedOperand?: NumberToken,
): Choice | Refusal | null {
  let operand: NumberToken | undefined;
  let year: NumberToken | undefined;
  for (let at = survey.outside.length - 1; at >= 0; at--) {
    const token = numberTokenAt(text, survey.outside[at] ?? 0, notation);
    if (token === null) continue;
    const context = answerContext(text, token);
    if (context === 'time') continue;
    if (context === 'operand') {
      operand ??= token;
      continue;
    }
    if (year !== undefined) return { token: year, strategy: 'last' };
    if (context !== 'answer') return { reason: contextReason(text, token, context) };
    if (!isYearLike(token)) return { token, strategy: 'last' };
    year = token;
  }
  if (operand !== undefined) return { reason: contextReason(text, cuedOperand ?? operand, 'operand') };
  if (year !== undefined) return { token: year, strategy: 'last' };
  return survey.last ? { token: survey.last, strategy: 'last' } : null;
}

/**
 * Counts the tokens and finds the last one not preceded by an unclosed `(` or `[`, in one pass over the text
 * that builds only the tokens it keeps.
 */
function surveyTokens(text: string, notation: NumberNotation): TokenSurvey {
  const cursor = new NumberTokenCursor(text, 0, text.length, false, notation);
  let count = 0;
  let depth = 0;
  let at = 0;
  let last = -1;
  const outside: number[] = [];
  while (cursor.next()) {
    for (; at < cursor.start; at++) {
      const ch = text.charCodeAt(at);
      if (ch === 0x28 || ch === 0x5b) depth++;
      else if ((ch === 0x29 || ch === 0x5d) && depth > 0) depth--;
    }
    count += 1;
    last = cursor.start;
    if (depth === 0) {
      if (outside.length === LAST_KEPT) outside.shift();
      outside.push(cursor.start);
    }
  }
  const tokenAt = (start: number) => (start < 0 ? undefined : (numberTokenAt(text, start, notation) ?? undefined));
  return { count, last: tokenAt(last), outside };
}

/**
 * The first number within reach of the last cue that has one: at most CUE_WINDOW characters after it, with no
 * sentence break in between. Cues never overlap, so they are found walking back from the end of the text; a cue
 * ends with a character no number holds, so its number is looked for from there.
 */
function cuedToken(text: string, notation: NumberNotation): NumberToken | null {
  for (let at = text.length - 1; at >= 0; at--) {
    const code = text.charCodeAt(at);
    if (code < 0x80 ? CUE_START[code] === 0 : code !== 0x2248) continue;
    const end = cueEndAt(text, at);
    if (end < 0) continue;
    let reach = end;
    const limit = Math.min(text.length, end + CUE_WINDOW + 1);
    while (reach < limit && !SENTENCE_BREAK.has(text[reach]!)) reach += 1;
    // A number may start right on the break (`.5`).
    const cursor = new NumberTokenCursor(text, end, Math.min(limit, reach + 1), false, notation, true);
    if (!cursor.next()) continue;
    const token = cursor.token();
    if (WEAK_CUE.test(text.slice(at, end)) && listsAnotherValue(text, cursor.end, notation)) continue;
    return token;
  }
  return null;
}

/**
 * Whether the sentence goes on past `from` (up to `.` before a space, `!`, `?`, a line break or the end) to state
 * another value after `and` or `;`, a number outside parentheses that is not a year: `the table gives 6,823 for 2013 and
 * 6,161 for 2012` lists values, and `gives 662; relative to 2012 that's 10.7%` goes on to another result; `gives 24,587 for 2009` and `totals 24,587 across 3
 * segments` do.
 */
function listsAnotherValue(text: string, from: number, notation: NumberNotation): boolean {
  const stop = /[.!?](?:\s|$)|\n/.exec(text.slice(from));
  const rest = text.slice(from, stop ? from + stop.index : text.length);
  const and = /\band\b|;/i.exec(rest);
  if (and === null) return false;
  const sentence = rest.slice(and.index).replace(/\([^()]*\)/g, (group) => ' '.repeat(group.length));
  const cursor = new NumberTokenCursor(sentence, 0, sentence.length, false, notation);
  while (cursor.next()) if (!isYearLike(cursor.token())) return true;
  return false;
}

/** Where the cue starting at `at` ends (`=`, `≈`, or a cue word at a word boundary), else -1. */
function cueEndAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code === 0x3d || code === 0x2248) return at + 1;
  if (at > 0 && isAsciiWord(text.charCodeAt(at - 1))) return -1;
  const window = text.slice(at, at + CUE_LOOKAHEAD + 1);
  if (!/^answer\s/i.test(window)) {
    const match = CUE_WORDS.exec(window);
    return match ? at + match[0].length : -1;
  }
  let colon = at + 'answer'.length;
  while (colon < text.length && /\s/.test(text[colon]!)) colon += 1;
  return CUE_WORDS.test(`answer${text.slice(colon, colon + 2)}`) ? colon + 1 : -1;
}

/** `[A-Za-z0-9_]`, the word characters of `\b` in a pattern without the `u` flag. */
function isAsciiWord(code: number): boolean {
  const lower = code | 0x20;
  return (lower >= 0x61 && lower <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x5f;
}

/**
 * The number of the last markdown bold span (`**…**`, `__…__`) that holds exactly one number and nothing else
 * (white space aside). The span is read as if it were the whole text: neither what precedes it nor its closing
 * marks change its number (`__5k__` is 5,000 and `__5 per cent__` a percentage, though `_` is a word character).
 */
function lastEmphasizedToken(text: string, notation: NumberNotation): NumberToken | undefined {
  let found = -1;
  let foundEnd = -1;
  let at = 0;
  while (at < text.length - 1) {
    const mark = text.charCodeAt(at);
    const paired = (mark === 0x2a || mark === 0x5f) && text.charCodeAt(at + 1) === mark;
    const close = paired ? text.indexOf(mark === 0x2a ? '*' : '_', at + 2) : -1;
    if (close <= at + 2 || text.charCodeAt(close + 1) !== mark) {
      at += 1;
      continue;
    }
    let start = at + 2;
    let end = close;
    while (start < end && isSpace(text.charCodeAt(start))) start += 1;
    while (end > start && isSpace(text.charCodeAt(end - 1))) end -= 1;
    if (start < end && spanNumberEnd(text.slice(start, end), notation) === end - start) {
      found = start;
      foundEnd = end;
    }
    at = close + 2;
  }
  if (found < 0) return undefined;
  const cursor = new NumberTokenCursor(text.slice(found, foundEnd), 0, 1, true, notation, true);
  if (!cursor.next()) return undefined;
  const token = cursor.token();
  return { ...token, index: found };
}

/** Where the number at the start of a bold span's text ends, else -1. */
function spanNumberEnd(span: string, notation: NumberNotation): number {
  const cursor = new NumberTokenCursor(span, 0, 1, true, notation, true);
  return cursor.next() ? cursor.end : -1;
}

/** White space as `String.prototype.trim` sees it. */
function isSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d) || (code > 0x7f && /\s/.test(String.fromCharCode(code)));
}

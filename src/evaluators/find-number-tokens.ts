/**
 * Every number token of a text, found by one left-to-right scan: time linear in the text, whatever it holds.
 * The grammar of a token is in `number-token-grammar.ts`.
 */
import { currencyEnd, EN_NOTATION, type NumberNotation, readScale } from './number-notation.js';
import {
  canStart,
  codePointBefore,
  exponentEnd,
  isDigitAt,
  isMinus,
  isSign,
  percentEnd,
  readMantissa,
  START_ASCII,
} from './number-token-grammar.js';

export interface NumberToken {
  /** The token as written. */
  readonly text: string;
  /** Offset of the token in the text it was found in. */
  readonly index: number;
  /**
   * The number, its scale word applied and percent suffix ignored (`14.1%` → 14.1, `$1.2 million` →
   * 1200000, `(1,234)` → -1234, `(14.1%)` → -14.1).
   */
  readonly value: number;
  readonly percent: boolean;
  /**
   * A minus sign before accounting parentheses (`-(1,234)`, `-(14.1%)`): a negative written twice, or a double
   * negative that is positive. `value` is negative; the metric reads no number from it.
   */
  readonly ambiguousSign: boolean;
  /** Written with thousands separators. */
  readonly grouped: boolean;
  /** The factor of its scale word (`million` → 1e6); 1 without one. */
  readonly scale: number;
}

/** Every number token of the text, in order of appearance. */
export function findNumberTokens(text: string, notation: NumberNotation = EN_NOTATION): NumberToken[] {
  const tokens: NumberToken[] = [];
  const cursor = new NumberTokenCursor(text, 0, text.length, false, notation);
  while (cursor.next()) tokens.push(cursor.token());
  return tokens;
}

/**
 * The number token that starts at `at` (if one may start there and its number is finite), else null. With
 * `answer`, the token stands where an answer does (the whole text, a bold span, right after a cue), so a small
 * integer or a year in parentheses is an accounting negative there, not a footnote or a citation.
 */
export function numberTokenAt(
  text: string,
  at: number,
  notation: NumberNotation = EN_NOTATION,
  answer = false,
): NumberToken | null {
  const cursor = new NumberTokenCursor(text, at, at + 1, false, notation, answer);
  return cursor.next() ? cursor.token() : null;
}

/**
 * Walks the number tokens of a text one after another without allocating; `token()` builds the current one.
 * Only tokens starting in `[from, to)` are looked for; `from` must not fall inside a token of the whole text
 * (then the tokens are those of the whole text). With `startsText`, what precedes `from` is ignored, as if the
 * text started there.
 */
export class NumberTokenCursor {
  /** Where the current token starts and ends. */
  start = -1;
  end = -1;
  private readonly text: string;
  private readonly to: number;
  private position: number;
  private digitsStart = -1;
  private digitsEnd = -1;
  private numberEnd = -1;
  private negative = false;
  private ambiguousSign = false;
  private percent = false;
  private scale = 1;
  /** The magnitude, once parsed (NaN until then). */
  private parsed = Number.NaN;
  private readonly from: number;
  private readonly startsText: boolean;
  private readonly notation: NumberNotation;
  private readonly groups: RegExp;

  /** Tokens stand where an answer does: `(12)` and `(2019)` are negatives, not footnotes or citations. */
  private readonly answer: boolean;

  constructor(text: string, from = 0, to = text.length, startsText = false, notation = EN_NOTATION, answer = false) {
    this.answer = answer;
    this.text = text;
    this.position = from;
    this.from = from;
    this.to = to;
    this.startsText = startsText;
    this.notation = notation;
    this.groups = notation.group === 0x2e ? /[.\u00a0\u202f]/g : /[,\u00a0\u202f]/g;
  }

  /** Moves to the next token whose number is finite; false when there is none. */
  next(): boolean {
    const text = this.text;
    while (this.position < this.to) {
      const at = this.position;
      const code = text.charCodeAt(at);
      // Most characters cannot start a number: skip them without a call.
      const free = this.startsText && at === this.from;
      if ((code < 0x80 && START_ASCII[code] === 0) || !(free || canStart(text, at)) || !this.read(at)) {
        this.position = at + 1;
        continue;
      }
      this.position = this.end;
      if (this.isFinite()) return true;
    }
    return false;
  }

  token(): NumberToken {
    const { text, digitsStart, digitsEnd } = this;
    const digits = text.slice(digitsStart, digitsEnd);
    this.groups.lastIndex = 0;
    const grouped = this.groups.test(digits);
    const magnitude = this.magnitude() * this.scale;
    return {
      text: text.slice(this.start, this.end),
      index: this.start,
      value: this.negative ? -magnitude : magnitude,
      percent: this.percent,
      ambiguousSign: this.ambiguousSign,
      grouped,
      scale: this.scale,
    };
  }

  private read(start: number): boolean {
    const { text, notation } = this;
    let at = start;
    const firstSign = isSign(text, at) ? text.charCodeAt(at++) : 0;
    // A minus then spaces before accounting parentheses (`- (1,234)`, `- $(5)`) is a minus before them all the same.
    if (isMinus(firstSign)) at = spacedParenthesisAt(text, at);
    at = currencyEnd(text, at);
    // An accounting negative: `(1,234)`, `$(1,234)`, `(€3.4m)`, `(14.1%)`, `(4) million`; after a minus sign
    // (`-(1,234)`) its sign is ambiguous.
    // A number in parentheses right after a percentage or a decimal number restates it (`21.05% (0.2105)`): no
    // negative, so no token here; the number inside is read on its own.
    const paren =
      text.charCodeAt(at) === 0x28 && (firstSign === 0 ? !restatesNumberBefore(text, start) : isMinus(firstSign));
    const opened = at + 1;
    if (paren) at = currencyEnd(text, opened);
    // A currency or a sign before the number: never a footnote.
    const prefixed = paren && (at > opened || opened > start + 1);
    const secondSign = !paren && isSign(text, at) ? text.charCodeAt(at++) : 0;
    const mantissaEnd = readMantissa(text, at, notation);
    if (mantissaEnd === null) return false;
    const numberEnd = exponentEnd(text, mantissaEnd, notation);
    let scale = readScale(text, numberEnd, notation);
    let end = scale?.end ?? numberEnd;
    let percentInside = false;
    let scaleOutside = false;
    if (paren) {
      // A percent sign inside the parentheses (`(14.1%)`, `(14.1 %)`) or after them (`(14.1)%`), not both.
      if (scale === null) {
        const percentAt = end;
        end = percentEnd(text, end, notation);
        percentInside = end > percentAt;
      }
      if (text.charCodeAt(end) !== 0x29) return false;
      end += 1;
      // A scale word after the parentheses applies as inside them: `(4) million` is `(4 million)`.
      if (scale === null && !percentInside) {
        scale = readScale(text, end, notation);
        scaleOutside = scale !== null;
        end = scale?.end ?? end;
      }
      const plain = !prefixed && scale === null && !percentInside;
      if (
        plain &&
        !this.answer &&
        isCitation(text, at, numberEnd) &&
        (followsFigure(text, start, notation, true) || opensNoteLine(text, start, end))
      ) {
        return false;
      }
    }
    const percentAt = end;
    // A percent suffix follows a scale word only outside the parentheses: `(3.4m)%`, never `3.4m%`.
    if (!percentInside && !scaleOutside && (scale === null || paren)) end = percentEnd(text, end, notation);
    this.start = start;
    this.digitsStart = at;
    this.digitsEnd = mantissaEnd;
    this.numberEnd = numberEnd;
    this.end = end;
    this.percent = percentInside || end > percentAt;
    this.scale = scale?.factor ?? 1;
    this.negative = paren || isMinus(firstSign) !== isMinus(secondSign);
    this.ambiguousSign = paren && firstSign !== 0;
    this.parsed = Number.NaN;
    return true;
  }

  /** Finite for sure when short and without exponent; else the number is parsed to find out. */
  private isFinite(): boolean {
    if (this.scale !== 1) return Number.isFinite(this.magnitude() * this.scale);
    if (this.numberEnd === this.digitsEnd) {
      // Without an exponent, the count of integer digits decides, but at the edge of the double range.
      const digits = integerDigits(this.text, this.digitsStart, this.digitsEnd, this.notation.decimal);
      if (digits <= 308) return true;
      if (digits > 309) return false;
    }
    return Number.isFinite(this.magnitude());
  }

  /** Parsed on demand, once: only the tokens kept are. */
  private magnitude(): number {
    if (Number.isNaN(this.parsed)) {
      let digits = this.text.slice(this.digitsStart, this.digitsEnd).replace(this.groups, '');
      if (this.notation.decimal !== 0x2e) digits = digits.replace(',', '.');
      this.parsed = Number(digits + this.text.slice(this.digitsEnd, this.numberEnd));
    }
    return this.parsed;
  }
}

/**
 * Whether the text before `start` ends, white space aside, with a percentage or a decimal number (`21.05%`,
 * `0.375`): a parenthesis opened there restates it (`21.05% (0.2105)`). After an integer it stays an accounting
 * negative — a label (`Q3 (1,234)`, `FY19`, `Note 5`, `Dec. 31`), a year or another column's figure.
 */
function restatesNumberBefore(text: string, start: number): boolean {
  let at = start - 1;
  while (at >= 0 && (text.charCodeAt(at) === 0x20 || text.charCodeAt(at) === 0xa0)) at -= 1;
  if (at < 0) return false;
  if (text.charCodeAt(at) === 0x25) return true;
  const fraction = digitsBefore(text, at + 1);
  if (fraction === at + 1 || fraction < 2 || text.charCodeAt(fraction - 1) !== 0x2e) return false;
  const whole = digitsBefore(text, fraction - 1);
  if (whole === fraction - 1) return false;
  return whole === 0 || !/[\p{L}\p{N}_.,]/u.test(text[whole - 1] as string);
}

/** Where the run of ASCII digits ending just before `end` starts (`end` when there is none). */
function digitsBefore(text: string, end: number): number {
  let at = end;
  while (at > 0 && text.charCodeAt(at - 1) >= 0x30 && text.charCodeAt(at - 1) <= 0x39) at -= 1;
  return at;
}

/**
 * A plain integer of one or two digits, or a year (1800–2199), between `start` and `end`: in parentheses after a
 * figure, a footnote mark or a citation rather than an accounting negative.
 */
function isCitation(text: string, start: number, end: number): boolean {
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code < 0x30 || code > 0x39) return false;
  }
  const length = end - start;
  if (length <= 2) return true;
  const year = Number(text.slice(start, end));
  return length === 4 && year >= 1800 && year <= 2199;
}

/** Longer than any scale word (`Milliarden`, `Mio.`). */
const SCALE_WORD_REACH = 12;

/**
 * Whether the text before `start` ends, white space aside, with a figure a footnote mark or a citation
 * annotates: an integer that is not the end of a word (`25,587 (1)`, `in 2019 (2)`, not `FY19 (12)`), a
 * percentage (`%`), a number's scale word (`$5.2 million (2)`), and, with `outer`, the closing parenthesis of a
 * parenthesised figure or of another mark (`(1,234) (1)`, `(14.14%) (2)`, `$(4) million (1)`, `25,587 (1)(2)`).
 * A mark glued to a word or a number (`revenue(1)`, `25,587(1)`) is never read as a number; after a word, a
 * punctuation mark or nothing, a small integer in parentheses stands as a value: `That comes to (21),` is −21.
 */
function followsFigure(text: string, start: number, notation: NumberNotation, outer: boolean): boolean {
  let end = start;
  if (outer) while (end > 0 && (text.charCodeAt(end - 1) === 0x20 || text.charCodeAt(end - 1) === 0xa0)) end -= 1;
  if (end === 0) return false;
  const last = text.charCodeAt(end - 1);
  if (last === 0x25) return true;
  if (last === 0x29) return outer && followsFigure(text, end - 1, notation, false);
  if (isDigitAt(text, end - 1)) {
    const digits = digitsBefore(text, end);
    return digits === 0 || !/^[\p{L}_]$/u.test(String.fromCodePoint(codePointBefore(text, digits)));
  }
  let word = last === 0x2e ? end - 1 : end;
  while (word > 0 && end - word <= SCALE_WORD_REACH && isAsciiLetter(text.charCodeAt(word - 1))) word -= 1;
  let numberEnd = word;
  if (numberEnd > 0 && (text.charCodeAt(numberEnd - 1) === 0x20 || text.charCodeAt(numberEnd - 1) === 0xa0)) {
    numberEnd -= 1;
  }
  const before = text.charCodeAt(numberEnd - 1);
  return (
    numberEnd > 0 &&
    (isDigitAt(text, numberEnd - 1) || (outer && before === 0x29)) &&
    readScale(text, numberEnd, notation)?.end === end
  );
}

/**
 * Whether parentheses from `start` to `end` open a line of notes: right after a line break (spaces aside) and
 * followed by words (`(1) in thousands`).
 */
function opensNoteLine(text: string, start: number, end: number): boolean {
  let before = start;
  while (before > 0 && (text.charCodeAt(before - 1) === 0x20 || text.charCodeAt(before - 1) === 0xa0)) before -= 1;
  if (before === 0 || text.charCodeAt(before - 1) !== 0x0a) return false;
  let after = end;
  while (text.charCodeAt(after) === 0x20 || text.charCodeAt(after) === 0xa0) after += 1;
  const point = text.codePointAt(after);
  return point !== undefined && LETTER.test(String.fromCodePoint(point));
}

const LETTER = /^\p{L}$/u;

/** After a minus at `at`: past the spaces that part it from accounting parentheses, else `at`. */
function spacedParenthesisAt(text: string, at: number): number {
  let end = at;
  while (text.charCodeAt(end) === 0x20 || text.charCodeAt(end) === 0xa0) end += 1;
  return end > at && text.charCodeAt(currencyEnd(text, end)) === 0x28 ? end : at;
}

function isAsciiLetter(code: number): boolean {
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x7a;
}

/** The digits before the decimal mark, leading zeros and separators aside. */
function integerDigits(text: string, start: number, end: number, decimal: number): number {
  let count = 0;
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code === decimal) break;
    if (code >= 0x31 && code <= 0x39) count += 1;
    else if (code === 0x30 && count > 0) count += 1;
  }
  return count;
}

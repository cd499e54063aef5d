/**
 * Every number token of a text, found by one left-to-right scan: time linear in the text, whatever it holds.
 * The grammar of a token is in `number-token-grammar.ts`.
 */
import {
  canStart,
  exponentEnd,
  isCurrency,
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
  /** The number as written, percent suffix ignored (`14.1%` → 14.1). */
  readonly value: number;
  readonly percent: boolean;
  /** Written with thousands separators. */
  readonly grouped: boolean;
}

const GROUP_SEPARATORS = /[,\u00a0\u202f]/g;
const HAS_GROUP_SEPARATOR = /[,\u00a0\u202f]/;

/** Every number token of the text, in order of appearance. */
export function findNumberTokens(text: string): NumberToken[] {
  const tokens: NumberToken[] = [];
  const cursor = new NumberTokenCursor(text);
  while (cursor.next()) tokens.push(cursor.token());
  return tokens;
}

/** The number token that starts at `at` (if one may start there and its number is finite), else null. */
export function numberTokenAt(text: string, at: number): NumberToken | null {
  const cursor = new NumberTokenCursor(text, at, at + 1);
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
  /** The magnitude, once parsed (NaN until then). */
  private parsed = Number.NaN;
  private readonly from: number;
  private readonly startsText: boolean;

  constructor(text: string, from = 0, to = text.length, startsText = false) {
    this.text = text;
    this.position = from;
    this.from = from;
    this.to = to;
    this.startsText = startsText;
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
    const { text, digitsStart, digitsEnd, numberEnd } = this;
    const digits = text.slice(digitsStart, digitsEnd);
    const grouped = HAS_GROUP_SEPARATOR.test(digits);
    const magnitude = this.magnitude();
    return {
      text: text.slice(this.start, this.end),
      index: this.start,
      value: this.negative ? -magnitude : magnitude,
      percent: this.end > numberEnd,
      grouped,
    };
  }

  private read(start: number): boolean {
    const text = this.text;
    let at = start;
    const firstSign = isSign(text, at) ? text.charCodeAt(at++) : 0;
    if (isCurrency(text.charCodeAt(at))) at += 1;
    const secondSign = isSign(text, at) ? text.charCodeAt(at++) : 0;
    const mantissaEnd = readMantissa(text, at);
    if (mantissaEnd === null) return false;
    this.start = start;
    this.digitsStart = at;
    this.digitsEnd = mantissaEnd;
    this.numberEnd = exponentEnd(text, mantissaEnd);
    this.end = percentEnd(text, this.numberEnd);
    this.negative = isMinus(firstSign) !== isMinus(secondSign);
    this.parsed = Number.NaN;
    return true;
  }

  /** Finite for sure when short and without exponent; else the number is parsed to find out. */
  private isFinite(): boolean {
    if (this.numberEnd === this.digitsEnd) {
      // Without an exponent, the count of integer digits decides, but at the edge of the double range.
      const digits = integerDigits(this.text, this.digitsStart, this.digitsEnd);
      if (digits <= 308) return true;
      if (digits > 309) return false;
    }
    return Number.isFinite(this.magnitude());
  }

  /** Parsed on demand, once: only the tokens kept are. */
  private magnitude(): number {
    if (Number.isNaN(this.parsed)) {
      const digits = this.text.slice(this.digitsStart, this.digitsEnd).replace(GROUP_SEPARATORS, '');
      this.parsed = Number(digits + this.text.slice(this.digitsEnd, this.numberEnd));
    }
    return this.parsed;
  }
}

/** The digits before the decimal point, leading zeros and separators aside. */
function integerDigits(text: string, start: number, end: number): number {
  let count = 0;
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x2e) break;
    if (code >= 0x31 && code <= 0x39) count += 1;
    else if (code === 0x30 && count > 0) count += 1;
  }
  return count;
}

/**
 * The grammar of a number token, read character by character (no regular expression over the text, so no
 * backtracking: each part is scanned once).
 *
 * A token is: an optional sign (`-`, `+`, `−`, or an en dash `–` used as a minus: right before the number, not
 * after a word or number, so `2008–2009` stays a range), an optional currency (`$ € £ ¥ ₹`, or an ISO code such
 * as `USD` with an optional space), an optional second sign, then digits — either 1–3 digits followed by groups
 * of a thousands separator (`,` — `.` in `de` —, U+00A0, U+202F) and three digits, or plain digits, each with an
 * optional decimal part (`.5`, `,5` in `de`), or a bare decimal part (`.5`, `en` only) —, an optional exponent
 * (`e-5`, `E2`), then either a scale word (`million`, `bn`, `k`: see number-notation.ts) or a percent suffix
 * (`%`, ` %`, ` percent`, ` per cent`). An accounting negative is the same without signs in parentheses:
 * `(1,234)`, `$(1,234)`, `(€3.4m)`, `(3.2)%`, `(3.2%)`, `(4) million`; after a minus sign (`-(1,234)`, `- (1,234)`)
 * its sign is ambiguous. A plain integer of one or two digits or a year (1800–2199) in parentheses after a figure
 * (`25,587 (1)`, `$5.2 million (2)`, `(1,234) (1)`, `(14.1%) (2)`, `25,587 (1)(2)`) or opening a line of notes
 * (`\n(1) in thousands`) is a footnote or a citation, not a negative. A token does not start right after a letter, digit,
 * `_` or `.`, and does not end right before a digit or a decimal mark + digit, so `FY2009`, `Q4` and `v1.2.3`
 * hold none. Where a grouped reading would end before a digit, the last groups are given up (`1,000,000.5.5` →
 * `1,000`), and failing that the leading digits alone are read (`1,0001` → `1`).
 */
import { currencyEnd, type NumberNotation } from './number-notation.js';

const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;
const NUMBER = /^\p{N}$/u;
const SPACE = /^\s$/u;
/**
 * 1 for the ASCII characters a number may start with: digits, `.`, `-`, `+`, `$`, `(`, and the first letters of
 * currency codes (upper case).
 */
export const START_ASCII = Uint8Array.from({ length: 0x80 }, (_, code) =>
  (code >= 0x30 && code <= 0x39) || '.-+$(ACDEGHIJNSU'.includes(String.fromCharCode(code)) ? 1 : 0,
);

/** Where the digits (and decimal part) starting at `at` end, for a token that can end there; else null. */
export function readMantissa(text: string, at: number, notation: NumberNotation): number | null {
  if (text.charCodeAt(at) === 0x2e) {
    return notation.decimal === 0x2e && isDigit(text, at + 1) ? settles(text, digitsEnd(text, at + 1), notation) : null;
  }
  if (!isDigit(text, at)) return null;
  const leadEnd = digitsEnd(text, at);
  if (leadEnd - at <= 3) {
    const grouped = readGroups(text, leadEnd, notation);
    if (grouped !== null) return grouped;
  }
  return settles(text, decimalEnd(text, leadEnd, notation), notation);
}

/** After 1–3 leading digits: the end of the longest run of `,ddd` groups a token can end with, or null. */
function readGroups(text: string, leadEnd: number, notation: NumberNotation): number | null {
  const group = notation.group;
  let previous = -1;
  let last = -1;
  // Inlined character tests: this loop may walk a whole megabyte before the code is optimised.
  for (let at = leadEnd; ; at += 4) {
    const separator = text.charCodeAt(at);
    if (separator !== group && separator !== 0xa0 && separator !== 0x202f) break;
    const first = text.charCodeAt(at + 1);
    const second = text.charCodeAt(at + 2);
    const third = text.charCodeAt(at + 3);
    // (Past the end, charCodeAt gives NaN, which fails these tests.)
    if (!(first >= 0x30 && first <= 0x39 && second >= 0x30 && second <= 0x39 && third >= 0x30 && third <= 0x39)) {
      break;
    }
    previous = last;
    last = at + 4;
  }
  if (last < 0) return null;
  const full = settles(text, decimalEnd(text, last, notation), notation);
  if (full !== null) return full;
  // Without its last group the token ends before a separator, where it always can.
  return previous < 0 ? null : previous;
}

/** `at` if a number may end there (with or without an exponent after it), else null. */
function settles(text: string, at: number, notation: NumberNotation): number | null {
  return exponentLength(text, at) > 0 || endsCleanly(text, at, notation) ? at : null;
}

/** The end of the exponent at `at` if the number may end after it, else `at`. */
export function exponentEnd(text: string, at: number, notation: NumberNotation): number {
  const length = exponentLength(text, at);
  return length > 0 && endsCleanly(text, at + length, notation) ? at + length : at;
}

function exponentLength(text: string, at: number): number {
  if (text[at] !== 'e' && text[at] !== 'E') return 0;
  const digitsAt = text[at + 1] === '-' || text[at + 1] === '+' ? at + 2 : at + 1;
  return isDigit(text, digitsAt) ? digitsEnd(text, digitsAt) - at : 0;
}

/** The end of a percent suffix after the number (`%`, ` %`, `percent`, ` per cent`), else `at`. */
export function percentEnd(text: string, at: number, notation: NumberNotation): number {
  const code = text.charCodeAt(at);
  if (code === 0x25) return at + 1;
  if (isSpace(code, text, at)) {
    const spaced = suffixEnd(text, at + 1, notation);
    if (spaced !== null) return spaced;
  }
  return suffixEnd(text, at, notation) ?? at;
}

/** `\s` of a Unicode pattern, at `at` (ASCII white space tested without a regular expression). */
function isSpace(code: number, text: string, at: number): boolean {
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return SPACE.test(text[at] ?? '');
}

function suffixEnd(text: string, at: number, notation: NumberNotation): number | null {
  const code = text.charCodeAt(at);
  if (code === 0x25) return at + 1;
  if (code !== 0x70 && code !== 0x50) return null;
  for (const word of notation.percentWords) {
    const end = at + word.length;
    if (text.slice(at, end).toLowerCase() === word && !isWordCode(text.charCodeAt(end))) return end;
  }
  return null;
}

/**
 * Whether a number may end at `at`: not before a digit of any script, nor before `.` or the decimal mark and
 * such a digit.
 */
function endsCleanly(text: string, at: number, notation: NumberNotation): boolean {
  if (isNumberAt(text, at)) return false;
  const code = text.charCodeAt(at);
  return !((code === 0x2e || code === notation.decimal) && isNumberAt(text, at + 1));
}

/**
 * Whether a token may start at `at`: a sign, currency, `(`, digit or `.`, not right after a word or a `.`.
 */
export function canStart(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  const opens = isDigit(text, at) || code === 0x2e || code === 0x28 || isSign(text, at);
  if (!opens && currencyEnd(text, at) === at) return false;
  if (at === 0) return true;
  const before = codePointBefore(text, at);
  if (before <= 0x7f) return before !== 0x2e && !isWordCode(before);
  return !LETTER_OR_NUMBER.test(String.fromCodePoint(before));
}

/** The code point that ends right before `at` (a surrogate pair read as one). */
export function codePointBefore(text: string, at: number): number {
  const low = text.charCodeAt(at - 1);
  if (low < 0xdc00 || low > 0xdfff || at < 2) return low;
  const high = text.charCodeAt(at - 2);
  return high >= 0xd800 && high <= 0xdbff ? (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000 : low;
}

function isNumberAt(text: string, at: number): boolean {
  if (isDigit(text, at)) return true;
  const point = text.codePointAt(at);
  return point !== undefined && point > 0x7f && NUMBER.test(String.fromCodePoint(point));
}

function decimalEnd(text: string, at: number, notation: NumberNotation): number {
  return text.charCodeAt(at) === notation.decimal && isDigit(text, at + 1) ? digitsEnd(text, at + 1) : at;
}

function digitsEnd(text: string, at: number): number {
  let end = at;
  for (let code = text.charCodeAt(end); code >= 0x30 && code <= 0x39; code = text.charCodeAt(end)) end += 1;
  return end;
}

function isDigit(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return code >= 0x30 && code <= 0x39;
}

/** `-`, `+`, `−` (U+2212), and `–` (en dash, U+2013) right before a digit, a currency or `(`. */
export function isSign(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code === 0x2013) {
    return isDigit(text, at + 1) || text.charCodeAt(at + 1) === 0x28 || currencyEnd(text, at + 1) > at + 1;
  }
  return code === 0x2d || code === 0x2b || code === 0x2212;
}

/** A word character as `\b` sees it in a case-insensitive Unicode pattern: `\w`, `ſ` and the Kelvin sign. */
function isWordCode(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x5f ||
    code === 0x17f ||
    code === 0x212a
  );
}

export function isMinus(sign: number): boolean {
  return sign === 0x2d || sign === 0x2212 || sign === 0x2013;
}

export function isDigitAt(text: string, at: number): boolean {
  return isDigit(text, at);
}

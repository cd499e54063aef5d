/**
 * How a locale writes numbers, for the numeric metric: its decimal mark and thousands separator, its scale
 * words (`million`, `bn`, `Mio.`) and percent words. Each reader here looks at a few characters at one place,
 * so a scan that calls them once per token stays linear in the text.
 *
 * - `en` (default): `1,234.5`; scales `thousand`, `million`, `billion`, `trillion` (any case; a space before them
 *   or none) and `bn`, `mn`, `tn` (likewise), and glued right after the number only: `k`/`K` (10³), `m`/`M`/`MM`
 *   (10⁶), `B` (10⁹), `T` (10¹²).
 * - `de`: `1.234,5`; scales `Tsd.`, `Tausend`, `Mio.`, `Million(en)`, `Mrd.`, `Milliarde(n)`, `Bio.`,
 *   `Billion(en)` (German Billion = 10¹²) and glued `k`; percent also as `Prozent`.
 * Both accept no-break and narrow no-break spaces as thousands separators.
 */

import type { NumberLocale } from '../core/config-types.js';

export type { NumberLocale };

interface Scale {
  readonly word: string;
  readonly factor: number;
  /** Matched in any case (else exactly as written). */
  readonly anyCase: boolean;
  /** May stand after a space (else only right after the number). */
  readonly spaced: boolean;
  /** Written with an abbreviation dot, which the token then includes when present. */
  readonly dotted?: boolean;
}

export interface NumberNotation {
  readonly locale: NumberLocale;
  /** Character code of the decimal mark: `.` or `,`. */
  readonly decimal: number;
  /** Character code of the thousands separator besides U+00A0 and U+202F: `,` or `.`. */
  readonly group: number;
  /** Longest first, so that `MM` is tried before `M`, `Millionen` before `Million`. */
  readonly scales: readonly Scale[];
  readonly percentWords: readonly string[];
}

const word = (text: string, factor: number): Scale => ({ word: text, factor, anyCase: true, spaced: true });
const glued = (text: string, factor: number): Scale => ({ word: text, factor, anyCase: false, spaced: false });
const abbreviation = (text: string, factor: number): Scale => ({ ...word(text, factor), dotted: true });
const longestFirst = (scales: Scale[]) => scales.sort((a, b) => b.word.length - a.word.length);

const EN: NumberNotation = {
  locale: 'en',
  decimal: 0x2e,
  group: 0x2c,
  scales: longestFirst([
    word('thousand', 1e3),
    word('million', 1e6),
    word('billion', 1e9),
    word('trillion', 1e12),
    word('bn', 1e9),
    word('mn', 1e6),
    word('tn', 1e12),
    glued('k', 1e3),
    glued('K', 1e3),
    glued('m', 1e6),
    glued('M', 1e6),
    glued('MM', 1e6),
    glued('B', 1e9),
    glued('T', 1e12),
  ]),
  percentWords: ['percent', 'per cent'],
};

const DE: NumberNotation = {
  locale: 'de',
  decimal: 0x2c,
  group: 0x2e,
  scales: longestFirst([
    abbreviation('Tsd', 1e3),
    word('Tausend', 1e3),
    abbreviation('Mio', 1e6),
    word('Millionen', 1e6),
    word('Million', 1e6),
    abbreviation('Mrd', 1e9),
    word('Milliarden', 1e9),
    word('Milliarde', 1e9),
    abbreviation('Bio', 1e12),
    word('Billionen', 1e12),
    word('Billion', 1e12),
    glued('k', 1e3),
  ]),
  percentWords: ['percent', 'per cent', 'prozent'],
};

export function numberNotation(locale: NumberLocale = 'en'): NumberNotation {
  return locale === 'de' ? DE : EN;
}

export const EN_NOTATION = EN;

/** ISO 4217 codes read as a currency before a number (`USD 3,400`, `EUR3.4m`), upper case only. */
const CURRENCY_CODES = new Set([
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CHF',
  'CAD',
  'AUD',
  'CNY',
  'HKD',
  'INR',
  'SEK',
  'NOK',
  'DKK',
  'NZD',
  'SGD',
]);

/** `$ € £ ¥ ₹` */
export function isCurrencySign(code: number): boolean {
  return code === 0x24 || code === 0x20ac || code === 0xa3 || code === 0xa5 || code === 0x20b9;
}

/** The end of a currency at `at`: a sign, or a code with an optional space after it; else `at`. */
export function currencyEnd(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (isCurrencySign(code)) return at + 1;
  if (code < 0x41 || code > 0x5a || !CURRENCY_CODES.has(text.slice(at, at + 3))) return at;
  const after = text.charCodeAt(at + 3);
  if (after === 0x20 || after === 0xa0) return at + 4;
  return isAsciiLetter(after) ? at : at + 3;
}

/** A scale word at `at` (after an optional space where the word allows one), not run into a word. */
export function readScale(text: string, at: number, notation: NumberNotation): { end: number; factor: number } | null {
  const code = text.charCodeAt(at);
  const spacedAt = code === 0x20 || code === 0xa0 ? at + 1 : -1;
  // Most numbers have no scale: one look at the next letter settles that without building any string.
  if (!firstLetters(notation).has(text.charCodeAt(spacedAt >= 0 ? spacedAt : at))) return null;
  for (const scale of notation.scales) {
    const start = spacedAt >= 0 ? spacedAt : at;
    if (spacedAt >= 0 && !scale.spaced) continue;
    const piece = text.slice(start, start + scale.word.length);
    const same = scale.anyCase ? piece.toLowerCase() === scale.word.toLowerCase() : piece === scale.word;
    if (!same) continue;
    let end = start + scale.word.length;
    if (isWordAt(text, end)) continue;
    if (scale.dotted === true && text.charCodeAt(end) === 0x2e) end += 1;
    return { end, factor: scale.factor };
  }
  return null;
}

const FIRST_LETTERS = new WeakMap<NumberNotation, ReadonlySet<number>>();

/** The character codes a scale word of the notation can start with (both cases where case does not matter). */
function firstLetters(notation: NumberNotation): ReadonlySet<number> {
  let letters = FIRST_LETTERS.get(notation);
  if (letters === undefined) {
    const firsts = notation.scales.flatMap((scale) =>
      scale.anyCase ? [scale.word[0]?.toLowerCase(), scale.word[0]?.toUpperCase()] : [scale.word[0]],
    );
    letters = new Set(firsts.map((letter) => (letter ?? '').charCodeAt(0)));
    FIRST_LETTERS.set(notation, letters);
  }
  return letters;
}

/**
 * A letter, digit or `_` at `at` (of any script), which a scale word must not run into; a superscript digit is a
 * footnote mark, which it may (`$5.2 million¹`).
 */
function isWordAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (Number.isNaN(code)) return false;
  if (code < 0x80) return isAsciiLetter(code) || (code >= 0x30 && code <= 0x39) || code === 0x5f;
  if (isSuperscriptDigit(code)) return false;
  return /^[\p{L}\p{N}]$/u.test(String.fromCodePoint(text.codePointAt(at) ?? code));
}

/** `¹ ² ³ ⁰ ⁴ … ⁹` */
function isSuperscriptDigit(code: number): boolean {
  return code === 0xb9 || code === 0xb2 || code === 0xb3 || code === 0x2070 || (code >= 0x2074 && code <= 0x2079);
}

function isAsciiLetter(code: number): boolean {
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x7a;
}

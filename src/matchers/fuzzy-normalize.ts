/** The fuzzy matcher's normalisation and number reading (PRODUCT.md §4). */

/**
 * Thousands separators removed by fuzzy matching: a comma, underscore, no-break space or narrow no-break space
 * between a digit and a group of exactly three digits (`206,588`, `1_000_000`). Any other comma is kept:
 * `[1, 2]` is not `[12]`, nor `a,b` `ab`, nor `2008,2009` `20082009`.
 */
const THOUSANDS_SEPARATORS = /(?<=\d)[,_\u00a0\u202f](?=\d{3}(?!\d))/g;
const WHITESPACE_RUN = /\s+/g;
/**
 * A decimal number as the fuzzy matcher reads it, in normalised text: an optional sign (`+`, `-` or U+2212),
 * an optional currency sign, an optional exponent and an optional trailing `%`; a space may follow the sign and
 * the currency (`- 5`, `$ 15`), and the sign may come after the currency (`$-12`), but only one sign.
 */
const NUMBER_TEXT = /^([+\-\u2212])? ?(?:([$€£¥₹]) ?)?([+\-\u2212])?((?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)( ?%)?$/u;
/** An accounting negative: a number without a sign in parentheses, `(240)`, `( $ 1234.5 )`. */
const PARENTHESISED = /^\( ?(.*?) ?\)$/su;

/** A number read from fuzzy text, with the currency sign written before it (null when none was). */
export interface FuzzyNumber {
  readonly value: number;
  readonly currency: string | null;
}

/** Trim, lower-case, drop thousands separators, collapse runs of white space (in that order). */
export function normalizeFuzzy(rendered: string): string {
  return rendered.trim().toLowerCase().replace(THOUSANDS_SEPARATORS, '').replace(WHITESPACE_RUN, ' ');
}

/**
 * The number a normalised fuzzy text denotes, or null when it is not one: `15`, `$ 15`, `-$15`, `13.4%` (a
 * trailing `%` divides by 100), `(240)` (an accounting negative, -240), `−3` (U+2212 minus).
 */
export function readFuzzyNumber(normalized: string): FuzzyNumber | null {
  const parenthesised = PARENTHESISED.exec(normalized);
  if (parenthesised === null) return readSigned(normalized, true);
  const inner = readSigned(parenthesised[1] ?? '', false);
  return inner === null ? null : { value: -inner.value, currency: inner.currency };
}

/** The number a normalised fuzzy text denotes (see readFuzzyNumber), without its currency. */
export function parseFuzzyNumber(normalized: string): number | null {
  return readFuzzyNumber(normalized)?.value ?? null;
}

function readSigned(text: string, signAllowed: boolean): FuzzyNumber | null {
  const match = NUMBER_TEXT.exec(text);
  if (!match?.[4]) return null;
  const [, before, currency, after, digits, percent] = match;
  const sign = before ?? after;
  if ((before !== undefined && after !== undefined) || (sign !== undefined && !signAllowed)) return null;
  const magnitude = Number(digits);
  if (!Number.isFinite(magnitude)) return null;
  const value = percent === undefined ? magnitude : magnitude / 100;
  return { value: sign === '-' || sign === '\u2212' ? -value : value, currency: currency ?? null };
}

/** Tolerance for fuzzy numeric equality. */
export const FUZZY_NUMBER_TOLERANCE = 1e-9;

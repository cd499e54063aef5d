/** The fuzzy matcher's normalisation and number reading (PRODUCT.md §4). */

/**
 * Thousands separators removed by fuzzy matching: a comma, underscore, no-break space or narrow no-break space
 * between a digit and a group of exactly three digits (`206,588`, `1_000_000`). Any other comma is kept:
 * `[1, 2]` is not `[12]`, nor `a,b` `ab`, nor `2008,2009` `20082009`.
 */
const THOUSANDS_SEPARATORS = /(?<=\d)[,_\u00a0\u202f](?=\d{3}(?!\d))/g;
const WHITESPACE_RUN = /\s+/g;
/** A plain decimal number, optionally signed, with an optional exponent and an optional trailing `%`. */
const NUMBER_TEXT = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)(\s?%)?$/;

/** Trim, lower-case, drop thousands separators, collapse runs of white space (in that order). */
export function normalizeFuzzy(rendered: string): string {
  return rendered.trim().toLowerCase().replace(THOUSANDS_SEPARATORS, '').replace(WHITESPACE_RUN, ' ');
}

/** The number a normalised fuzzy text denotes (a trailing `%` divides by 100), or null when it is not one. */
export function parseFuzzyNumber(normalized: string): number | null {
  const match = NUMBER_TEXT.exec(normalized);
  if (!match?.[1]) return null;
  const value = Number(match[1]);
  if (!Number.isFinite(value)) return null;
  return match[2] === undefined ? value : value / 100;
}

/** Tolerance for fuzzy numeric equality. */
export const FUZZY_NUMBER_TOLERANCE = 1e-9;

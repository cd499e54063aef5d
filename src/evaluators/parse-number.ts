/**
 * Reading numbers written in text, for the `numeric` evaluator.
 *
 * A number token is: an optional sign (`-`, `+`, `−`, an en dash used as a minus), an optional currency (`$ € £
 * ¥ ₹`, `USD `, before or after the sign), digits with an optional decimal part (`25587`, `25587.0`, `.5`) or
 * digits grouped by thousands separators (`25,587`, `1 234 567` with no-break or narrow no-break spaces), an
 * optional exponent (`1.2e-5`), then a scale word (`$1.2 million`, `1.2bn`, `3.4k`) or a percent suffix (`%`,
 * ` %`, ` percent`); `(1,234)` and `(14.1%)` are accounting negatives, while `-(1,234)` is refused (a sign written
 * twice, or a double negative). Digits glued to a letter or inside a dotted sequence (`FY2009`, `Q4`, `v1.2.3`)
 * are not numbers. Grouped and percent tokens are always recognised as such, so that
 * options can reject them instead of reading `25,587` as `25` and `587`. The `de` locale reads `1.234,5`
 * (number-notation.ts); in `en`, `14,14` is two numbers.
 */
import { findNumberTokens, type NumberToken, numberTokenAt } from './find-number-tokens.js';
import { EN_NOTATION, type NumberLocale, type NumberNotation, numberNotation } from './number-notation.js';

export { findNumberTokens, type NumberToken };

export interface NumberFormatOptions {
  readonly accept_percent: boolean;
  readonly accept_thousands_separators: boolean;
  /** How the agent writes numbers (default `en`). */
  readonly locale?: NumberLocale;
}

export function notationOf(options: Pick<NumberFormatOptions, 'locale'>): NumberNotation {
  return numberNotation(options.locale ?? 'en');
}

export type TokenCheck =
  | { readonly ok: true; readonly token: NumberToken }
  | { readonly ok: false; readonly reason: string };

/** Decoration allowed around a number that stands alone: markdown emphasis, code ticks, a final period. */
const LEADING_DECORATION = /[\s*_`]/;
const TRAILING_DECORATION = /[\s*_`.]/;

/**
 * The text as one number (a ground truth, or a response that is only a number): the whole text, apart from
 * surrounding white space, markdown emphasis and a final period, must be a single token. Null otherwise.
 */
export function parseStandaloneNumber(text: string, notation: NumberNotation = EN_NOTATION): NumberToken | null {
  const core = stripDecoration(text);
  const token = numberTokenAt(core, 0, notation, true);
  return token !== null && token.text.length === core.length ? token : null;
}

/** Whether the options allow the token's notation; the reason names the option that would allow it. */
export function checkToken(token: NumberToken, options: NumberFormatOptions): TokenCheck {
  if (token.ambiguousSign) {
    return {
      ok: false,
      reason: `"${token.text.trim()}" has both a minus sign and accounting parentheses: it may mean a negative or a double negative (a positive), so it is not read; write the sign once`,
    };
  }
  if (token.grouped && !options.accept_thousands_separators) {
    return {
      ok: false,
      reason: `"${token.text.trim()}" uses thousands separators (set accept_thousands_separators: true to accept it)`,
    };
  }
  if (token.percent && !options.accept_percent) {
    return { ok: false, reason: `"${token.text.trim()}" is a percentage (set accept_percent: true to accept it)` };
  }
  return { ok: true, token };
}

/** The text without leading and trailing decoration, found character by character (no backtracking). */
function stripDecoration(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && LEADING_DECORATION.test(text[start]!)) start += 1;
  while (end > start && TRAILING_DECORATION.test(text[end - 1]!)) end -= 1;
  return text.slice(start, end);
}

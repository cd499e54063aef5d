/**
 * Reading numbers written in text, for the `numeric` evaluator.
 *
 * A number token is: an optional sign (`-`, `+`, `−`), an optional currency sign (`$ € £ ¥`, before or after the
 * sign), digits with an optional decimal part (`25587`, `25587.0`, `.5`) or digits grouped by thousands
 * separators (`25,587`, `1 234 567` with no-break or narrow no-break spaces), an optional exponent (`1.2e-5`)
 * and an optional percent suffix (`%`, ` %`, ` percent`). Digits glued to a letter or inside a dotted sequence
 * (`FY2009`, `Q4`, `v1.2.3`) are not numbers. Grouped and percent tokens are always recognised as such, so that
 * options can reject them instead of reading `25,587` as `25` and `587`. Scale words (`million`), decimal commas
 * (`14,14`) and accounting negatives (`(1,234)`) are not interpreted.
 */

export interface NumberFormatOptions {
  readonly accept_percent: boolean;
  readonly accept_thousands_separators: boolean;
}

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

export type TokenCheck =
  | { readonly ok: true; readonly token: NumberToken }
  | { readonly ok: false; readonly reason: string };

const NUMBER_TOKEN =
  /(?<![\p{L}\p{N}_.])([-+\u2212]?)[$€£¥]?([-+\u2212]?)(\d{1,3}(?:[,\u00a0\u202f]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(e[-+]?\d+)?(?!\.?\p{N})(\s?(?:%|percent\b|per cent\b))?/giu;
const GROUP_SEPARATORS = /[,\u00a0\u202f]/g;
const HAS_GROUP_SEPARATOR = /[,\u00a0\u202f]/;
/** Decoration allowed around a number that stands alone: markdown emphasis, code ticks, a final period. */
const DECORATION = /^[\s*_`]+|[\s*_`.]+$/g;

/** Every number token of the text, in order of appearance. */
export function findNumberTokens(text: string): NumberToken[] {
  const tokens: NumberToken[] = [];
  for (const match of text.matchAll(NUMBER_TOKEN)) {
    const digits = match[3] ?? '';
    const negative = isMinus(match[1]) !== isMinus(match[2]);
    const value = Number(digits.replace(GROUP_SEPARATORS, '') + (match[4] ?? ''));
    if (!Number.isFinite(value)) continue;
    tokens.push({
      text: match[0],
      index: match.index,
      value: negative ? -value : value,
      percent: match[5] !== undefined,
      grouped: HAS_GROUP_SEPARATOR.test(digits),
    });
  }
  return tokens;
}

/**
 * The text as one number (a ground truth, or a response that is only a number): the whole text, apart from
 * surrounding white space, markdown emphasis and a final period, must be a single token. Null otherwise.
 */
export function parseStandaloneNumber(text: string): NumberToken | null {
  const core = text.replace(DECORATION, '');
  const tokens = findNumberTokens(core);
  const [only] = tokens;
  if (tokens.length !== 1 || !only || only.index !== 0 || only.text.trimEnd().length !== core.length) return null;
  return only;
}

/** Whether the options allow the token's notation; the reason names the option that would allow it. */
export function checkToken(token: NumberToken, options: NumberFormatOptions): TokenCheck {
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

function isMinus(sign: string | undefined): boolean {
  return sign === '-' || sign === '\u2212';
}

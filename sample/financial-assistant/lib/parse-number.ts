/**
 * Lenient number parsing for values a model passes to the tools: `206588`, `"206,588"`, `"$ 1,234.5"`,
 * `"(240)"` (accounting negative), `"−3"` (Unicode minus), `"13.4%"` (= 0.134). It reads the forms holodeck's
 * `fuzzy` argument matcher reads as the same number, so a call the tools accept also satisfies the
 * `expected_tools` assertions the converter writes (`{ fuzzy: "1234.5" }`).
 */

/** `[sign] [$] [sign] digits [%]`: one sign at most, before or after the dollar sign; a space may follow each. */
const NUMBER = /^([+-])? ?(?:\$ ?)?([+-])?((?:\d[\d,]*(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)( ?%)?$/i;
/** Commas must group thousands from the left: `1,234,567.25`, not `1,5` or `12,34,567`. */
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;
/** An underscore, no-break space or narrow no-break space between a digit and a group of exactly three digits. */
const SEPARATORS = /(?<=\d)[_\u00a0\u202f](?=\d{3}(?!\d))/g;
/** An accounting negative: a number without a sign in parentheses. */
const PARENTHESISED = /^\( ?(.*?) ?\)$/s;

/** Parses a number, or returns null when the value is not one. */
export function parseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  return parseNumericText(value);
}

function parseNumericText(raw: string): number | null {
  let text = raw
    .trim()
    .replace(/\u2212/g, '-')
    .replace(SEPARATORS, '')
    .replace(/\s+/g, ' ');
  const parenthesised = PARENTHESISED.exec(text);
  if (parenthesised !== null) text = parenthesised[1] ?? '';
  const match = NUMBER.exec(text);
  if (match === null) return null;
  const [, before, after, body = '', percent] = match;
  const sign = before ?? after;
  if ((before !== undefined && after !== undefined) || (sign !== undefined && parenthesised !== null)) return null;
  let digits = body;
  if (digits.includes(',')) {
    if (!GROUPED.test(digits)) return null;
    digits = digits.replace(/,/g, '');
  }
  // Shifting the exponent keeps percent conversion exact: "13.4%" becomes 13.4e-2, i.e. exactly 0.134.
  let parsed = Number(digits);
  if (percent !== undefined) parsed = /e/i.test(digits) ? parsed / 100 : Number(`${digits}e-2`);
  if (!Number.isFinite(parsed)) return null;
  return sign === '-' || parenthesised !== null ? -parsed : parsed;
}

/** Parses a number or throws an error naming the argument, for tool arguments. */
export function requireNumber(value: unknown, name: string): number {
  const parsed = parseNumber(value);
  if (parsed === null) {
    const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
    throw new Error(`argument "${name}" must be a number (e.g. 1234.5, "1,234.5", "$ 12", "13.4%"), got ${shown}`);
  }
  return parsed;
}

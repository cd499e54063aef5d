/**
 * Lenient number parsing for values a model passes to the tools: `206588`, `"206,588"`, `"$ 1,234.5"`,
 * `"(240)"` (accounting negative), `"−3"` (Unicode minus), `"13.4%"` (= 0.134).
 */

const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
const GROUPED_INTEGER = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;
const SPACE_SEPARATORS = /[\s\u00a0\u202f_]/g;

/** Parses a number, or returns null when the value is not one. */
export function parseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  return parseNumericText(value);
}

function parseNumericText(raw: string): number | null {
  let text = raw.trim().replace(/\u2212/g, '-');
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1).trim();
  } else if (text.startsWith('+')) {
    text = text.slice(1).trim();
  }
  text = text.replace(/^\$/, '').replace(SPACE_SEPARATORS, '');
  const percent = text.endsWith('%');
  if (percent) text = text.slice(0, -1);
  if (text.includes(',')) {
    if (!GROUPED_INTEGER.test(text)) return null;
    text = text.replace(/,/g, '');
  }
  if (!PLAIN_NUMBER.test(text)) return null;
  // Shifting the exponent keeps percent conversion exact: "13.4%" becomes 13.4e-2, i.e. exactly 0.134.
  let parsed = Number(text);
  if (percent) parsed = /e/i.test(text) ? parsed / 100 : Number(`${text}e-2`);
  if (!Number.isFinite(parsed)) return null;
  return negative ? -parsed : parsed;
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

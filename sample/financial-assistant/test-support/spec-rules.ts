/**
 * The comparison rules of PRODUCT.md that the sample's configuration relies on, restated for the tests
 * that check the oracle against the converted cases: the `numeric` metric and the `fuzzy` argument matcher.
 */

export interface NumericOptions {
  readonly absolute_tolerance: number;
  readonly relative_tolerance: number;
  readonly accept_percent: boolean;
  readonly accept_thousands_separators: boolean;
}

function toNumber(text: string, options: NumericOptions): number | null {
  let value = text.trim();
  if (options.accept_thousands_separators) value = value.replace(/[,_\u00a0\u202f]/g, '');
  let scale = 1;
  if (options.accept_percent && value.endsWith('%')) {
    value = value.slice(0, -1).trim();
    scale = 0.01;
  }
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i.test(value)) return null;
  return Number(value) * scale;
}

/** pass iff |actual - expected| <= absolute_tolerance or <= relative_tolerance * |expected|. */
export function numericPasses(response: string, groundTruth: string, options: NumericOptions): boolean {
  const actual = toNumber(response, options);
  const expected = toNumber(groundTruth, options);
  if (actual === null || expected === null) return false;
  const difference = Math.abs(actual - expected);
  return difference <= options.absolute_tolerance || difference <= options.relative_tolerance * Math.abs(expected);
}

function render(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return JSON.stringify(value);
}

function normalise(value: unknown): string {
  return render(value)
    .trim()
    .toLowerCase()
    .replace(/[,_\u00a0\u202f]/g, '')
    .replace(/\s+/g, ' ');
}

function fuzzyNumber(text: string): number | null {
  const percent = text.endsWith('%');
  const body = percent ? text.slice(0, -1).trim() : text;
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i.test(body)) return null;
  return percent ? Number(body) / 100 : Number(body);
}

/** The `fuzzy` matcher: normalised text, compared as numbers within 1e-9 when both sides are numbers. */
export function fuzzyMatches(expected: string, actual: unknown): boolean {
  const left = normalise(expected);
  const right = normalise(actual);
  const a = fuzzyNumber(left);
  const b = fuzzyNumber(right);
  if (a !== null && b !== null) return Math.abs(a - b) <= 1e-9;
  return left === right;
}

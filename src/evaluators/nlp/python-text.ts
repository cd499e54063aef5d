/**
 * Text primitives with Python's semantics. The reference metric implementations are Python code, so
 * "whitespace" below is exactly the set for which Python's `str.isspace()` is true (which is also what
 * `str.split()`, `str.rstrip()` and the `re` class `\s` use). It differs from JavaScript's `\s`: Python
 * adds U+001C..U+001F and U+0085, and leaves out U+FEFF.
 */
const PYTHON_WHITESPACE =
  '\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

const WHITESPACE_RUN = new RegExp(`[${PYTHON_WHITESPACE}]+`);
const WHITESPACE_CHAR = new RegExp(`^[${PYTHON_WHITESPACE}]$`);
const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/** Python's `text.split()` with no argument: split on runs of whitespace, never yielding empty strings. */
export function pythonSplit(text: string): string[] {
  return text.split(WHITESPACE_RUN).filter((part) => part.length > 0);
}

/** Python's `text.rstrip()` with no argument. */
export function pythonRstrip(text: string): string {
  let end = text.length;
  while (end > 0 && WHITESPACE_CHAR.test(text.charAt(end - 1))) end -= 1;
  return text.slice(0, end);
}

/** Number of Unicode code points, as Python's `len()` counts a string. */
export function codePointLength(text: string): number {
  const pairs = text.match(SURROGATE_PAIR);
  return text.length - (pairs === null ? 0 : pairs.length);
}

/**
 * Runs `transform` with Python's view of `text` as a sequence of code points: each astral code point is
 * swapped for a distinct private-use character absent from the text, so that every code point is one
 * UTF-16 unit, and swapped back in the result. Valid for transforms that only compare characters with
 * each other or with ASCII, and that insert only ASCII.
 */
export function withOneUnitPerCodePoint(text: string, transform: (bmpText: string) => string): string {
  if (!/[\uD800-\uDFFF]/.test(text)) return transform(text);
  const substitutes = new Map<string, string>();
  const originals = new Map<string, string>();
  let next = 0xe000;
  let mapped = '';
  for (const char of text) {
    let substitute = char.length === 1 ? char : substitutes.get(char);
    if (substitute === undefined) {
      do substitute = String.fromCharCode(next++);
      while (text.includes(substitute));
      substitutes.set(char, substitute);
      originals.set(substitute, char);
    }
    mapped += substitute;
  }
  return Array.from(transform(mapped), (char) => originals.get(char) ?? char).join('');
}

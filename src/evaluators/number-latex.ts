/**
 * LaTeX as models write answers in it, for the numeric metric: `\%` and `\$` are the signs `%` and `$`, and
 * `\boxed{…}` marks the final answer (the last one wins).
 */
import { type NumberToken, NumberTokenCursor } from './find-number-tokens.js';
import type { NumberNotation } from './number-notation.js';

/** `\%` and `\$` (LaTeX escapes) as ` %` and ` $`: one character for one, so every offset stays where it was. */
export function plainLatexSigns(text: string): string {
  return text.includes('\\') ? text.replace(/\\([%$])/g, ' $1') : text;
}

const BOXED = '\\boxed{';

/**
 * The content of the last closed `\boxed{…}` of the text, its braces balanced (`\boxed{\frac{1}{2}}`), with the
 * offset where it starts; null when there is none.
 */
export function lastBoxed(text: string): { readonly content: string; readonly index: number } | null {
  const at = text.lastIndexOf(BOXED);
  if (at < 0) return null;
  const start = at + BOXED.length;
  let depth = 1;
  for (let end = start; end < text.length; end++) {
    const code = text.charCodeAt(end);
    if (code === 0x7b) depth += 1;
    else if (code === 0x7d && --depth === 0) return { content: text.slice(start, end), index: start };
  }
  return null;
}

/**
 * A boxed answer's content as plain text: LaTeX's grouped comma `{,}` as `,`, `\text{…}` and `\mathrm{…}` as
 * their words, thin spaces (`\,`, `\!`, `~`) as nothing, runs of white space as one space.
 */
export function plainBoxedContent(content: string): string {
  return content
    .replace(/\{,\}/g, ',')
    .replace(/\\(?:text|mathrm)\{([^{}]*)\}/g, ' $1')
    .replace(/\\[,!;]|~/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The one number of a boxed answer's plain content that also holds words (`102.5 million shares`, `25.9 %
 * increase`, `-13.4 % (decrease)`) or a label (`Change = -932`), else null: the content must hold exactly one
 * number, and nothing but letters, white space, parentheses and a label's `=` or `:` besides it.
 */
export function wordedBoxedNumber(plain: string, notation: NumberNotation): NumberToken | null {
  const cursor = new NumberTokenCursor(plain, 0, plain.length, false, notation, true);
  if (!cursor.next()) return null;
  const token = cursor.token();
  const start = cursor.start;
  const end = cursor.end;
  if (cursor.next()) return null;
  const label = plain.slice(0, start);
  const words = plain.slice(end);
  if (!/^(?:[\p{L}\s]*[=:])?\s*$/u.test(label)) return null;
  return /^[\p{L}\s()]*$/u.test(words) ? token : null;
}

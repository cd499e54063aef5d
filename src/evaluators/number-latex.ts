/**
 * LaTeX as models write answers in it, for the numeric metric: `\%` and `\$` are the signs `%` and `$`, and
 * `\boxed{…}` marks the final answer (the last one wins).
 */

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

/**
 * A key indented less than the key above it, in the same list item or mapping (`- input: q` then
 * ` ground_truth: a` one space short): YAML refuses it in its own words ("sequence item without - indicator",
 * "all mapping items must start at the same column"). Found as the file shows it, to say which key to line up.
 */

/** The parser's words for a line that starts left of the keys it continues. */
const SHALLOWER_LINE = /Sequence item without - indicator|All mapping items must start at the same column/;

export interface ShallowerKey {
  readonly key: string;
  /** Offset of the key in the text. */
  readonly offset: number;
  /** The key above it, and its column counted from 0 (the characters before it). */
  readonly above: string;
  readonly above_column: number;
}

/** `  - name: x` or `    input: q`: the column of the key (past any `- `) and the key. */
const KEY_LINE = /^( *)((?:- +)*)([\w$-]+):(?:\s|$)/;

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/**
 * The key on the line of a parser error at `offset` and the key above it that it falls short of, or null when
 * the error is of another kind or the lines do not show that shape.
 */
export function shallowerKey(message: string, text: string, offset: number): ShallowerKey | null {
  if (!SHALLOWER_LINE.test(message)) return null;
  const start = lineStartOf(text, offset);
  const end = text.indexOf('\n', start);
  const here = /^( *)([\w$-]+):(?:\s|$)/.exec(text.slice(start, end === -1 ? text.length : end));
  if (here === null) return null;
  const indent = (here[1] as string).length;
  const found = (above: string, column: number): ShallowerKey => ({
    key: here[2] as string,
    offset: start + indent,
    above,
    above_column: column,
  });
  // The leftmost key among the deeper lines above (a sibling of the mapping this key falls short of), unless
  // the line that ends them is a list item whose first key lies right of this one.
  let deeper: { readonly key: string; readonly column: number } | null = null;
  let lineEnd = start - 1;
  while (lineEnd > 0) {
    const lineStart = lineStartOf(text, lineEnd);
    const line = text.slice(lineStart, lineEnd);
    lineEnd = lineStart - 1;
    const content = line.search(/\S/);
    if (content === -1 || line[content] === '#') continue;
    const key = KEY_LINE.exec(line);
    const column = key === null ? -1 : (key[1] as string).length + (key[2] as string).length;
    if (content <= indent) {
      if (key !== null && column > indent) return found(key[3] as string, column);
      break;
    }
    if (key !== null && (deeper === null || column < deeper.column)) deeper = { key: key[3] as string, column };
  }
  return deeper === null ? null : found(deeper.key, deeper.column);
}

/** The message and hint of a shallower key, as the file shows it. */
export function shallowerKeyText(found: ShallowerKey): { readonly message: string; readonly hint: string } {
  return {
    message: `\`${found.key}\` is indented less than \`${found.above}\` above it: keys of one mapping line up`,
    hint: `line \`${found.key}:\` up with \`${found.above}:\` (${found.above_column} characters in)`,
  };
}

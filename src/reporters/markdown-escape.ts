/**
 * Making untrusted text (agent output, tool results, names) inert inside Markdown: HTML is entity-encoded,
 * Markdown punctuation backslash-escaped, and verbatim blocks fenced longer than any backtick run inside.
 */
import { escapeControlChars } from './safe-text.js';

/**
 * The line and paragraph separators (U+2028, U+2029): JavaScript renderers take them for line ends, so a table
 * row holding one is no row. Spelled out as the display controls are (`\u2028`).
 */
const LINE_SEPARATORS = /[\u2028\u2029]/g;

/** Text with its display controls (core/display-controls.ts) and line separators spelled out. */
function shownText(text: string): string {
  return escapeControlChars(text).replace(LINE_SEPARATORS, (ch) => `\\u${ch.charCodeAt(0).toString(16)}`);
}

const HTML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Text that renders literally in the middle of a line or in a table cell: HTML and entities are encoded,
 * inline Markdown (emphasis, code, links, strikethrough, cell separators, heading closers) escaped, line breaks become
 * `<br>` so no block construct (heading, list, fence) can start. Callers never put it at a line start.
 */
export function mdInline(text: string): string {
  return shownText(text)
    .replace(/[&<>]/g, (ch) => HTML_ENTITIES[ch] ?? ch)
    .replace(/[\\`*_[\]|~#]/g, (ch) => `\\${ch}`)
    .replace(/\n/g, '<br>');
}

/** A fenced block shown verbatim: no Markdown or HTML inside it is interpreted. */
export function mdCodeBlock(text: string, info = 'text'): string {
  const body = shownText(text);
  const fence = '`'.repeat(Math.max(3, longestRun(body, '`') + 1));
  return `${fence}${info}\n${body}\n${fence}`;
}

/** An inline code span, on one line, with delimiters longer than any backtick run inside. */
export function mdCodeSpan(text: string): string {
  const body = shownText(text).replace(/\n/g, ' ⏎ ');
  if (body === '') return '` `';
  const ticks = '`'.repeat(longestRun(body, '`') + 1);
  const pad = body.startsWith('`') || body.endsWith('`') || body.startsWith(' ') ? ' ' : '';
  return `${ticks}${pad}${body}${pad}${ticks}`;
}

/** A table row; `|` inside cells is escaped even where the cell holds a code span. */
export function mdRow(cells: readonly string[]): string {
  return `| ${cells.map((cell) => cell.replace(/(?<!\\)\|/g, '\\|')).join(' | ')} |`;
}

function longestRun(text: string, ch: string): number {
  let longest = 0;
  let current = 0;
  for (const c of text) {
    current = c === ch ? current + 1 : 0;
    longest = Math.max(longest, current);
  }
  return longest;
}

/**
 * Text helpers for untrusted agent output shown in reports. Every helper that shortens text looks only at
 * the part it keeps (plus a count), so a response of hundreds of megabytes costs no more than a short one.
 */
import { escapeControlChars } from '../core/display-controls.js';

export { escapeControlChars };

/**
 * The index in `text` just after its first `max` characters (code points), or -1 when the text holds no
 * more than `max` characters. Never splits a surrogate pair.
 */
export function cutIndex(text: string, max: number): number {
  if (text.length <= max) return -1;
  let index = 0;
  for (let kept = 0; kept < max && index < text.length; kept += 1) {
    index += isPairAt(text, index) ? 2 : 1;
  }
  return index >= text.length ? -1 : index;
}

/** The number of characters (code points) of `text`. */
export function countChars(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; count += 1) index += isPairAt(text, index) ? 2 : 1;
  return count;
}

/** The note that ends a cut text: `… [truncated: 1,234,567 characters in total]`. */
export function truncationNote(totalChars: number): string {
  return `… [truncated: ${totalChars.toLocaleString('en-US')} characters in total]`;
}

/** Cuts text longer than `max` characters and says how long it was. */
export function truncateText(text: string, max: number): string {
  const cut = cutIndex(text, max);
  return cut < 0 ? text : `${text.slice(0, cut)}${truncationNote(countChars(text))}`;
}

/** How much of a test case's name a console line shows. */
export const NAME_WIDTH = 200;

/** A test case's (or agent's) name on one console line: controls escaped, newlines shown as `⏎`, cut. */
export function consoleName(name: string): string {
  return oneLine(escapeControlChars(name), NAME_WIDTH);
}

/** One line: newlines shown as `⏎`, runs of spaces kept, cut to `max` characters with an ellipsis. */
export function oneLine(text: string, max: number): string {
  return flatten(text, max).line;
}

/** Like oneLine; when the text had to be cut, a note of its full length follows the ellipsis. */
export function oneLineNoted(text: string, max: number): string {
  const { line, cut } = flatten(text, max);
  return cut ? `${line} [truncated: ${countChars(text).toLocaleString('en-US')} characters in total]` : line;
}

function flatten(text: string, max: number): { readonly line: string; readonly cut: boolean } {
  // Flattening only lengthens text, so the first max + 1 characters decide everything shown.
  const head = cutIndex(text, max + 1);
  const flat = (head < 0 ? text : text.slice(0, head)).replace(/\r?\n/g, ' ⏎ ');
  if (cutIndex(flat, max) < 0) return { line: flat, cut: false };
  return { line: `${flat.slice(0, cutIndex(flat, Math.max(0, max - 1)))}…`, cut: true };
}

function isPairAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code < 0xd800 || code > 0xdbff || index + 1 >= text.length) return false;
  const next = text.charCodeAt(index + 1);
  return next >= 0xdc00 && next <= 0xdfff;
}

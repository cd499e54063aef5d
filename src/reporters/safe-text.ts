/** Text helpers for untrusted agent output shown in human-readable reports. */

// C0 controls except tab and newline, DEL, and C1 controls (which include the 8-bit CSI).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** Replaces control characters (ANSI escapes, carriage returns, NUL...) with visible `\xNN` escapes. */
export function escapeControlChars(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .replace(CONTROL_CHARS, (ch) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Cuts text longer than `max` characters and says how much was cut. */
export function truncateText(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('')}… [truncated: ${chars.length.toLocaleString('en-US')} characters in total]`;
}

/** One line: newlines shown as `⏎`, runs of spaces kept, cut to `max` characters with an ellipsis. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\r?\n/g, ' ⏎ ');
  const chars = Array.from(flat);
  return chars.length <= max ? flat : `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

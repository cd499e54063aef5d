/**
 * A text quoted for a message (`"…"`, escapes as JSON writes them), cut to its first `max` characters when
 * longer, saying how long it was: a message names a value, it does not reprint megabytes of it.
 */
export function quoteExcerpt(text: string, max = 80): string {
  if (text.length <= max) return JSON.stringify(text);
  // Not between the two halves of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${JSON.stringify(`${text.slice(0, end)}…`)} (${text.length.toLocaleString('en-US')} characters)`;
}

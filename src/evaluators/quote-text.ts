/** A text quoted (JSON style) for a reasoning, cut after `limit` characters. */
export function quoteText(text: string, limit = 200): string {
  return JSON.stringify(text.length > limit ? `${text.slice(0, limit)}…` : text);
}

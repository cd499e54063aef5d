/**
 * What an HTML error page says, for the message of a failed request: a gateway or CDN answering a 503 with a
 * 7 KB page would otherwise be quoted as its first 300 characters of markup (`<!DOCTYPE html> <html> <head>…`).
 * The page's `<title>`, else its first `<h1>`, is the cause: `Service Unavailable (an HTML page)`.
 */

/** The longest title quoted; a longer one is cut with `…`. */
const MAX_TITLE = 120;
/** Only the start of a page is searched for its title and heading. */
const SEARCHED = 64 * 1024;
const HTML_START = /^\s*(?:<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>]|<title[\s>])/i;

/** The cause an HTML page gives (`Service Unavailable (an HTML page)`), or null when `body` is not HTML. */
export function htmlPageCause(body: string): string | null {
  if (!HTML_START.test(body.slice(0, 1024))) return null;
  const start = body.slice(0, SEARCHED);
  const title =
    textOf(/<title[^>]*>(.*?)<\/title>/is.exec(start)?.[1]) ?? textOf(/<h1[^>]*>(.*?)<\/h1>/is.exec(start)?.[1]);
  return title === null ? 'an HTML page' : `${title} (an HTML page)`;
}

/** The element's text: tags dropped, common entities read, white space collapsed, bounded; null when empty. */
function textOf(inner: string | undefined): string | null {
  if (inner === undefined) return null;
  const text = inner
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return null;
  return text.length > MAX_TITLE ? `${text.slice(0, MAX_TITLE - 1)}…` : text;
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
};

/**
 * The bound on one JUnit text: a `<system-out>`, or a `<failure>`/`<error>` message or body. XML readers built on
 * libxml2 (xmllint, lxml, many CI plugins) refuse a text node above 10 MB; a text of more than JUNIT_TEXT_MAX
 * characters (at most 4 MB of UTF-8) is cut, and says how much it left out and where the whole is.
 */
import { countChars, cutIndex } from './safe-text.js';

export const JUNIT_TEXT_MAX = 1_000_000;

export function capJunitText(text: string, max: number = JUNIT_TEXT_MAX): string {
  const cut = cutIndex(text, max);
  if (cut < 0) return text;
  const left = countChars(text) - max;
  return `${text.slice(0, cut)}… [${left.toLocaleString('en-US')} more characters left out; the JSON report and the run record hold them]`;
}

/**
 * The bound on one JUnit text: a `<system-out>`, or a `<failure>`/`<error>` message or body. XML readers built on
 * libxml2 (xmllint, lxml, many CI plugins) refuse a text node above 10 MB; a text of more than JUNIT_TEXT_MAX
 * characters (at most 4 MB of UTF-8) is cut, and says how much it left out and where the whole is: the kept text
 * and that note together are at most JUNIT_TEXT_MAX characters.
 */
import { countChars, cutIndex } from './safe-text.js';

export const JUNIT_TEXT_MAX = 1_000_000;

export function capJunitText(text: string, max: number = JUNIT_TEXT_MAX): string {
  if (cutIndex(text, max) < 0) return text;
  const total = countChars(text);
  // The note's length depends on the count it gives: first keep room for the longest count (all of the text),
  // then keep more if the note of the count actually left out is shorter.
  let keep = Math.max(0, max - cutNote(total).length);
  const more = Math.max(0, max - cutNote(total - keep).length);
  if (more + cutNote(total - more).length <= max) keep = more;
  return `${text.slice(0, cutIndex(text, keep))}${cutNote(total - keep)}`;
}

/** The note ending a cut text: `… [1,234 more characters left out; …]`. Its characters are all single code units. */
function cutNote(left: number): string {
  return `… [${left.toLocaleString('en-US')} more characters left out; the JSON report and the run record hold them]`;
}

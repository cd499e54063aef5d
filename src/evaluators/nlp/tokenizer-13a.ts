/**
 * The "13a" tokenizer of mteval-v13a.pl, as sacrebleu applies it by default: it splits off punctuation and
 * symbols, splits periods and commas except inside numbers, and splits a dash that follows a digit.
 */
import { pythonSplit } from './python-text.js';

/** ASCII symbols `{|}~ [\]^_` (space)!"#$%& ()*+ :;<=>?@ /` are always split off. */
const SYMBOL = /([\x7b-\x7e\x5b-\x60\x20-\x26\x28-\x2b\x3a-\x40\x2f])/gu;
const PERIOD_COMMA_AFTER_NON_DIGIT = /([^0-9])([.,])/gu;
const PERIOD_COMMA_BEFORE_NON_DIGIT = /([.,])([^0-9])/gu;
const DASH_AFTER_DIGIT = /([0-9])(-)/gu;

/** Undoes the four SGML entities mteval unescapes, in mteval's order. */
function unescapeEntities(line: string): string {
  if (!line.includes('&')) return line;
  return line.replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>');
}

/** Tokenizes one segment; tokens are joined by single spaces, with no leading or trailing space. */
export function tokenize13a(text: string): string {
  let line = text.replaceAll('<skipped>', '').replaceAll('-\n', '').replaceAll('\n', ' ');
  line = ` ${unescapeEntities(line)} `;
  line = line.replace(SYMBOL, ' $1 ');
  line = line.replace(PERIOD_COMMA_AFTER_NON_DIGIT, '$1 $2 ');
  line = line.replace(PERIOD_COMMA_BEFORE_NON_DIGIT, ' $1 $2');
  line = line.replace(DASH_AFTER_DIGIT, '$1 $2 ');
  return pythonSplit(line).join(' ');
}

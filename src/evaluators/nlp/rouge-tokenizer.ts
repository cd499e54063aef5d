/**
 * The default tokenizer of Google's `rouge_score`: lower-case, turn every run of characters other than
 * ASCII letters and digits into a space, split, and optionally Porter-stem the tokens longer than three
 * characters. Non-ASCII letters are dropped, so `Café` becomes `caf`.
 */
import { porterStem } from './porter-stemmer.js';

const NON_ALPHANUMERIC_RUN = /[^a-z0-9]+/g;
const VALID_TOKEN = /^[a-z0-9]+$/;
/** Only tokens longer than this are stemmed. */
const MIN_STEMMED_LENGTH = 3;

export function tokenizeForRouge(text: string, useStemmer: boolean): string[] {
  const tokens = text.toLowerCase().replace(NON_ALPHANUMERIC_RUN, ' ').split(' ');
  const stemmed = useStemmer
    ? tokens.map((token) => (token.length > MIN_STEMMED_LENGTH ? porterStem(token) : token))
    : tokens;
  return stemmed.filter((token) => VALID_TOKEN.test(token));
}

/**
 * WordNet's morphy as NLTK (3.9 and later) implements `WordNetCorpusReader._morphy(form, pos)`: the base
 * forms of `form` that are lemmas of that part of speech. A form in the exception list (`geese` → `goose`)
 * yields the form itself and its listed bases; any other form yields itself and the result of each
 * detachment rule that applies, all applied once (no repeated stripping). Only candidates that are lemmas
 * of the part of speech are kept, in order, without duplicates.
 */

/** WordNet parts of speech, in the order NLTK's `synsets()` visits them (adjective satellites live under `a`). */
export type WordNetPos = 'n' | 'v' | 'a' | 'r';
export const WORDNET_POS: readonly WordNetPos[] = ['n', 'v', 'a', 'r'];

/** Detachment rules per part of speech: [suffix, replacement], tried in this order. */
const DETACHMENT_RULES: Readonly<Record<WordNetPos, readonly (readonly [string, string])[]>> = {
  n: [
    ['s', ''],
    ['ses', 's'],
    ['ves', 'f'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  v: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  a: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  r: [],
};

export interface MorphyLexicon {
  /** Whether `form` is a lemma with at least one synset of part of speech `pos`. */
  hasLemma(form: string, pos: WordNetPos): boolean;
  /** The base forms the exception list of `pos` gives for `form`, if it lists `form`. */
  exceptionBases(form: string, pos: WordNetPos): readonly string[] | undefined;
}

function detach(form: string, pos: WordNetPos): string[] {
  const candidates: string[] = [];
  for (const [suffix, replacement] of DETACHMENT_RULES[pos]) {
    if (form.endsWith(suffix)) candidates.push(form.slice(0, form.length - suffix.length) + replacement);
  }
  return candidates;
}

export function morphy(form: string, pos: WordNetPos, lexicon: MorphyLexicon): string[] {
  const candidates = [form, ...(lexicon.exceptionBases(form, pos) ?? detach(form, pos))];
  const result: string[] = [];
  for (const candidate of candidates) {
    if (!result.includes(candidate) && lexicon.hasLemma(candidate, pos)) result.push(candidate);
  }
  return result;
}

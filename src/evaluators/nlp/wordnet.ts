/**
 * The part of WordNet 3.0 that METEOR's synonym stage needs, with NLTK's lookup semantics:
 * `lemmaNames(word)` is the set of `lemma.name()` over `wordnet.synsets(word)` (every part of speech,
 * through morphy), leaving out multi-word names (those containing `_`), as `nltk.translate.meteor_score`
 * does.
 */

import type { LineTable } from './line-table.js';
import { type MorphyLexicon, morphy, WORDNET_POS, type WordNetPos } from './morphy.js';
import type { SortedLemmaIndex } from './sorted-lemma-index.js';

export interface WordNetPosTable {
  /** Lemma → ordinals of its synsets (into `synsetNames`), in index-file order. */
  readonly index: SortedLemmaIndex;
  /** Line k: the single-word lemma names of synset k as WordNet spells them (case kept), joined by spaces. */
  readonly synsetNames: LineTable;
  /** Inflected form → base forms, from the part of speech's exception list. */
  readonly exceptions: ReadonlyMap<string, readonly string[]>;
}

export type WordNetTables = Readonly<Record<WordNetPos, WordNetPosTable>>;

/** Distinct words whose lemma names stay cached; the cache is dropped when it grows past this. */
const CACHE_LIMIT = 50_000;

export class WordNet implements MorphyLexicon {
  readonly #tables: WordNetTables;
  readonly #cache = new Map<string, ReadonlySet<string>>();

  constructor(tables: WordNetTables) {
    this.#tables = tables;
  }

  hasLemma(form: string, pos: WordNetPos): boolean {
    return this.#tables[pos].index.has(form);
  }

  exceptionBases(form: string, pos: WordNetPos): readonly string[] | undefined {
    return this.#tables[pos].exceptions.get(form);
  }

  /** NLTK `wordnet._morphy(form, pos)`. */
  morphy(form: string, pos: WordNetPos): string[] {
    return morphy(form, pos, this);
  }

  /** Number of synsets of a part of speech. */
  synsetCount(pos: WordNetPos): number {
    return this.#tables[pos].synsetNames.length;
  }

  /** The single-word lemma names of every synset NLTK's `wordnet.synsets(word)` returns. */
  lemmaNames(word: string): ReadonlySet<string> {
    const cached = this.#cache.get(word);
    if (cached !== undefined) return cached;
    const names = this.#collectLemmaNames(word.toLowerCase());
    if (this.#cache.size >= CACHE_LIMIT) this.#cache.clear();
    this.#cache.set(word, names);
    return names;
  }

  #collectLemmaNames(lemma: string): Set<string> {
    const names = new Set<string>();
    for (const pos of WORDNET_POS) {
      const table = this.#tables[pos];
      for (const form of morphy(lemma, pos, this)) {
        for (const synset of table.index.synsetsOf(form)) {
          for (const name of (table.synsetNames.line(synset) ?? '').split(' ')) if (name !== '') names.add(name);
        }
      }
    }
    return names;
  }
}

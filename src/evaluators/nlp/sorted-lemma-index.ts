/**
 * A lemma → synsets index kept as two parallel line tables: lemmas sorted by UTF-16 code units, and for
 * each lemma its synsets as base-36 ordinals separated by spaces. Lookups are binary searches; a lemma's
 * ordinals are parsed only when asked for.
 */
import type { LineTable } from './line-table.js';

export class SortedLemmaIndex {
  readonly #lemmas: LineTable;
  readonly #synsets: LineTable;

  /** Throws a TypeError when the tables differ in length or the lemmas are not strictly ascending. */
  constructor(lemmas: LineTable, synsets: LineTable) {
    if (lemmas.length !== synsets.length) {
      throw new TypeError(`${lemmas.length} lemmas but ${synsets.length} synset lists`);
    }
    for (let i = 1; i < lemmas.length; i += 1) {
      if (lemmas.compareLines(i - 1, i) >= 0) {
        throw new TypeError(`lemmas are not sorted at ${JSON.stringify(lemmas.line(i))}`);
      }
    }
    this.#lemmas = lemmas;
    this.#synsets = synsets;
  }

  get size(): number {
    return this.#lemmas.length;
  }

  #position(lemma: string): number {
    let low = 0;
    let high = this.#lemmas.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const order = this.#lemmas.compare(middle, lemma);
      if (order === 0) return middle;
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  has(lemma: string): boolean {
    return this.#position(lemma) >= 0;
  }

  /** Ordinals of the lemma's synsets, in index-file order; empty when the lemma is absent. */
  synsetsOf(lemma: string): number[] {
    const position = this.#position(lemma);
    if (position < 0) return [];
    return (this.#synsets.line(position) ?? '').split(' ').map((ordinal) => Number.parseInt(ordinal, 36));
  }
}

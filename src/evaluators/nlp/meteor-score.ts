/**
 * METEOR for one hypothesis and one reference, as `nltk.translate.meteor_score` (3.x) computes it.
 *
 * Both token lists are lower-cased, then aligned in three stages, each on the words the earlier stages
 * left unmatched: exact match; match of Porter stems; and WordNet synonymy, where a stemmed hypothesis
 * word matches a stemmed reference word that is one of the lemma names of its synsets (or equal to it).
 * In every stage the hypothesis words are visited from last to first, and each takes the last unmatched
 * reference word that qualifies. With m matches over `chunks` runs that are contiguous on both sides:
 *   P = m / |hyp|, R = m / |ref|, fmean = P·R / (α·P + (1−α)·R),
 *   penalty = γ · (chunks / m)^β, score = (1 − penalty) · fmean   (0 when m = 0).
 */
import { porterStem } from './porter-stemmer.js';

/** What the synonym stage needs from WordNet: the lemma names of `synsets(word)`, without multi-word names. */
export interface SynonymSource {
  lemmaNames(word: string): ReadonlySet<string>;
}

export interface MeteorOptions {
  /** null disables the synonym stage (exact and stem matching only). */
  readonly synonyms: SynonymSource | null;
  readonly alpha?: number;
  readonly beta?: number;
  readonly gamma?: number;
}

export interface MeteorResult {
  readonly score: number;
  readonly hyp_len: number;
  readonly ref_len: number;
  readonly matches: number;
  readonly chunks: number;
  readonly precision: number;
  readonly recall: number;
  readonly fmean: number;
  readonly penalty: number;
  /** [hypothesis index, reference index] pairs, sorted by hypothesis index. */
  readonly alignment: readonly (readonly [number, number])[];
}

interface IndexedWord {
  readonly index: number;
  readonly word: string;
}

type Pair = readonly [number, number];

/** One alignment stage; removes the matched words from both lists and returns the pairs. */
function matchStage(
  hypothesis: IndexedWord[],
  reference: IndexedWord[],
  qualifies: (hypWord: string) => (refWord: string) => boolean,
): Pair[] {
  const pairs: Pair[] = [];
  for (let i = hypothesis.length - 1; i >= 0 && reference.length > 0; i -= 1) {
    const hyp = hypothesis[i];
    if (hyp === undefined) continue;
    const accepts = qualifies(hyp.word);
    for (let j = reference.length - 1; j >= 0; j -= 1) {
      const ref = reference[j];
      if (ref === undefined || !accepts(ref.word)) continue;
      pairs.push([hyp.index, ref.index]);
      hypothesis.splice(i, 1);
      reference.splice(j, 1);
      break;
    }
  }
  return pairs;
}

const exactly =
  (hypWord: string) =>
  (refWord: string): boolean =>
    refWord === hypWord;

function stemmed(words: readonly IndexedWord[]): IndexedWord[] {
  return words.map(({ index, word }) => ({ index, word: porterStem(word) }));
}

/** The alignment NLTK's `_enum_align_words` finds, sorted by hypothesis index. */
export function alignWords(
  hypothesis: readonly string[],
  reference: readonly string[],
  synonyms: SynonymSource | null,
): Pair[] {
  let hyp = hypothesis.map((word, index) => ({ index, word: word.toLowerCase() }));
  let ref = reference.map((word, index) => ({ index, word: word.toLowerCase() }));
  const pairs = matchStage(hyp, ref, exactly);
  hyp = stemmed(hyp);
  ref = stemmed(ref);
  pairs.push(...matchStage(hyp, ref, exactly));
  if (synonyms !== null) {
    pairs.push(
      ...matchStage(hyp, ref, (hypWord) => {
        const names = synonyms.lemmaNames(hypWord);
        return (refWord) => refWord === hypWord || names.has(refWord);
      }),
    );
  }
  return pairs.sort((a, b) => a[0] - b[0]);
}

/** Runs of pairs that are consecutive in both hypothesis and reference. */
export function countChunks(alignment: readonly Pair[]): number {
  let chunks = 1;
  for (let k = 1; k < alignment.length; k += 1) {
    const [hyp, ref] = alignment[k] ?? [0, 0];
    const [prevHyp, prevRef] = alignment[k - 1] ?? [0, 0];
    if (hyp !== prevHyp + 1 || ref !== prevRef + 1) chunks += 1;
  }
  return chunks;
}

export function meteorScore(
  hypothesis: readonly string[],
  reference: readonly string[],
  options: MeteorOptions,
): MeteorResult {
  const { alpha = 0.9, beta = 3.0, gamma = 0.5 } = options;
  const alignment = alignWords(hypothesis, reference, options.synonyms);
  const matches = alignment.length;
  const chunks = countChunks(alignment);
  const base = { hyp_len: hypothesis.length, ref_len: reference.length, matches, chunks, alignment };
  if (matches === 0) return { ...base, score: 0, precision: 0, recall: 0, fmean: 0, penalty: 0 };
  const precision = matches / hypothesis.length;
  const recall = matches / reference.length;
  const fmean = (precision * recall) / (alpha * precision + (1 - alpha) * recall);
  const penalty = gamma * (chunks / matches) ** beta;
  return { ...base, score: (1 - penalty) * fmean, precision, recall, fmean, penalty };
}

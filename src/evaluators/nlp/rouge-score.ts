/**
 * ROUGE-1, ROUGE-2, ROUGE-L and ROUGE-Lsum as Google's `rouge_score` computes them for one prediction
 * against one reference. Precision is measured against the prediction, recall against the reference.
 * ROUGE-Lsum treats each line as a sentence and scores the summary-level union LCS, with ROUGE-1.5.5's
 * rule that a token is counted at most as often as it occurs on both sides.
 */
import { lcsLength, lcsReferenceIndices } from './lcs.js';
import { tokenizeForRouge } from './rouge-tokenizer.js';

export interface RougeScore {
  readonly precision: number;
  readonly recall: number;
  readonly fmeasure: number;
}

export interface RougeScores {
  readonly rouge1: RougeScore;
  readonly rouge2: RougeScore;
  readonly rougeL: RougeScore;
  /** null when a reference line and an answer line are too long to compare (see lcsReferenceIndices). */
  readonly rougeLsum: RougeScore | null;
}

export interface RougeOptions {
  /** Porter-stem tokens longer than three characters (rouge_score's `use_stemmer`). */
  readonly useStemmer: boolean;
}

const ZERO: RougeScore = { precision: 0, recall: 0, fmeasure: 0 };

function score(precision: number, recall: number): RougeScore {
  const fmeasure = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, fmeasure };
}

function countNgrams(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let start = 0; start + n <= tokens.length; start += 1) {
    const key = tokens.slice(start, start + n).join(' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function sumValues(counts: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const count of counts.values()) total += count;
  return total;
}

export function rougeN(prediction: readonly string[], reference: readonly string[], n: number): RougeScore {
  const predictionNgrams = countNgrams(prediction, n);
  const referenceNgrams = countNgrams(reference, n);
  let overlap = 0;
  for (const [ngram, count] of referenceNgrams) overlap += Math.min(count, predictionNgrams.get(ngram) ?? 0);
  const precision = overlap / Math.max(sumValues(predictionNgrams), 1);
  const recall = overlap / Math.max(sumValues(referenceNgrams), 1);
  return score(precision, recall);
}

export function rougeL(prediction: readonly string[], reference: readonly string[]): RougeScore {
  if (prediction.length === 0 || reference.length === 0) return ZERO;
  const length = lcsLength(reference, prediction);
  return score(length / prediction.length, length / reference.length);
}

function tokenCounts(sentences: readonly (readonly string[])[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const sentence of sentences) for (const token of sentence) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

/** Summary-level LCS over sentences (each a token list); null when a pair of them is too long to compare. */
export function rougeLsum(
  prediction: readonly (readonly string[])[],
  reference: readonly (readonly string[])[],
): RougeScore | null {
  const predictionTotal = prediction.reduce((sum, sentence) => sum + sentence.length, 0);
  const referenceTotal = reference.reduce((sum, sentence) => sum + sentence.length, 0);
  if (predictionTotal === 0 || referenceTotal === 0) return ZERO;
  const predictionCounts = tokenCounts(prediction);
  const referenceCounts = tokenCounts(reference);
  let hits = 0;
  for (const refSentence of reference) {
    const union = new Set<number>();
    for (const candidate of prediction) {
      const indices = lcsReferenceIndices(refSentence, candidate);
      if (indices === null) return null;
      for (const index of indices) union.add(index);
    }
    for (const index of [...union].sort((a, b) => a - b)) {
      const token = refSentence[index] ?? '';
      const left = predictionCounts.get(token) ?? 0;
      const right = referenceCounts.get(token) ?? 0;
      if (left > 0 && right > 0) {
        hits += 1;
        predictionCounts.set(token, left - 1);
        referenceCounts.set(token, right - 1);
      }
    }
  }
  return score(hits / predictionTotal, hits / referenceTotal);
}

/** Lines as rouge_score splits a summary without sentence splitting: on `\n`, dropping empty lines. */
function sentencesOf(text: string, useStemmer: boolean): string[][] {
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => tokenizeForRouge(line, useStemmer));
}

export function rougeScores(prediction: string, reference: string, options: RougeOptions): RougeScores {
  const predictionTokens = tokenizeForRouge(prediction, options.useStemmer);
  const referenceTokens = tokenizeForRouge(reference, options.useStemmer);
  return {
    rouge1: rougeN(predictionTokens, referenceTokens, 1),
    rouge2: rougeN(predictionTokens, referenceTokens, 2),
    rougeL: rougeL(predictionTokens, referenceTokens),
    rougeLsum: rougeLsum(sentencesOf(prediction, options.useStemmer), sentencesOf(reference, options.useStemmer)),
  };
}

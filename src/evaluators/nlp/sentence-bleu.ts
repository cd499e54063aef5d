/**
 * Sentence-level BLEU with one reference, as sacrebleu 2.x `sentence_bleu` computes it by default:
 * 13a tokenization, case-sensitive, n-grams up to 4, "exp" smoothing and effective order.
 */
import { pythonRstrip, pythonSplit } from './python-text.js';
import { tokenize13a } from './tokenizer-13a.js';

export const BLEU_MAX_ORDER = 4;

export interface BleuResult {
  /** sacrebleu's score, 0..100. */
  readonly score: number;
  /** The same on 0..1 (`score / 100`). */
  readonly bleu: number;
  /** Clipped n-gram matches for n = 1..4. */
  readonly counts: readonly number[];
  /** Hypothesis n-grams for n = 1..4. */
  readonly totals: readonly number[];
  /** Smoothed n-gram precisions in percent. */
  readonly precisions: readonly number[];
  /** Brevity penalty. */
  readonly bp: number;
  readonly sys_len: number;
  readonly ref_len: number;
}

/** Counts the n-grams of one order; an n-gram is keyed by its tokens joined with a space. */
function countNgrams(tokens: readonly string[], order: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let start = 0; start + order <= tokens.length; start += 1) {
    const key = tokens.slice(start, start + order).join(' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** sacrebleu's `my_log`: a large negative stand-in for log(0). */
function logOrFloor(value: number): number {
  return value === 0 ? -9999999999 : Math.log(value);
}

interface BleuStatistics {
  readonly counts: number[];
  readonly totals: number[];
  readonly sysLen: number;
  readonly refLen: number;
}

function collectStatistics(hypTokens: readonly string[], refTokens: readonly string[]): BleuStatistics {
  const counts: number[] = [];
  const totals: number[] = [];
  for (let order = 1; order <= BLEU_MAX_ORDER; order += 1) {
    const refNgrams = countNgrams(refTokens, order);
    let matched = 0;
    let total = 0;
    for (const [ngram, count] of countNgrams(hypTokens, order)) {
      total += count;
      matched += Math.min(count, refNgrams.get(ngram) ?? 0);
    }
    counts.push(matched);
    totals.push(total);
  }
  return { counts, totals, sysLen: hypTokens.length, refLen: refTokens.length };
}

function brevityPenalty(sysLen: number, refLen: number): number {
  if (sysLen >= refLen) return 1.0;
  return sysLen > 0 ? Math.exp(1 - refLen / sysLen) : 0.0;
}

/** sacrebleu's `compute_bleu` with smooth_method="exp" and effective order. */
function scoreFromStatistics(stats: BleuStatistics): BleuResult {
  const { counts, totals, sysLen, refLen } = stats;
  const bp = brevityPenalty(sysLen, refLen);
  const precisions = new Array<number>(BLEU_MAX_ORDER).fill(0);
  const base = { counts, totals, bp, sys_len: sysLen, ref_len: refLen };
  if (counts.every((count) => count === 0)) return { ...base, score: 0, bleu: 0, precisions };
  let smoothing = 1;
  let effectiveOrder = BLEU_MAX_ORDER;
  for (let n = 0; n < BLEU_MAX_ORDER; n += 1) {
    const total = totals[n] ?? 0;
    const correct = counts[n] ?? 0;
    if (total === 0) break;
    effectiveOrder = n + 1;
    if (correct === 0) {
      smoothing *= 2;
      precisions[n] = 100 / (smoothing * total);
    } else {
      precisions[n] = (100 * correct) / total;
    }
  }
  let logSum = 0;
  for (let n = 0; n < effectiveOrder; n += 1) logSum += logOrFloor(precisions[n] ?? 0);
  const score = bp * Math.exp(logSum / effectiveOrder);
  return { ...base, score, bleu: score / 100, precisions };
}

/** BLEU of one hypothesis against one reference, both raw (untokenized) text. */
export function sentenceBleu(hypothesis: string, reference: string): BleuResult {
  const hypTokens = pythonSplit(tokenize13a(pythonRstrip(hypothesis)));
  const refTokens = pythonSplit(tokenize13a(pythonRstrip(reference)));
  return scoreFromStatistics(collectStatistics(hypTokens, refTokens));
}

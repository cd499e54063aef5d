import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pythonRstrip } from './python-text.js';
import { sentenceBleu } from './sentence-bleu.js';
import { tokenize13a } from './tokenizer-13a.js';

interface BleuCase {
  readonly id: string;
  readonly prediction: string;
  readonly reference: string;
  readonly expected: {
    readonly bleu: number;
    readonly score: number;
    readonly counts: readonly number[];
    readonly totals: readonly number[];
    readonly precisions: readonly number[];
    readonly bp: number;
    readonly sys_len: number;
    readonly ref_len: number;
  };
  readonly debug: { readonly prediction_13a: string; readonly reference_13a: string };
}

const VECTORS = new URL('../../../test/data/metric-vectors/', import.meta.url);
const file = JSON.parse(readFileSync(new URL('bleu.json', VECTORS), 'utf8')) as { readonly cases: BleuCase[] };
const TOLERANCE = 1e-9;

describe('sentenceBleu against sacrebleu 2.6.0 vectors', () => {
  it('has every case of the vector file', () => {
    expect(file.cases.length).toBe(83);
  });

  it.each(file.cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    expect(tokenize13a(pythonRstrip(c.prediction))).toBe(c.debug.prediction_13a);
    expect(tokenize13a(pythonRstrip(c.reference))).toBe(c.debug.reference_13a);
    const result = sentenceBleu(c.prediction, c.reference);
    expect(result.counts).toEqual(c.expected.counts);
    expect(result.totals).toEqual(c.expected.totals);
    expect(result.sys_len).toBe(c.expected.sys_len);
    expect(result.ref_len).toBe(c.expected.ref_len);
    expect(Math.abs(result.bp - c.expected.bp)).toBeLessThanOrEqual(TOLERANCE);
    result.precisions.forEach((precision, n) => {
      expect(Math.abs(precision - (c.expected.precisions[n] ?? Number.NaN))).toBeLessThanOrEqual(TOLERANCE);
    });
    expect(Math.abs(result.score - c.expected.score)).toBeLessThanOrEqual(TOLERANCE * 100);
    expect(Math.abs(result.bleu - c.expected.bleu)).toBeLessThanOrEqual(TOLERANCE);
  });
});

describe('sentenceBleu edge cases', () => {
  it('scores an empty hypothesis 0 with a zero brevity penalty', () => {
    const result = sentenceBleu('', 'the cat');
    expect(result).toMatchObject({ score: 0, bleu: 0, bp: 0, sys_len: 0, ref_len: 2 });
    expect(result.precisions).toEqual([0, 0, 0, 0]);
  });

  it('scores an empty reference 0 without a brevity penalty', () => {
    expect(sentenceBleu('the cat', '')).toMatchObject({ score: 0, bp: 1, sys_len: 2, ref_len: 0 });
  });

  it('uses the effective order for a one-token match', () => {
    const result = sentenceBleu('yes', 'yes');
    expect(result.totals).toEqual([1, 0, 0, 0]);
    expect(result.bleu).toBeCloseTo(1, 12);
  });

  it('halves the smoothed precision for each further order without matches', () => {
    const result = sentenceBleu('a b c d e', 'a x c y e');
    expect(result.counts).toEqual([3, 0, 0, 0]);
    expect(result.precisions).toEqual([60, 100 / (2 * 4), 100 / (4 * 3), 100 / (8 * 2)]);
  });
});

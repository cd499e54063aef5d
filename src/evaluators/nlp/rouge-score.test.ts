import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type RougeScore, type RougeScores, rougeL, rougeLsum, rougeN, rougeScores } from './rouge-score.js';
import { tokenizeForRouge } from './rouge-tokenizer.js';

type StemmerSetting = 'use_stemmer_false' | 'use_stemmer_true';

interface RougeCase {
  readonly id: string;
  readonly prediction: string;
  readonly reference: string;
  readonly expected: Record<StemmerSetting, RougeScores>;
  readonly debug: Record<
    StemmerSetting,
    { readonly prediction_tokens: readonly string[]; readonly reference_tokens: readonly string[] }
  >;
}

const VECTORS = new URL('../../../test/data/metric-vectors/', import.meta.url);
const file = JSON.parse(readFileSync(new URL('rouge.json', VECTORS), 'utf8')) as { readonly cases: RougeCase[] };
const TOLERANCE = 1e-9;
const SETTINGS: readonly [StemmerSetting, boolean][] = [
  ['use_stemmer_false', false],
  ['use_stemmer_true', true],
];
const TYPES = ['rouge1', 'rouge2', 'rougeL', 'rougeLsum'] as const;

function expectClose(actual: RougeScore, expected: RougeScore): void {
  expect(Math.abs(actual.precision - expected.precision)).toBeLessThanOrEqual(TOLERANCE);
  expect(Math.abs(actual.recall - expected.recall)).toBeLessThanOrEqual(TOLERANCE);
  expect(Math.abs(actual.fmeasure - expected.fmeasure)).toBeLessThanOrEqual(TOLERANCE);
}

describe('rougeScores against rouge_score 0.1.2 vectors', () => {
  it('has every case of the vector file', () => {
    expect(file.cases.length).toBe(83);
  });

  it.each(file.cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    for (const [setting, useStemmer] of SETTINGS) {
      expect(tokenizeForRouge(c.prediction, useStemmer)).toEqual(c.debug[setting].prediction_tokens);
      expect(tokenizeForRouge(c.reference, useStemmer)).toEqual(c.debug[setting].reference_tokens);
      const actual = rougeScores(c.prediction, c.reference, { useStemmer });
      for (const type of TYPES) {
        const score = actual[type];
        if (score === null) throw new Error(`${type} not computed`);
        expectClose(score, c.expected[setting][type] as RougeScore);
      }
    }
  });
});

describe('rouge parts', () => {
  it('divides rouge-n by at least one n-gram', () => {
    expect(rougeN(['a'], ['a'], 2)).toEqual({ precision: 0, recall: 0, fmeasure: 0 });
  });

  it('scores rouge-L 0 when either side is empty', () => {
    expect(rougeL([], ['a'])).toEqual({ precision: 0, recall: 0, fmeasure: 0 });
    expect(rougeL(['a'], [])).toEqual({ precision: 0, recall: 0, fmeasure: 0 });
  });

  it('computes rouge-L from the longest common subsequence', () => {
    const score = rougeL(['a', 'b', 'c', 'd'], ['a', 'c', 'd', 'e', 'f']);
    expect(score.precision).toBe(3 / 4);
    expect(score.recall).toBe(3 / 5);
  });

  it('does not count a token in rouge-Lsum more often than it occurs on both sides', () => {
    const score = rougeLsum(
      [
        ['a', 'b'],
        ['a', 'b'],
      ],
      [['a', 'b']],
    );
    expect(score).toEqual({ precision: 2 / 4, recall: 1, fmeasure: (2 * 0.5 * 1) / 1.5 });
  });

  it('scores rouge-Lsum 0 when a side has no tokens', () => {
    expect(rougeLsum([[]], [['a']])).toEqual({ precision: 0, recall: 0, fmeasure: 0 });
    expect(rougeLsum([], [['a']])).toEqual({ precision: 0, recall: 0, fmeasure: 0 });
  });

  it('tokenizes without non-ASCII letters and stems only tokens longer than three characters', () => {
    expect(tokenizeForRouge('Café RUNS, dies & running!', false)).toEqual(['caf', 'runs', 'dies', 'running']);
    expect(tokenizeForRouge('Café RUNS, dies & running!', true)).toEqual(['caf', 'run', 'die', 'run']);
    expect(tokenizeForRouge('was', true)).toEqual(['was']);
  });
});

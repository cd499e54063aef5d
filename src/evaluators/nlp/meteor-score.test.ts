import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { alignWords, countChunks, meteorScore } from './meteor-score.js';
import { pythonSplit } from './python-text.js';
import type { WordNet } from './wordnet.js';
import { sharedWordNet } from './wordnet-loader.js';

interface MeteorCase {
  readonly id: string;
  readonly prediction: string;
  readonly reference: string;
  readonly expected: {
    readonly meteor: number;
    readonly meteor_word_tokenize: number;
    readonly meteor_exact_stem_only: number;
  };
  readonly debug: {
    readonly prediction_tokens_split: readonly string[];
    readonly reference_tokens_split: readonly string[];
    readonly prediction_tokens_word_tokenize: readonly string[];
    readonly reference_tokens_word_tokenize: readonly string[];
    readonly meteor_split_details: {
      readonly hyp_len: number;
      readonly ref_len: number;
      readonly matches: number;
      readonly chunks: number;
      readonly alignment: readonly (readonly [number, number])[];
    };
  };
}

const VECTORS = new URL('../../../test/data/metric-vectors/', import.meta.url);
const file = JSON.parse(readFileSync(new URL('meteor.json', VECTORS), 'utf8')) as { readonly cases: MeteorCase[] };
const TOLERANCE = 1e-9;
const cases = file.cases.map((c) => [c.id, c] as const);

let wordnet: WordNet;
beforeAll(async () => {
  wordnet = await sharedWordNet();
});

describe('meteorScore against nltk 3.10.3 vectors', () => {
  it('has every case of the vector file', () => {
    expect(file.cases.length).toBe(83);
  });

  it.each(cases)('%s: primary score (str.split tokens, WordNet 3.0)', (_id, c) => {
    const hypothesis = pythonSplit(c.prediction);
    const reference = pythonSplit(c.reference);
    expect(hypothesis).toEqual(c.debug.prediction_tokens_split);
    expect(reference).toEqual(c.debug.reference_tokens_split);
    const result = meteorScore(hypothesis, reference, { synonyms: wordnet });
    const details = c.debug.meteor_split_details;
    expect(result).toMatchObject({ hyp_len: details.hyp_len, ref_len: details.ref_len, matches: details.matches });
    if (details.matches > 0) expect(result.chunks).toBe(details.chunks);
    expect(result.alignment).toEqual(details.alignment);
    expect(Math.abs(result.score - c.expected.meteor)).toBeLessThanOrEqual(TOLERANCE);
  });

  it.each(cases)('%s: without the synonym stage', (_id, c) => {
    const result = meteorScore(pythonSplit(c.prediction), pythonSplit(c.reference), { synonyms: null });
    expect(Math.abs(result.score - c.expected.meteor_exact_stem_only)).toBeLessThanOrEqual(TOLERANCE);
  });

  it.each(cases)('%s: on the word_tokenize tokens', (_id, c) => {
    const { prediction_tokens_word_tokenize: hypothesis, reference_tokens_word_tokenize: reference } = c.debug;
    const result = meteorScore(hypothesis, reference, { synonyms: wordnet });
    expect(Math.abs(result.score - c.expected.meteor_word_tokenize)).toBeLessThanOrEqual(TOLERANCE);
  });
});

describe('meteor alignment', () => {
  it('visits hypothesis words from the last and takes the last qualifying reference word', () => {
    expect(alignWords(['a', 'b', 'a'], ['a', 'a'], null)).toEqual([
      [0, 0],
      [2, 1],
    ]);
  });

  it('matches stems after exact matches', () => {
    expect(alignWords(['Dogs', 'running'], ['run', 'dog'], null)).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });

  it('counts one chunk per run that is contiguous on both sides', () => {
    expect(countChunks([])).toBe(1);
    expect(
      countChunks([
        [0, 0],
        [1, 1],
        [2, 5],
        [3, 6],
        [5, 7],
      ]),
    ).toBe(3);
  });

  it('scores 0 when a side is empty or nothing matches', () => {
    expect(meteorScore([], ['a'], { synonyms: null }).score).toBe(0);
    expect(meteorScore(['a'], [], { synonyms: null }).score).toBe(0);
    expect(meteorScore([], [], { synonyms: null }).score).toBe(0);
    expect(meteorScore(['a'], ['b'], { synonyms: null }).score).toBe(0);
  });

  it('scores a single matching token 0.5', () => {
    expect(meteorScore(['yes'], ['YES'], { synonyms: null })).toMatchObject({ score: 0.5, matches: 1, chunks: 1 });
  });

  it('matches a synonym through the stemmed words', () => {
    const result = meteorScore(['shares', 'rose'], ['shares', 'climbed'], { synonyms: wordnet });
    expect(result.alignment).toEqual([
      [0, 0],
      [1, 1],
    ]);
  });
});

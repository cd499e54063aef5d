import { describe, expect, it } from 'vitest';
import { evaluationInput } from '../../test/support/evaluators/evaluation-input.js';
import type { StandardMetricConfig } from '../core/config-types.js';
import type { Evaluator } from '../core/evaluator.js';
import { createBleuEvaluator } from './bleu.js';
import { createMeteorEvaluator } from './meteor.js';
import { WordNetDataError } from './nlp/wordnet-loader.js';
import { createRougeEvaluator } from './rouge.js';

function config(metric: 'bleu' | 'rouge' | 'meteor'): StandardMetricConfig {
  return { type: 'standard', metric, name: `my-${metric}`, enabled: true, threshold: null };
}

const input = evaluationInput;

const evaluators: readonly [string, Evaluator][] = [
  ['bleu', createBleuEvaluator(config('bleu'))],
  ['rouge', createRougeEvaluator(config('rouge'))],
  ['meteor', createMeteorEvaluator(config('meteor'))],
];

describe.each(evaluators)('%s evaluator', (metric, evaluator) => {
  it('compares with the ground truth and defaults to a 0.5 threshold', () => {
    expect(evaluator).toMatchObject({
      name: `my-${metric}`,
      requires_ground_truth: true,
      requires_retrieval_context: false,
      default_threshold: 0.5,
    });
  });

  it('scores an empty response 0', async () => {
    expect((await evaluator.evaluate(input('', 'The cat sat on the mat.'))).score).toBe(0);
  });

  it('scores a missing ground truth 0', async () => {
    expect((await evaluator.evaluate(input('The cat sat on the mat.', null))).score).toBe(0);
  });

  it('returns JSON details and a reasoning', async () => {
    const outcome = await evaluator.evaluate(input('The cat sat on the mat.', 'The cat is on the mat.'));
    expect(outcome.score).toBeGreaterThan(0);
    expect(outcome.score).toBeLessThan(1);
    expect(JSON.parse(JSON.stringify(outcome.details))).toEqual(outcome.details);
    expect(outcome.reasoning).toMatch(/\d\.\d{4}/);
  });
});

describe('bleu evaluator', () => {
  it('reports sacrebleu statistics and caps the round-off of a perfect match at 1', async () => {
    const outcome = await createBleuEvaluator(config('bleu')).evaluate(input('yes', 'yes'));
    expect(outcome.score).toBe(1);
    expect(outcome.details).toEqual({
      counts: [1, 0, 0, 0],
      totals: [1, 0, 0, 0],
      precisions: [100, 0, 0, 0],
      bp: 1,
      sys_len: 1,
      ref_len: 1,
    });
  });

  it('matches sacrebleu on a financial sentence', async () => {
    const outcome = await createBleuEvaluator(config('bleu')).evaluate(
      input('Revenue was 25,587 in 2009 and 23,119 in 2008.', 'Revenue was 25587 in 2009 and 23119 in 2008.'),
    );
    expect(outcome.score).toBeCloseTo(0.29847458960098217, 12);
    expect(outcome.details).toMatchObject({ counts: [8, 5, 2, 0], totals: [10, 9, 8, 7], sys_len: 10, ref_len: 10 });
  });
});

describe('rouge evaluator', () => {
  it('scores the ROUGE-L F1 without stemming and details all four types', async () => {
    const outcome = await createRougeEvaluator(config('rouge')).evaluate(input('The dogs ran.', 'The dog runs.'));
    expect(outcome.score).toBeCloseTo(1 / 3, 12);
    expect(outcome.details).toEqual({
      rouge1: { precision: 1 / 3, recall: 1 / 3, fmeasure: 1 / 3 },
      rouge2: { precision: 0, recall: 0, fmeasure: 0 },
      rougeL: { precision: 1 / 3, recall: 1 / 3, fmeasure: expect.closeTo(1 / 3, 12) },
      rougeLsum: { precision: 1 / 3, recall: 1 / 3, fmeasure: expect.closeTo(1 / 3, 12) },
    });
  });

  it('scores a one-line answer of 300,000 words against 4,000 words, leaving out ROUGE-Lsum and saying why', async () => {
    const answer = Array.from({ length: 300_000 }, (_, index) => `w${index % 5000}`).join(' ');
    const truth = Array.from({ length: 4_000 }, (_, index) => `w${(index * 7) % 5000}`).join(' ');
    const outcome = await createRougeEvaluator(config('rouge')).evaluate(input(answer, truth));
    expect(outcome.score).toBeGreaterThan(0);
    expect(outcome.details).toMatchObject({ rougeLsum: null });
    expect(outcome.reasoning).toContain('ROUGE-Lsum not computed (details.rougeLsum is null)');
  });
});

describe('meteor evaluator', () => {
  it('matches WordNet synonyms as nltk does', async () => {
    const outcome = await createMeteorEvaluator(config('meteor')).evaluate(
      input('Shares rose in March.', 'Shares climbed in March.'),
    );
    expect(outcome.score).toBe(0.9921875);
    expect(outcome.details).toMatchObject({ matches: 4, chunks: 1, hyp_len: 4, ref_len: 4 });
  });

  it('uses the WordNet it is given', async () => {
    const synonyms = { lemmaNames: (word: string) => new Set(word === 'help' ? ['aid'] : []) };
    const evaluator = createMeteorEvaluator(config('meteor'), { wordnet: async () => synonyms });
    expect((await evaluator.evaluate(input('help', 'aid'))).score).toBe(0.5);
    expect((await evaluator.evaluate(input('aid', 'help'))).score).toBe(0);
  });

  it('fails the metric when the WordNet data cannot be loaded', async () => {
    const failure = new WordNetDataError('WORDNET_DATA_UNAVAILABLE', 'cannot read the WordNet data');
    const evaluator = createMeteorEvaluator(config('meteor'), { wordnet: () => Promise.reject(failure) });
    await expect(evaluator.evaluate(input('a', 'a'))).rejects.toBe(failure);
  });

  it('reports no chunks when nothing matches', async () => {
    const outcome = await createMeteorEvaluator(config('meteor')).evaluate(input('Apples are red.', 'Dividends rose.'));
    expect(outcome).toMatchObject({ score: 0, details: { matches: 0, chunks: 0 } });
    expect(outcome.reasoning).toContain('0 chunks');
  });
});

import { describe, expect, it } from 'vitest';
import { evaluationInput } from '../../test/support/evaluators/evaluation-input.js';
import { createEqualityEvaluator, type EqualityMetricConfig, normalizeForEquality } from './equality.js';

function config(flags: Partial<EqualityMetricConfig> = {}): EqualityMetricConfig {
  return {
    type: 'standard',
    metric: 'equality',
    name: 'equality',
    enabled: true,
    threshold: null,
    case_insensitive: false,
    strip_whitespace: false,
    strip_punctuation: false,
    ...flags,
  };
}

const input = evaluationInput;

describe('normalizeForEquality', () => {
  it.each<[string, Partial<EqualityMetricConfig>, string]>([
    ['  Yes. ', {}, '  Yes. '],
    ['  Yes. ', { case_insensitive: true }, '  yes. '],
    ['  a \n\t b  ', { strip_whitespace: true }, 'a b'],
    ['"Yes!", (she) said…', { strip_punctuation: true }, 'Yes she said'],
    ['$25,587', { strip_punctuation: true }, '25587'],
    ['-5', { strip_punctuation: true }, '-5'],
    ['−5.', { strip_punctuation: true }, '-5'],
    ['-.5 and .5', { strip_punctuation: true }, '-.5 and .5'],
    ['1.5e-3', { strip_punctuation: true }, '1.5e-3'],
    ['well-5', { strip_punctuation: true }, 'well5'],
    ['$-3.5 (up 2009-2010, i.e. v.2)', { strip_punctuation: true }, '-3.5 up 20092010 ie v2'],
    ['3.5%', { strip_punctuation: true }, '3.5'],
    ['x-5', { strip_punctuation: true }, 'x5'],
    ['yes .', { strip_whitespace: true, strip_punctuation: true }, 'yes'],
    ['yes .', { strip_punctuation: true }, 'yes '],
    ['Ünïcödé  ÉTÉ', { case_insensitive: true, strip_whitespace: true }, 'ünïcödé été'],
  ])('%j with %o → %j', (text, flags, expected) => {
    expect(normalizeForEquality(text, config(flags))).toBe(expected);
  });
});

describe('equality evaluator', () => {
  it('declares it needs a ground truth and decides pass/fail itself', () => {
    const evaluator = createEqualityEvaluator(config({ name: 'exact' }));
    expect(evaluator).toMatchObject({
      name: 'exact',
      requires_ground_truth: true,
      requires_retrieval_context: false,
      default_threshold: null,
    });
  });

  it('passes with score 1 on equal texts and shows the normalised sides', async () => {
    const outcome = await createEqualityEvaluator(config({ case_insensitive: true })).evaluate(input('YES', 'yes'));
    expect(outcome).toMatchObject({ score: 1, passed: true });
    expect(outcome.details).toEqual({ expected: 'yes', actual: 'yes', normalization: ['case_insensitive'] });
  });

  it('fails with score 0 and quotes both sides', async () => {
    const outcome = await createEqualityEvaluator(config()).evaluate(input('no', 'yes'));
    expect(outcome).toMatchObject({ score: 0, passed: false });
    expect(outcome.reasoning).toBe('the response differs from the ground truth: expected "yes", got "no"');
  });

  it('names a difference no one can see, by code point', async () => {
    const outcome = await createEqualityEvaluator(config()).evaluate(input('cafe\u0301', 'caf\u00e9'));
    expect(outcome.passed).toBe(false);
    expect(outcome.reasoning).toBe(
      'the response differs from the ground truth: expected "caf\u00e9", got "cafe\u0301" — they differ only in ' +
        'Unicode form (composed vs decomposed characters): at character 4, expected U+00E9, got U+0065 U+0301',
    );
  });

  it('truncates long texts in the reasoning but not in the details', async () => {
    const long = 'x'.repeat(500);
    const outcome = await createEqualityEvaluator(config()).evaluate(input(long, 'y'));
    expect(outcome.reasoning).toContain(`"${'x'.repeat(200)}…"`);
    expect(outcome.details).toMatchObject({ actual: long });
  });

  it('never passes an empty response', async () => {
    const evaluator = createEqualityEvaluator(config({ strip_whitespace: true, strip_punctuation: true }));
    const outcome = await evaluator.evaluate(input('  ', '.'));
    expect(outcome).toMatchObject({ score: 0, passed: false, reasoning: 'the agent response is empty' });
  });

  it('never passes against a ground truth that normalisation empties', async () => {
    const evaluator = createEqualityEvaluator(config({ strip_punctuation: true }));
    for (const [answer, truth] of [
      ['?', '!!!'],
      ['$', '—'],
      ['? ?', '! !'],
    ] as const) {
      const outcome = await evaluator.evaluate(input(answer, truth));
      expect(outcome).toMatchObject({ score: 0, passed: false });
      expect(outcome.reasoning).toBe(
        `the ground truth ${JSON.stringify(truth)} is empty once normalised (strip_punctuation): any answer without a letter or digit would equal it`,
      );
    }
  });

  it('still compares a ground truth of punctuation when nothing strips it', async () => {
    const evaluator = createEqualityEvaluator(config());
    expect(await evaluator.evaluate(input('!!!', '!!!'))).toMatchObject({ score: 1, passed: true });
    expect(await evaluator.evaluate(input('?', '!!!'))).toMatchObject({ score: 0, passed: false });
  });
});

import { describe, expect, it } from 'vitest';
import { evaluationInput } from '../../test/support/evaluators/evaluation-input.js';
import { createNumericEvaluator, type NumericMetricConfig, withinTolerance } from './numeric.js';

function config(options: Partial<NumericMetricConfig> = {}): NumericMetricConfig {
  return {
    type: 'standard',
    metric: 'numeric',
    name: 'numeric',
    enabled: true,
    threshold: null,
    absolute_tolerance: 1e-6,
    relative_tolerance: 0,
    accept_percent: false,
    accept_thousands_separators: false,
    ...options,
  };
}

const input = evaluationInput;

const evaluate = (response: string, truth: string, options: Partial<NumericMetricConfig> = {}) =>
  createNumericEvaluator(config(options)).evaluate(input(response, truth));

describe('withinTolerance', () => {
  it.each<[number, number, number, number, boolean]>([
    [25587, 25587, 0, 0, true],
    [25587.01, 25587, 0.01, 0, true],
    [25587.02, 25587, 0.01, 0, false],
    [1.5, 1.25, 0.25, 0, true],
    [-5.01, -5, 0.01, 0, true],
    [-5.02, -5, 0.01, 0, false],
    [102, 100, 0, 0.02, true],
    [103, 100, 0, 0.02, false],
    [-102, -100, 0, 0.02, true],
    [0.1 + 0.2, 0.3, 0, 0, true],
    [1, 0, 0, 0.5, false],
  ])('%d vs %d (abs %d, rel %d) → %s', (actual, expected, abs, rel, passed) => {
    expect(withinTolerance(actual, expected, { absolute_tolerance: abs, relative_tolerance: rel })).toBe(passed);
  });
});

describe('numeric evaluator', () => {
  it('declares it needs a ground truth and decides pass/fail itself', () => {
    expect(createNumericEvaluator(config({ name: 'answer' }))).toMatchObject({
      name: 'answer',
      requires_ground_truth: true,
      requires_retrieval_context: false,
      default_threshold: null,
    });
  });

  it('shows the parsed values, the diff and how the number was found', async () => {
    const outcome = await evaluate('The difference is 25,000.', '25587', { accept_thousands_separators: true });
    expect(outcome).toMatchObject({ score: 0, passed: false });
    expect(outcome.details).toEqual({
      expected: 25587,
      actual: 25000,
      diff: 587,
      expected_text: '25587',
      actual_text: '25,000',
      expected_read_as: 'number',
      actual_read_as: 'number',
      extraction: 'cue',
      numbers_in_response: 1,
      absolute_tolerance: 1e-6,
      relative_tolerance: 0,
    });
    expect(outcome.reasoning).toBe(
      '25000 (read from "25,000") differs by 587 from the ground truth 25587 (absolute_tolerance 0.000001, relative_tolerance 0)',
    );
  });

  it('shows every digit a double keeps, and a difference without the noise of the subtraction', async () => {
    const long = await evaluate('The id is 123456789012345', '123456789012344', { absolute_tolerance: 0 });
    expect(long.reasoning).toMatch(
      /^123456789012345 \(read from "123456789012345"\) differs by 1 from the ground truth 123456789012344 /,
    );
    const close = await evaluate('The total is 25587.02', '25587', { absolute_tolerance: 0.01 });
    expect(close.reasoning).toMatch(/differs by 0\.02 from the ground truth 25587 /);
    const edge = await evaluate('It is 100.000000000001', '90', { absolute_tolerance: 10 });
    expect(edge.passed).toBe(false);
    expect(edge.reasoning).toMatch(/differs by 10\.000000000001 from/);
    // Numbers that read alike at 15 digits and fail: every digit the doubles hold, never "differs by 0".
    const alike = await evaluate('It is 0.1234567890123457', '0.1234567890123456', { absolute_tolerance: 0 });
    expect(alike.passed).toBe(false);
    expect(alike.reasoning).toMatch(
      /^0\.1234567890123457 \(read from "0\.1234567890123457"\) differs by 1\.\d+e-16 from the ground truth 0\.1234567890123456 /,
    );
  });

  it('errors instead of passing two numbers beyond 2^53 a double cannot tell apart', async () => {
    await expect(evaluate('9007199254740993', '9007199254740992', { absolute_tolerance: 0 })).rejects.toThrow(
      '9007199254740992 and 9007199254740993 have more digits than a double keeps (beyond 2^53): they cannot be told apart within absolute_tolerance 0; compare them with the equality metric',
    );
    // The same digits, however grouped, and a tolerance a double can keep, still decide.
    expect(
      (await evaluate('9,007,199,254,740,993', '9007199254740993', { accept_thousands_separators: true })).passed,
    ).toBe(true);
    expect((await evaluate('9007199254740993', '9007199254740992', { absolute_tolerance: 10 })).passed).toBe(true);
  });

  it('explains a pass', async () => {
    const outcome = await evaluate('25587.0', '25587');
    expect(outcome).toMatchObject({ score: 1, passed: true });
    expect(outcome.reasoning).toContain('is within tolerance of the ground truth 25587');
  });

  it('reads a percentage as a fraction only, so a 100x slip fails', async () => {
    const asFraction = await evaluate('14.14%', '0.14136', { accept_percent: true, absolute_tolerance: 0.01 });
    expect(asFraction).toMatchObject({
      passed: true,
      details: { actual: 0.1414, actual_read_as: 'percent_as_fraction' },
    });
    expect(await evaluate('14.14%', '14.14', { accept_percent: true })).toMatchObject({ passed: false });
    expect(await evaluate('0.14%', '0.14', { accept_percent: true })).toMatchObject({ passed: false });
    expect(await evaluate('5%', '5', { accept_percent: true })).toMatchObject({ passed: false });
  });

  it('hints at accept_percent only when accepting the percentage would make the answer pass', async () => {
    const fixable = await evaluate('14.14%', '0.1414');
    expect(fixable).toMatchObject({ passed: false });
    expect(fixable.reasoning).toBe(
      `the agent response's number "14.14%" is a percentage (set accept_percent: true to accept it)`,
    );
    const unfixable = await evaluate('The rate is 14.14%.', '14.14');
    expect(unfixable).toMatchObject({ passed: false, details: { expected: 14.14 } });
    expect(unfixable.reasoning).toBe(
      `the agent response's number "14.14%" is a percentage: read as a fraction, 0.1414, it differs by 13.9986 from the ground truth 14.14, so accept_percent would not make it pass`,
    );
    expect(unfixable.reasoning).not.toContain('set accept_percent');
    const grouped = await evaluate('1,414%', '14.14');
    expect(grouped.reasoning).toContain('uses thousands separators');
  });

  it.each<[string, string, string]>([
    ['', '25587', 'the agent response is empty'],
    ['I do not know', '25587', 'the agent response contains no number'],
  ])('scores 0 with a clear reason when %j vs %j cannot be compared', async (response, truth, reason) => {
    const outcome = await evaluate(response, truth);
    expect(outcome).toMatchObject({ score: 0, passed: false, reasoning: reason });
    expect(outcome.details).toMatchObject({ parse_error: reason });
  });

  it.each<[string, string, string]>([
    ['25587', 'yes', 'the ground truth "yes" is not a number: fix the test case'],
    ['25587', 'about 25587', 'the ground truth "about 25587" is not a number'],
    [
      '25587',
      '25,587',
      `the ground truth's number "25,587" uses thousands separators (set accept_thousands_separators: true to accept it)`,
    ],
    ['14%', '14%', `the ground truth's number "14%" is a percentage (set accept_percent: true to accept it)`],
  ])(
    'errors, not fails, when the ground truth of %j vs %j is no number it may read',
    async (response, truth, reason) => {
      await expect(evaluate(response, truth)).rejects.toMatchObject({ code: 'GROUND_TRUTH_NOT_A_NUMBER' });
      await expect(evaluate(response, truth)).rejects.toThrow(reason);
    },
  );

  it('names a long ground truth that is no number by its start and length, not in full', async () => {
    await expect(evaluate('1', `${'9'.repeat(100_000)}x`)).rejects.toThrow(
      `the ground truth "${'9'.repeat(80)}…" (100,001 characters) is not a number`,
    );
  });
});

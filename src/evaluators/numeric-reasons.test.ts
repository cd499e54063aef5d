/**
 * The numeric metric's reasons name what it read: a ground truth beyond a double is out of range (not "not a
 * number"), and a failed number with a scale word shows both its readings.
 */
import { describe, expect, it } from 'vitest';
import { evaluationInput } from '../../test/support/evaluators/evaluation-input.js';
import { SAMPLE_NUMERIC_METRIC } from '../../test/support/evaluators/sample-numeric-rows.js';
import { createNumericEvaluator, readGroundTruth } from './numeric.js';

describe('numeric metric reasons', () => {
  it('says a ground truth beyond a double is out of range', async () => {
    const evaluator = createNumericEvaluator(SAMPLE_NUMERIC_METRIC);
    await expect(evaluator.evaluate(evaluationInput('1e300', '1e400'))).rejects.toThrow(/"1e400" is out of range/);
    const read = readGroundTruth(SAMPLE_NUMERIC_METRIC, '-1e400');
    expect(read.ok ? '' : read.reason).toMatch(/out of range/);
  });

  it('still says a word is not a number', () => {
    const read = readGroundTruth(SAMPLE_NUMERIC_METRIC, 'twelve');
    expect(read.ok ? '' : read.reason).toMatch(/is not a number/);
  });

  it('shows both readings of a number with a scale word', async () => {
    const evaluator = createNumericEvaluator(SAMPLE_NUMERIC_METRIC);
    const outcome = await evaluator.evaluate(evaluationInput('14.1 billion', '14100'));
    expect(outcome.passed).toBe(false);
    expect(outcome.reasoning).toContain('14.1 (read from "14.1 billion")');
    expect(outcome.reasoning).toContain('read at its scale, 14100000000, it differs by 14099985900');
  });
});

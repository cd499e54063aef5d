/**
 * Tables of answers for the numeric metric with the options of the ConvFinQA sample, read from
 * sample/financial-assistant/agent.yaml so that the tables follow the sample: one row per answer, with the
 * ground truth, whether it passes and the value read from the answer (null when none is read).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { parse } from 'yaml';
import { extractResponseNumber } from '../../../src/evaluators/extract-number.js';
import { createNumericEvaluator, type NumericMetricConfig } from '../../../src/evaluators/numeric.js';
import { evaluationInput } from './evaluation-input.js';

export type NumericRow = readonly [answer: string, truth: string, passes: boolean, read: number | null];

interface SampleMetric {
  readonly metric?: string;
  readonly absolute_tolerance: number;
  readonly relative_tolerance: number;
  readonly accept_percent: boolean;
  readonly accept_thousands_separators: boolean;
}

function sampleNumericMetric(): NumericMetricConfig {
  const path = fileURLToPath(new URL('../../../sample/financial-assistant/agent.yaml', import.meta.url));
  const config = parse(readFileSync(path, 'utf8')) as { evaluations: { metrics: SampleMetric[] } };
  const metric = config.evaluations.metrics.find((entry) => entry.metric === 'numeric');
  if (metric === undefined) throw new Error(`${path} has no numeric metric`);
  return {
    type: 'standard',
    metric: 'numeric',
    name: 'numeric',
    enabled: true,
    threshold: null,
    absolute_tolerance: metric.absolute_tolerance,
    relative_tolerance: metric.relative_tolerance,
    accept_percent: metric.accept_percent,
    accept_thousands_separators: metric.accept_thousands_separators,
  };
}

export const SAMPLE_NUMERIC_METRIC: NumericMetricConfig = sampleNumericMetric();

/** Checks one row: the verdict of the sample's numeric metric, and the value it reads. */
export async function checkSampleNumericRow([answer, truth, passes, read]: NumericRow): Promise<void> {
  const outcome = await createNumericEvaluator(SAMPLE_NUMERIC_METRIC).evaluate(evaluationInput(answer, truth));
  expect(outcome.passed).toBe(passes);
  const extraction = extractResponseNumber(answer, SAMPLE_NUMERIC_METRIC);
  expect(extraction.ok ? extraction.token.value : null).toBe(read);
}

/** The reason the metric, with the sample's options, gives for failing `answer` against `truth` (it must fail). */
export async function sampleNumericFailure(answer: string, truth: string): Promise<string> {
  const outcome = await createNumericEvaluator(SAMPLE_NUMERIC_METRIC).evaluate(evaluationInput(answer, truth));
  expect(outcome.passed).toBe(false);
  return outcome.reasoning ?? '';
}

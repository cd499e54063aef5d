import { describe, expect, it } from 'vitest';
import { conversationCase, singleCase } from '../../test/support/dashboard/sample-results.js';
import { changedChecks } from './changed-checks.js';
import type { MetricResult, TestResult } from './results.js';

const metric = (metric_name: string, threshold: number | null, kind: MetricResult['kind'] = 'standard') => ({
  metric_name,
  kind,
  score: 0.5,
  threshold,
  passed: true,
  skipped: false,
  error: null,
  reasoning: null,
  details: null,
  evaluation_time_ms: 0,
});

const judgedBy = (result: TestResult, metrics: readonly MetricResult[]): TestResult => ({
  ...result,
  metric_results: metrics,
});

describe('changedChecks', () => {
  it('is empty when the case is judged by the same metrics at the same thresholds', () => {
    const a = judgedBy(singleCase('c', true), [metric('bleu', 0.9), metric('equality', null)]);
    expect(changedChecks(a, judgedBy(singleCase('c', false), [metric('equality', null), metric('bleu', 0.9)]))).toEqual(
      [],
    );
  });

  it('names a threshold moved, a metric dropped and one added', () => {
    const a = judgedBy(singleCase('c', false), [metric('bleu', 0.9), metric('equality', null)]);
    const b = judgedBy(singleCase('c', true), [metric('bleu', 0.1), metric('rouge', 0.5)]);
    expect(changedChecks(a, b)).toEqual(['bleu threshold 0.9 → 0.1', 'equality dropped', 'rouge added']);
  });

  it('does not hold a turn that ended before its metrics ran against the case', () => {
    const a = judgedBy(singleCase('c', true), [metric('bleu', 0.9)]);
    const erred = { ...judgedBy(singleCase('c', false), []), errors: ['the model timed out'] };
    expect(changedChecks(a, erred)).toEqual([]);
  });

  it('names the turn of a multi-turn case whose checks differ', () => {
    const a = conversationCase('talk');
    const turns = a.turns?.map((turn, at) => (at === 1 ? { ...turn, metric_results: [metric('bleu', 0.2)] } : turn));
    const b = { ...a, turns };
    expect(changedChecks(a, b)).toEqual([
      'turn 2/3: numeric dropped',
      'turn 2/3: turn_program_equivalence dropped',
      'turn 2/3: bleu added',
    ]);
  });
});

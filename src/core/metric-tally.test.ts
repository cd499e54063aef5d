import { describe, expect, it } from 'vitest';
import { type EvaluatedCase, summarizeMetrics, type TalliedMetric } from './metric-tally.js';

const metric = (passed: boolean, score: number): TalliedMetric => ({
  metric_name: 'equality',
  score,
  passed,
  skipped: false,
  error: null,
});

describe('summarizeMetrics', () => {
  it('counts every turn of a conversation and skips what was skipped', () => {
    const conversation: EvaluatedCase = {
      metric_results: [metric(false, 0.5)],
      turns: [
        { metric_results: [metric(true, 1)] },
        { metric_results: [metric(false, 0), { ...metric(false, 0), skipped: true }] },
      ],
    };
    expect(summarizeMetrics([conversation])).toEqual([
      { metric_name: 'equality', mean_score: 0.5, passed: 1, failed: 1, errored: 0 },
    ]);
  });

  it('counts every repeat of a repeated case, not only the one its fields show', () => {
    const repeated: EvaluatedCase = {
      metric_results: [metric(false, 0)],
      repeats: [
        { metric_results: [metric(true, 1)] },
        { metric_results: [metric(true, 1)] },
        { metric_results: [metric(false, 0)] },
      ],
    };
    expect(summarizeMetrics([repeated])).toEqual([
      { metric_name: 'equality', mean_score: 2 / 3, passed: 2, failed: 1, errored: 0 },
    ]);
  });
});

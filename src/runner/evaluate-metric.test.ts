import { describe, expect, it } from 'vitest';
import { EXACT_METRIC } from '../../test/support/runner/runner-fixtures.js';
import type { MetricConfig } from '../core/config-types.js';
import type { EvaluationInput, Evaluator, MetricOutcome } from '../core/evaluator.js';
import { evaluateMetric } from './evaluate-metric.js';

function input(extra: Partial<EvaluationInput> = {}): EvaluationInput {
  return {
    test_case_name: 'case',
    turn_index: 0,
    turn_input: 'What was the change?',
    agent_response: '25587',
    ground_truth: '25587',
    retrieval_context: null,
    tool_invocations: [],
    turn_config: {},
    turn: {},
    earlier_turns: [],
    signal: new AbortController().signal,
    ...extra,
  };
}

function evaluator(
  outcome: () => Promise<MetricOutcome> | MetricOutcome,
  extra: Partial<Omit<Evaluator, 'evaluate'>> = {},
): Evaluator {
  return {
    name: 'scripted',
    requires_ground_truth: false,
    requires_retrieval_context: false,
    default_threshold: null,
    async evaluate() {
      return outcome();
    },
    ...extra,
  };
}

/** A clock that advances 7 ms per reading. */
function clock(): () => number {
  let t = 1000;
  return () => {
    t += 7;
    return t;
  };
}

const withThreshold = (threshold: number | null): MetricConfig => ({ ...EXACT_METRIC, threshold });

describe('evaluateMetric', () => {
  it('without any threshold, passes only a perfect score', async () => {
    const perfect = await evaluateMetric(
      withThreshold(null),
      evaluator(() => ({ score: 1 })),
      input(),
      clock(),
    );
    const almost = await evaluateMetric(
      withThreshold(null),
      evaluator(() => ({ score: 0.99 })),
      input(),
      clock(),
    );
    expect(perfect.result).toMatchObject({ passed: true, score: 1, threshold: null, skipped: false, error: null });
    expect(almost.result).toMatchObject({ passed: false, score: 0.99 });
  });

  it('compares with the configured threshold, else the metric default, inclusively', async () => {
    const atThreshold = await evaluateMetric(
      withThreshold(0.5),
      evaluator(() => ({ score: 0.5 })),
      input(),
      clock(),
    );
    expect(atThreshold.result).toMatchObject({ passed: true, threshold: 0.5 });
    const below = await evaluateMetric(
      withThreshold(null),
      evaluator(() => ({ score: 0.69 }), { default_threshold: 0.7 }),
      input(),
      clock(),
    );
    expect(below.result).toMatchObject({ passed: false, threshold: 0.7 });
    const configWins = await evaluateMetric(
      withThreshold(0.6),
      evaluator(() => ({ score: 0.65 }), { default_threshold: 0.7 }),
      input(),
      clock(),
    );
    expect(configWins.result).toMatchObject({ passed: true, threshold: 0.6 });
  });

  it("keeps a check's own verdict unless the configuration sets a threshold, which then decides", async () => {
    const verdict = () => evaluator(() => ({ score: 0, passed: false, reasoning: 'differs', details: { unit: '%' } }));
    // No threshold configured: the check says.
    const own = await evaluateMetric(withThreshold(null), verdict(), input(), clock());
    expect(own.result).toMatchObject({ passed: false, score: 0, reasoning: 'differs', details: { unit: '%' } });
    // threshold: 0 asks that any score pass: it does, rather than reading "score 0 < threshold 0" as a failure.
    const lenient = await evaluateMetric(withThreshold(0), verdict(), input(), clock());
    expect(lenient.result).toMatchObject({ passed: true, score: 0, threshold: 0 });
    const strict = await evaluateMetric(withThreshold(0.5), verdict(), input(), clock());
    expect(strict.result).toMatchObject({ passed: false, threshold: 0.5 });
  });

  it("keeps a code grader's own passed over its threshold", async () => {
    const grader: MetricConfig = {
      type: 'code',
      name: 'grader',
      enabled: true,
      threshold: 0.5,
      grader: 'g.ts:g',
      timeout_ms: 1000,
      grader_fn: () => true,
    };
    const vetoed = await evaluateMetric(
      grader,
      evaluator(() => ({ score: 0.9, passed: false, reasoning: 'wrong unit' })),
      input(),
      clock(),
    );
    expect(vetoed.result).toMatchObject({ passed: false, score: 0.9, reasoning: 'wrong unit' });
  });

  it('skips a ground-truth metric on a turn without one, and a RAG metric without retrieval context', async () => {
    let calls = 0;
    const counted = (extra: Partial<Omit<Evaluator, 'evaluate'>>) =>
      evaluator(() => {
        calls += 1;
        return { score: 1 };
      }, extra);
    const noTruth = await evaluateMetric(
      withThreshold(null),
      counted({ requires_ground_truth: true }),
      input({ ground_truth: '' }),
      clock(),
    );
    expect(noTruth.result).toMatchObject({
      skipped: true,
      passed: null,
      score: null,
      reasoning: 'skipped: the turn has no ground_truth',
      evaluation_time_ms: 0,
    });
    const noContext = await evaluateMetric(
      withThreshold(null),
      counted({ requires_retrieval_context: true }),
      input({ retrieval_context: [] }),
      clock(),
    );
    expect(noContext.result).toMatchObject({ skipped: true, reasoning: 'skipped: the turn has no retrieval_context' });
    expect(calls).toBe(0);
  });

  it('turns anything the evaluator throws into a failed, errored metric with its timing — never a pass', async () => {
    const thrown = await evaluateMetric(
      withThreshold(0),
      evaluator(() => {
        throw new TypeError('judge returned no JSON');
      }),
      input(),
      clock(),
    );
    expect(thrown.result).toMatchObject({
      passed: false,
      skipped: false,
      score: null,
      error: 'judge returned no JSON',
      evaluation_time_ms: 7,
    });
    const rejectedWithText = await evaluateMetric(
      withThreshold(0),
      evaluator(() => Promise.reject('offline')),
      input(),
      clock(),
    );
    expect(rejectedWithText.result).toMatchObject({ passed: false, error: 'offline' });
    const nameOnly = await evaluateMetric(
      withThreshold(0),
      evaluator(() => {
        throw new RangeError('');
      }),
      input(),
      clock(),
    );
    expect(nameOnly.result.error).toBe('RangeError');
  });

  it('gives code graders their grader detail, and no other metric', async () => {
    const code: MetricConfig = {
      type: 'code',
      name: 'program',
      grader: 'graders/program.ts:grade',
      enabled: true,
      threshold: null,
      timeout_ms: 1000,
    } as MetricConfig;
    const graded = await evaluateMetric(
      code,
      evaluator(() => ({ score: 0, passed: false, reasoning: 'divide missing', details: ['subtract'] })),
      input(),
      clock(),
    );
    expect(graded.grader_detail).toEqual({
      metric_name: 'program',
      grader: 'graders/program.ts:grade',
      score: 0,
      passed: false,
      reason: 'divide missing',
      details: ['subtract'],
      error: null,
    });
    const plain = await evaluateMetric(
      withThreshold(null),
      evaluator(() => ({ score: 1 })),
      input(),
      clock(),
    );
    expect(plain.grader_detail).toBeNull();
  });
});

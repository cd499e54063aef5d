import { describe, expect, it } from 'vitest';
import { multiCase, turn } from '../../test/support/runner/runner-fixtures.js';
import type { MetricResult, TurnFields, TurnResult } from '../core/results.js';
import { rollupMetrics, rollupTestCase } from './rollup-test-case.js';
import { emptyTurn, settleTurn } from './run-turn.js';

function metric(name: string, extra: Partial<MetricResult> = {}): MetricResult {
  return {
    metric_name: name,
    kind: 'standard',
    score: 1,
    threshold: null,
    passed: true,
    skipped: false,
    error: null,
    reasoning: null,
    details: null,
    evaluation_time_ms: 2,
    ...extra,
  };
}

function turnResult(index: number, extra: Partial<TurnFields> = {}, assertionsHeld = true): TurnResult {
  const fields: TurnFields = {
    ...emptyTurn(turn(index, `question ${index + 1}`)),
    response: `answer ${index + 1}`,
    token_usage: {
      prompt_tokens: 10,
      completion_tokens: 2,
      total_tokens: 12,
      cache_read_tokens: 1,
      cache_creation_tokens: 0,
    },
    ...extra,
  };
  return settleTurn(fields, assertionsHeld);
}

const TWO_TURNS = multiCase('jkhy', [turn(0, 'question 1'), turn(1, 'question 2')]);

describe('rollupMetrics', () => {
  it('averages a metric over the turns that ran it, passing only when every one passed', () => {
    const [rolled] = rollupMetrics([
      turnResult(0, { metric_results: [metric('numeric', { score: 1 })] }),
      turnResult(1, { metric_results: [metric('numeric', { score: 0, passed: false })] }),
      turnResult(2, { metric_results: [metric('numeric', { skipped: true, passed: null, score: null })] }),
    ]);
    expect(rolled).toMatchObject({
      metric_name: 'numeric',
      score: 0.5,
      passed: false,
      skipped: false,
      reasoning: '1/2 turns passed (1 skipped)',
      evaluation_time_ms: 6,
    });
  });

  it('counts an errored turn as 0 and keeps its error, so a broken grader cannot raise the mean', () => {
    const [rolled] = rollupMetrics([
      turnResult(0, { metric_results: [metric('program', { score: 1 })] }),
      turnResult(1, { metric_results: [metric('program', { score: null, passed: false, error: 'grader threw' })] }),
    ]);
    expect(rolled).toMatchObject({ score: 0.5, passed: false, error: 'grader threw' });
  });

  it('says how many turns errored before any metric ran, which gave no verdict', () => {
    const errored = settleTurn({ ...emptyTurn(turn(0, 'question 1')), errors: ['model request failed'] }, false);
    const [rolled] = rollupMetrics([
      errored,
      turnResult(1, { metric_results: [metric('equality')] }),
      turnResult(2, { metric_results: [metric('equality')] }),
    ]);
    expect(errored.status).toBe('error');
    expect(rolled).toMatchObject({ passed: true, reasoning: '2/2 turns passed; 1 errored turn ran no metric' });
  });

  it('keeps the threshold the turns share, and none when their thresholds differ', () => {
    const [shared] = rollupMetrics([
      turnResult(0, { metric_results: [metric('bleu', { threshold: 0.4 })] }),
      turnResult(1, { metric_results: [metric('bleu', { threshold: 0.4 })] }),
    ]);
    expect(shared?.threshold).toBe(0.4);
    const [mixed] = rollupMetrics([
      turnResult(0, { metric_results: [metric('bleu', { threshold: 0.1 })] }),
      turnResult(1, { metric_results: [metric('bleu', { threshold: 0.9, passed: false })] }),
    ]);
    expect(mixed).toMatchObject({ threshold: null, passed: false });
  });

  it('marks a metric no turn ran as skipped with passed null, and keeps one entry per metric in first-seen order', () => {
    const rolled = rollupMetrics([
      turnResult(0, {
        metric_results: [metric('bleu', { skipped: true, passed: null, score: null }), metric('exact')],
      }),
      turnResult(1, { metric_results: [metric('exact')] }),
    ]);
    expect(rolled.map((m) => m.metric_name)).toEqual(['bleu', 'exact']);
    expect(rolled[0]).toMatchObject({
      skipped: true,
      passed: null,
      score: null,
      reasoning: '0/0 turns passed (1 skipped)',
    });
    expect(rolled[1]).toMatchObject({ passed: true, score: 1, reasoning: '2/2 turns passed' });
  });
});

describe('rollupTestCase', () => {
  it('says an error once when a single-turn case and its turn both carry it (a worker thread that was stopped)', () => {
    const single = { ...multiCase('one', [turn(0, 'question 1')]), kind: 'single' as const };
    const stopped = turnResult(0, { errors: ['the case’s worker thread was stopped'] });
    const result = rollupTestCase(single, [stopped], 10, '2026-12-04T00:00:00.000Z', [
      'the case’s worker thread was stopped',
    ]);
    expect(result.errors).toEqual(['the case’s worker thread was stopped']);
    const multi = rollupTestCase(
      TWO_TURNS,
      [turnResult(0), turnResult(1, { errors: ['lost'] })],
      10,
      '2026-12-04T00:00:00.000Z',
      ['lost'],
    );
    expect(multi.errors).toEqual(['lost', 'turn 2/2: lost']);
  });

  it('passes a multi-turn case only when every turn passed, with summed usage and the last answer', () => {
    const result = rollupTestCase(TWO_TURNS, [turnResult(0), turnResult(1)], 120, '2026-12-04T00:00:00.000Z', []);
    expect(result).toMatchObject({
      test_name: 'jkhy',
      status: 'passed',
      passed: true,
      test_input: 'question 1\n---\nquestion 2',
      agent_response: 'answer 2',
      execution_time_ms: 120,
      token_usage: { prompt_tokens: 20, completion_tokens: 4, total_tokens: 24, cache_read_tokens: 2 },
      tools_matched: null,
      expected_tools: null,
    });
    expect(result.turns).toHaveLength(2);
  });

  it('fails the case on a failed turn and errors it on an errored turn, labelling turn errors by turn', () => {
    const failed = rollupTestCase(TWO_TURNS, [turnResult(0), turnResult(1, {}, false)], 1, 't', []);
    expect(failed).toMatchObject({ status: 'failed', passed: false });
    const errored = rollupTestCase(
      TWO_TURNS,
      [turnResult(0, {}, false), turnResult(1, { errors: ['model unreachable'] })],
      1,
      't',
      [],
    );
    expect(errored).toMatchObject({ status: 'error', passed: false, errors: ['turn 2/2: model unreachable'] });
  });

  it('errors a case whose session failed, even when every turn it reached passed, case errors first', () => {
    const result = rollupTestCase(TWO_TURNS, [turnResult(0), turnResult(1)], 1, 't', ['the session did not close']);
    expect(result).toMatchObject({ status: 'error', passed: false, errors: ['the session did not close'] });
  });

  it('rolls tool assertions up over the turns that asserted tools only', () => {
    const result = rollupTestCase(
      TWO_TURNS,
      [turnResult(0, { tools_matched: true, tool_calls: ['lookup'] }), turnResult(1, { tool_calls: ['divide'] })],
      1,
      't',
      [],
    );
    expect(result).toMatchObject({ tools_matched: true, tool_calls: ['lookup', 'divide'] });
    const broken = rollupTestCase(
      TWO_TURNS,
      [turnResult(0, { tools_matched: false }, false), turnResult(1)],
      1,
      't',
      [],
    );
    expect(broken.tools_matched).toBe(false);
  });

  it('reports a single-turn case flat: no turns list, its own metrics and unlabelled errors', () => {
    const single = { ...TWO_TURNS, kind: 'single' as const, turns: [turn(0, 'question 1')] };
    const result = rollupTestCase(
      single,
      [turnResult(0, { metric_results: [metric('exact', { score: 0, passed: false })], errors: ['late'] }, true)],
      1,
      't',
      [],
    );
    expect(result.turns).toBeUndefined();
    expect(result.metric_results).toEqual([metric('exact', { score: 0, passed: false })]);
    expect(result.errors).toEqual(['late']);
    expect(result.arg_match_details).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { singleCase } from '../../test/support/dashboard/sample-results.js';
import { checkedDifferently, compareNotices, type NoticeRun, snapshotFacts } from './compare-notices.js';
import type { MetricResult, TestResult } from './results.js';

const geval: MetricResult = {
  metric_name: 'sense',
  kind: 'geval',
  score: 0.9,
  threshold: 0.5,
  passed: true,
  skipped: false,
  error: null,
  reasoning: null,
  details: null,
  evaluation_time_ms: 0,
};

const withMetrics = (result: TestResult, metrics: readonly MetricResult[]): TestResult => ({
  ...result,
  metric_results: metrics,
});

function run(fields: Partial<NoticeRun> = {}): NoticeRun {
  return {
    agent_name: 'support',
    finished: true,
    results: [singleCase('hours', true)],
    selection: 'all test cases',
    repeat: 1,
    min_pass_rate: 1,
    judge: 'openai:gpt-4o-mini',
    agent_metrics: [],
    ...fields,
  };
}

const kinds = (a: NoticeRun, b: NoticeRun) => compareNotices(a, b).map((notice) => notice.kind);

describe('compareNotices', () => {
  it('says nothing of two runs of one agent, suite, checks, judge and repeat settings', () => {
    expect(compareNotices(run(), run())).toEqual([]);
  });

  it('names the cases judged by other metrics or thresholds in run B', () => {
    const b = run({ results: [withMetrics(singleCase('hours', true), [])] });
    expect(checkedDifferently(run().results, b.results)).toEqual(['hours']);
    expect(compareNotices(run(), b)).toEqual([
      {
        kind: 'checks',
        text: '1 test case of the same name is judged by other metrics or thresholds in run B: "hours" — a verdict that changed may come from the checks, not the agent',
      },
    ]);
  });

  it("says the agent's metrics are set otherwise when the snapshots' evaluations.metrics differ", () => {
    const b = run({ agent_metrics: [{ type: 'geval', name: 'sense', criteria: 'Kind.' }] });
    expect(kinds(run(), b)).toEqual(['agent_metrics']);
    expect(kinds(run({ agent_metrics: undefined }), b)).toEqual([]);
  });

  it('names both judges when a judged metric is compared, and only then', () => {
    const judged = [withMetrics(singleCase('hours', true), [geval])];
    const a = run({ results: judged, judge: 'openai:agent' });
    const b = run({ results: judged, judge: 'openai:judge-b' });
    expect(compareNotices(a, b)).toEqual([
      {
        kind: 'judge',
        text: "run A was judged by openai:agent, run B by openai:judge-b (evaluations.model, else the run's model): the scores of sense may have changed with the judge",
      },
    ]);
    expect(kinds(run({ judge: 'openai:agent' }), run({ judge: 'openai:judge-b' }))).toEqual([]);
    expect(kinds(a, run({ results: judged, judge: null }))).toEqual([]);
  });

  it('says what run B did not run, the agents and the repeat settings', () => {
    const a = run({ results: [singleCase('good', true), singleCase('bad', false)] });
    const b = run({ agent_name: 'other', results: [singleCase('good', true)], selection: 'filter "good"', repeat: 3 });
    expect(compareNotices(a, b).map((notice) => notice.text)).toEqual([
      'run A is of agent "support", run B of agent "other": test cases are compared by name',
      'run A ran each test case once, run B 3 times, passing at 1: verdicts, tokens and cost follow different repeat settings',
      '1 test case of run A did not run in run B (it ran filter "good", run A all test cases): they are listed as removed, not compared, and run B\'s rates are of the cases it ran',
    ]);
    expect(kinds(a, { ...b, finished: false })).toEqual(['agents', 'repeat']);
  });
});

describe('snapshotFacts', () => {
  const model = { provider: 'openai', name: 'agent' };
  it('reads the judge from evaluations.model, else the run model, and the repeat settings', () => {
    const snapshot = (judge: unknown) => ({
      evaluations: { model: judge, metrics: [{ name: 'x' }] },
      execution: { repeat: 3, min_pass_rate: 0.5 },
    });
    expect(snapshotFacts({ model, config_snapshot: snapshot({ provider: 'anthropic', name: 'j' }) })).toEqual({
      judge: 'anthropic:j',
      agent_metrics: [{ name: 'x' }],
      repeat: 3,
      min_pass_rate: 0.5,
    });
    expect(snapshotFacts({ model, config_snapshot: snapshot(null) }).judge).toBe('openai:agent');
    expect(snapshotFacts({ model, config_snapshot: null })).toEqual({
      judge: null,
      agent_metrics: undefined,
      repeat: 1,
      min_pass_rate: 1,
    });
  });
});

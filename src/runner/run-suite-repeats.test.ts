import { describe, expect, it } from 'vitest';
import {
  answer,
  deps,
  multiCase,
  SUITE_CONFIG,
  SUITE_OPTIONS,
  scriptedBackend,
  turn,
} from '../../test/support/runner/runner-fixtures.js';
import type { RunInfo } from '../core/reporter.js';
import type { TestResult } from '../core/results.js';
import { runSuite } from './run-suite.js';

const config = SUITE_CONFIG;

const options = SUITE_OPTIONS;

function twoTurnCase(name: string, index: number) {
  return multiCase(
    name,
    [turn(0, `${name}:q0`, { ground_truth: 'ok' }), turn(1, `${name}:q1`, { ground_truth: 'ok' })],
    index,
  );
}

/** Answers "ok" except where `fails` says: a set of `case:turn:repeat` keys, counted per session opened. */
function backendFailing(fails: ReadonlySet<string>) {
  const opened = new Map<string, number>();
  return scriptedBackend((request) => {
    const [name, q] = request.input.split(':') as [string, string];
    if (q === 'q0') opened.set(name, (opened.get(name) ?? 0) + 1);
    const repeat = (opened.get(name) ?? 1) - 1;
    return answer(fails.has(`${name}:${q.slice(1)}:${repeat}`) ? 'wrong' : 'ok');
  });
}

describe('runSuite with repeats', () => {
  it('runs every case N times round by round, each repeat in a fresh session, and rolls the repeats up', async () => {
    const { backend, sessions } = backendFailing(new Set(['a:1:1', 'a:1:3']));
    const repeatEnds: string[] = [];
    const ended: TestResult[] = [];
    let info: RunInfo | null = null;
    const outcome = await runSuite(
      config,
      [twoTurnCase('a', 0), twoTurnCase('b', 1)],
      { ...options, repeat: 4 },
      deps(backend, {
        reporter: {
          onBegin: (begun) => {
            info = begun;
          },
          onRepeatEnd: (result, index, repeat) => void repeatEnds.push(`${result.test_name}#${index}.${repeat}`),
          onTestCaseEnd: (result) => void ended.push(result),
        },
      }),
    );
    expect(sessions.map((s) => s.name)).toEqual(['a', 'b', 'a', 'b', 'a', 'b', 'a', 'b']);
    expect(sessions.every((s) => s.closed && s.inputs.length === 2)).toBe(true);
    expect(repeatEnds).toEqual(['a#0.0', 'b#1.0', 'a#0.1', 'b#1.1', 'a#0.2', 'b#1.2', 'a#0.3', 'b#1.3']);
    expect(info).toMatchObject({ total_cases: 2, total_turns: 16, repeat: 4 });
    const [a, b] = outcome.report.results as [TestResult, TestResult];
    expect(ended.map((r) => r.test_name)).toEqual(['a', 'b']);
    expect(a.status).toBe('failed');
    expect(a.repeats?.map((r) => r.status)).toEqual(['passed', 'failed', 'passed', 'failed']);
    // The case shows its first failing repeat.
    expect(a.turns?.[1]?.response).toBe('wrong');
    expect(a.repeat_stats).toMatchObject({
      runs: 4,
      passed: 2,
      failed: 2,
      pass_rate: 0.5,
      flaky: true,
      min_pass_rate: 1,
    });
    expect(a.repeat_stats?.pass_hat_k).toEqual([0.5, 1 / 6, 0, 0]);
    expect(a.repeat_stats?.pass_at_k).toEqual([0.5, 1 - 1 / 6, 1, 1]);
    expect(a.repeat_stats?.turns?.map((t) => [t.turn_index, t.passed, t.flaky])).toEqual([
      [0, 4, false],
      [1, 2, true],
    ]);
    expect(b.status).toBe('passed');
    expect(b.repeat_stats).toMatchObject({ runs: 4, passed: 4, flaky: false, pass_hat_k: [1, 1, 1, 1] });
    expect(b.token_usage.total_tokens).toBe(4 * 2 * 11);
    expect(outcome.report.summary).toMatchObject({
      total_tests: 2,
      passed: 1,
      failed: 1,
      total_turns: 16,
      passed_turns: 14,
      repeats: 4,
      flaky_tests: 1,
    });
  });

  it('passes a case whose pass rate reaches --min-pass-rate, and keeps it flaky', async () => {
    const { backend } = backendFailing(new Set(['a:0:2']));
    const outcome = await runSuite(
      config,
      [twoTurnCase('a', 0)],
      { ...options, repeat: 4, min_pass_rate: 0.75 },
      deps(backend),
    );
    const [a] = outcome.report.results as [TestResult];
    expect(a).toMatchObject({ status: 'passed', passed: true });
    expect(a.repeat_stats).toMatchObject({ passed: 3, pass_rate: 0.75, flaky: true, min_pass_rate: 0.75 });
    // The case shows a passing repeat.
    expect(a.turns?.every((t) => t.status === 'passed')).toBe(true);
  });

  it('interleaves repeats in the pool: with -j 2, the first repeats of every case start before any second one', async () => {
    const { backend, sessions, maxOpen } = backendFailing(new Set());
    await runSuite(
      config,
      [twoTurnCase('a', 0), twoTurnCase('b', 1), twoTurnCase('c', 2)],
      { ...options, parallel_test_cases: 2, repeat: 3 },
      deps(backend),
    );
    expect(maxOpen()).toBe(2);
    // Not all repeats of a first: c's first session opens among the first four, and every case's first three.
    const names = sessions.map((s) => s.name);
    expect(names.indexOf('c')).toBeLessThan(4);
    expect(names.slice(0, 4).sort()).toEqual(expect.arrayContaining(['a', 'b', 'c']));
    expect(names.slice(6).sort()).toEqual(['a', 'b', 'c']);
    expect(sessions).toHaveLength(9);
  });

  it('runs only the repeats an earlier session did not finish (--resume)', async () => {
    const first = await runSuite(
      config,
      [twoTurnCase('a', 0)],
      { ...options, repeat: 3 },
      deps(backendFailing(new Set(['a:0:0'])).backend),
    );
    const done = first.report.results[0]?.repeats ?? [];
    const { backend, sessions } = backendFailing(new Set());
    const outcome = await runSuite(
      config,
      [twoTurnCase('a', 0)],
      {
        ...options,
        repeat: 3,
        restored: {
          names: new Set(),
          results: async function* () {},
          started_at: new Date(0).toISOString(),
          elapsed_ms: 0,
          repeats: [
            { test_name: 'a', repeat: 0, result: done[0]! },
            { test_name: 'a', repeat: 2, result: done[2]! },
          ],
        },
      },
      deps(backend),
    );
    expect(sessions).toHaveLength(1);
    const [a] = outcome.report.results as [TestResult];
    expect(a.repeats?.map((r) => r.status)).toEqual(['failed', 'passed', 'passed']);
    expect(a.repeat_stats?.passed).toBe(2);
  });

  it('rolls up a case whose every repeat an earlier session finished, without running it', async () => {
    const first = await runSuite(
      config,
      [twoTurnCase('a', 0)],
      { ...options, repeat: 2 },
      deps(backendFailing(new Set()).backend),
    );
    const done = first.report.results[0]?.repeats ?? [];
    const { backend, sessions } = backendFailing(new Set());
    const outcome = await runSuite(
      config,
      [twoTurnCase('a', 0)],
      {
        ...options,
        repeat: 2,
        restored: {
          names: new Set(),
          results: async function* () {},
          started_at: new Date(0).toISOString(),
          elapsed_ms: 0,
          repeats: done.map((result, repeat) => ({ test_name: 'a', repeat, result })),
        },
      },
      deps(backend),
    );
    expect(sessions).toHaveLength(0);
    expect(outcome.state).toBe('completed');
    expect(outcome.report.results[0]).toMatchObject({ status: 'passed', repeat_stats: { runs: 2, passed: 2 } });
  });

  it('counts the tokens of the repeats of a case the run did not finish, when it is interrupted', async () => {
    const stop = new AbortController();
    const repeated: TestResult[] = [];
    const outcome = await runSuite(
      config,
      [twoTurnCase('a', 0)],
      { ...options, repeat: 3 },
      deps(backendFailing(new Set()).backend, {
        stop: stop.signal,
        reporter: {
          onRepeatEnd: (result) => {
            repeated.push(result);
            stop.abort();
          },
        },
      }),
    );
    expect(outcome.state).toBe('interrupted');
    expect(outcome.report.summary.total_tests).toBe(0);
    expect(repeated).toHaveLength(1);
    // Two turns of one repeat: 11 tokens each.
    expect(outcome.report.summary.token_usage.total_tokens).toBe(22);
    expect(repeated[0]?.token_usage.total_tokens).toBe(22);
  });

  it('without --repeat writes no repeat fields', async () => {
    const outcome = await runSuite(config, [twoTurnCase('a', 0)], options, deps(backendFailing(new Set()).backend));
    expect(outcome.report.results[0]).not.toHaveProperty('repeats');
    expect(outcome.report.results[0]).not.toHaveProperty('repeat_stats');
    expect(outcome.report.summary).not.toHaveProperty('repeats');
    expect(outcome.report.summary).not.toHaveProperty('flaky_tests');
  });
});

describe('rollupRepeats and cost', () => {
  it('sums the cost of the repeats, unknown when one is unknown', async () => {
    const { rollupRepeats } = await import('./rollup-repeats.js');
    const { ZERO_COST } = await import('../core/cost.js');
    const outcome = await runSuite(
      config,
      [twoTurnCase('a', 0)],
      { ...options, repeat: 2 },
      deps(backendFailing(new Set()).backend),
    );
    const [one, two] = outcome.report.results[0]?.repeats ?? [];
    const priced = (usd: number | null) => ({ ...ZERO_COST, agent_usd: usd, priced_usd: usd ?? 0 });
    const rolled = rollupRepeats(
      [
        { ...one!, cost_usd: 0.25, cost: priced(0.25) },
        { ...two!, cost_usd: 0.5, cost: priced(0.5) },
      ],
      1,
    );
    expect(rolled).toMatchObject({ cost_usd: 0.75, cost: { agent_usd: 0.75, priced_usd: 0.75 } });
    const unknown = rollupRepeats(
      [
        { ...one!, cost_usd: 0.25, cost: priced(0.25) },
        { ...two!, cost_usd: null, cost: priced(null) },
      ],
      1,
    );
    expect(unknown).toMatchObject({ cost_usd: null, cost: { agent_usd: null, priced_usd: 0.25 } });
    expect(rollupRepeats([one!, two!], 1)).not.toHaveProperty('cost_usd');
  });
});

describe('createRepeatCollector', () => {
  it('schedules round by round within groups of cases, so a long suite keeps few cases open', async () => {
    const { createRepeatCollector } = await import('./repeat-collector.js');
    const cases = ['a', 'b', 'c', 'd', 'e'].map((name, index) => ({ testCase: twoTurnCase(name, index), index }));
    const order = createRepeatCollector(cases, 2, 1, [], 2).runs.map((r) => `${r.testCase.name}${r.repeat}`);
    expect(order).toEqual(['a0', 'b0', 'a1', 'b1', 'c0', 'd0', 'c1', 'd1', 'e0', 'e1']);
  });
});

describe('rollupRepeats', () => {
  it('refuses an empty list of repeats, saying so', async () => {
    const { rollupRepeats } = await import('./rollup-repeats.js');
    expect(() => rollupRepeats([], 1)).toThrow('rollupRepeats needs at least one repeat');
  });
});

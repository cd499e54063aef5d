import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  answer,
  deps,
  multiCase,
  SUITE_CONFIG,
  SUITE_OPTIONS,
  scriptedBackend,
  sleep,
  turn,
} from '../../test/support/runner/runner-fixtures.js';
import type { RunEnd, RunState } from '../core/reporter.js';
import type { TestResult } from '../core/results.js';
import { runSuite } from './run-suite.js';

function suite(count: number) {
  return Array.from({ length: count }, (_, i) =>
    multiCase(`case-${i}`, [turn(0, `q${i}`, { ground_truth: `a${i}` }), turn(1, `r${i}`)], i),
  );
}

const config = SUITE_CONFIG;

const options = { ...SUITE_OPTIONS, parallel_test_cases: 3 };

describe('runSuite', () => {
  it('runs cases concurrently up to the limit, each in its own session, and reports in case order', async () => {
    const { backend, sessions, maxOpen } = scriptedBackend(async (request) => {
      await sleep(20);
      return answer(request.input.replace('q', 'a'));
    });
    const ended: string[] = [];
    const outcome = await runSuite(
      config,
      suite(7),
      options,
      deps(backend, {
        reporter: { onTestCaseEnd: (result: TestResult) => void ended.push(result.test_name) },
      }),
    );
    expect(maxOpen()).toBe(3);
    expect(sessions).toHaveLength(7);
    expect(sessions.every((s) => s.inputs.length === 2 && s.closed)).toBe(true);
    expect(outcome.state).toBe('completed');
    expect(outcome.report.results.map((r) => r.test_name)).toEqual(suite(7).map((c) => c.name));
    expect(ended.sort()).toEqual(
      suite(7)
        .map((c) => c.name)
        .sort(),
    );
    expect(outcome.report.summary).toMatchObject({
      total_tests: 7,
      passed: 7,
      failed: 0,
      pass_rate: 1,
      total_turns: 14,
      passed_turns: 14,
      failed_turns: 0,
      skipped_turns: 0,
    });
  });

  it('stops scheduling on interruption, keeps finished cases and reports the state', async () => {
    const controller = new AbortController();
    const { backend, sessions } = scriptedBackend(async (request) => {
      if (request.input === 'q1') controller.abort();
      await sleep(10);
      return answer('x');
    });
    let endState: RunState | null = null;
    let endReport: RunEnd | null = null;
    const outcome = await runSuite(
      config,
      suite(6),
      { ...options, parallel_test_cases: 1 },
      deps(backend, {
        signal: controller.signal,
        reporter: {
          onEnd: (report, state) => {
            endReport = report;
            endState = state;
          },
        },
      }),
    );
    expect(outcome.state).toBe('interrupted');
    expect(endState).toBe('interrupted');
    expect(sessions).toHaveLength(2);
    expect(outcome.report.results.map((r) => r.test_name)).toEqual(['case-0']);
    expect(endReport!.summary.total_tests).toBe(1);
    expect(endReport).not.toHaveProperty('results');
    // The report says what it is missing: the summary counts only the case that finished.
    expect(endReport!.interrupted).toEqual({ selected_tests: 6, not_run: 5 });
    expect(outcome.report.interrupted).toEqual({ selected_tests: 6, not_run: 5 });
  });
});

describe('runSuite on long and interrupted runs', () => {
  it('keeps no results when asked, yet reports every case and a complete summary', async () => {
    const { backend } = scriptedBackend((request) => answer(request.input.replace('q', 'a')));
    const ended: string[] = [];
    const outcome = await runSuite(
      config,
      suite(5),
      { ...options, keep_results: false },
      deps(backend, { reporter: { onTestCaseEnd: (result) => void ended.push(result.test_name) } }),
    );
    expect(outcome.report.results).toEqual([]);
    expect(ended).toHaveLength(5);
    expect(outcome.report.summary).toMatchObject({ total_tests: 5, passed: 5, total_turns: 10, passed_turns: 10 });
  });

  it('holds on to no finished result when asked not to keep them (memory stays flat over long runs)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const big = 'x'.repeat(1_000_000);
    const { backend } = scriptedBackend((request) => answer(`${request.input}${big}`));
    const refs: WeakRef<TestResult>[] = [];
    const outcome = await runSuite(
      config,
      suite(30),
      { ...options, keep_results: false },
      deps(backend, { reporter: { onTestCaseEnd: (result) => void refs.push(new WeakRef(result)) } }),
    );
    expect(outcome.report.summary.total_tests).toBe(30);
    await sleep(0);
    gc();
    expect(refs.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
  });

  it('on stop starts no new case but lets running ones finish, and says the run was interrupted', async () => {
    const stop = new AbortController();
    const { backend, sessions } = scriptedBackend(async (request) => {
      if (request.input === 'q1') stop.abort();
      await sleep(20);
      return answer(request.input.replace('q', 'a'));
    });
    const outcome = await runSuite(config, suite(8), options, deps(backend, { stop: stop.signal }));
    expect(sessions.map((s) => s.name)).toEqual(['case-0', 'case-1', 'case-2']);
    expect(outcome.report.results.map((r) => [r.test_name, r.passed])).toEqual([
      ['case-0', true],
      ['case-1', true],
      ['case-2', true],
    ]);
    expect(outcome.state).toBe('interrupted');
  });

  it('on cancel after stop drops the running cases, whose sessions are still closed', async () => {
    const stop = new AbortController();
    const cancel = new AbortController();
    const { backend, sessions } = scriptedBackend(async (request) => {
      if (request.input === 'q1') {
        stop.abort();
        setTimeout(() => cancel.abort(), 5);
      }
      await sleep(request.input.startsWith('q') ? 30 : 0);
      return answer(request.input.replace('q', 'a'));
    });
    const outcome = await runSuite(
      config,
      suite(8),
      options,
      deps(backend, { stop: stop.signal, signal: cancel.signal }),
    );
    expect(outcome.state).toBe('interrupted');
    expect(outcome.report.results).toEqual([]);
    expect(sessions.every((s) => s.closed)).toBe(true);
  });

  it('resumes: restored cases are replayed, not run, and count in the summary and duration', async () => {
    const { backend, sessions } = scriptedBackend((request) => answer(request.input.replace('q', 'a')));
    const first = await runSuite(config, suite(4), { ...options, parallel_test_cases: 1 }, deps(backend));
    const earlier = first.report.results.filter((r) => r.test_name === 'case-1' || r.test_name === 'case-3');
    const ghost = { ...earlier[0]!, test_name: 'no-longer-selected' };
    sessions.length = 0;
    const restoredLog: string[] = [];
    const outcome = await runSuite(
      config,
      suite(4),
      {
        ...options,
        restored: {
          names: new Set(['case-1', 'case-3', 'no-longer-selected']),
          results: async function* () {
            yield* [...earlier, ghost, earlier[0]!];
          },
          started_at: '2026-01-01T00:00:00.000Z',
          elapsed_ms: 60_000,
        },
      },
      deps(backend, {
        reporter: {
          onBegin: (info) => void restoredLog.push(`begin:${info.restored_cases}`),
          onTestCaseRestored: (result, index) => void restoredLog.push(`${result.test_name}@${index}`),
        },
      }),
    );
    expect(sessions.map((s) => s.name).sort()).toEqual(['case-0', 'case-2']);
    expect(restoredLog).toEqual(['begin:2', 'case-1@1', 'case-3@3']);
    expect(outcome.state).toBe('completed');
    expect(outcome.report.results.map((r) => r.test_name)).toEqual(['case-0', 'case-1', 'case-2', 'case-3']);
    expect(outcome.report.timestamp).toBe('2026-01-01T00:00:00.000Z');
    expect(outcome.report.summary.total_tests).toBe(4);
    expect(outcome.report.summary.duration_ms).toBeGreaterThanOrEqual(60_000);
  });

  it('runs many cases in parallel on one run signal without a listener-leak warning', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => void warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const { backend } = scriptedBackend(async (request) => {
        await sleep(5);
        return answer(request.input.replace('q', 'a'));
      });
      const outcome = await runSuite(config, suite(40), { ...options, parallel_test_cases: 40 }, deps(backend));
      expect(outcome.report.summary.passed).toBe(40);
      await sleep(10);
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });
});

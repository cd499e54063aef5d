import { describe, expect, it } from 'vitest';
import type { AgentConfig } from '../core/config-types.js';
import type { RunState } from '../core/reporter.js';
import type { RunReport, TestResult } from '../core/results.js';
import { runSuite } from './run-suite.js';
import { answer, deps, EXACT_METRIC, multiCase, scriptedBackend, sleep, turn } from './runner-fixtures.js';

function suite(count: number) {
  return Array.from({ length: count }, (_, i) =>
    multiCase(`case-${i}`, [turn(0, `q${i}`, { ground_truth: `a${i}` }), turn(1, `r${i}`)], i),
  );
}

const config = {
  name: 'agent',
  config_path: '/tmp/agent.yaml',
  evaluations: { model: null, metrics: [EXACT_METRIC] },
} as unknown as AgentConfig;

const options = { run_id: 'r', holodeck_version: '0.0.0', parallel_test_cases: 3, turn_timeout_ms: 1000 };

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
    let endReport: RunReport | null = null;
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
  });
});

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
import type { TestResult } from '../core/results.js';
import { runSuite } from './run-suite.js';

const config = SUITE_CONFIG;

const options = SUITE_OPTIONS;

const cases = (count: number) =>
  Array.from({ length: count }, (_, i) => multiCase(`case-${i}`, [turn(0, `q${i}`, { ground_truth: `a${i}` })], i));

describe('runSuite and the reporters writing finished cases', () => {
  it('starts the next case while the last one is still being written, and ends only when all are written', async () => {
    const log: string[] = [];
    const { backend } = scriptedBackend((request) => {
      log.push(`ask ${request.input}`);
      return answer(request.input.replace('q', 'a'));
    });
    const outcome = await runSuite(
      config,
      cases(3),
      options,
      deps(backend, {
        reporter: {
          onTestCaseEnd: async (result: TestResult) => {
            await sleep(30);
            log.push(`written ${result.test_name}`);
          },
          onEnd: () => void log.push('end'),
        },
      }),
    );
    expect(outcome.state).toBe('completed');
    expect(log.indexOf('ask q1')).toBeLessThan(log.indexOf('written case-0'));
    expect(log.indexOf('ask q2')).toBeLessThan(log.indexOf('written case-0'));
    expect(log.slice(-4)).toEqual(['written case-0', 'written case-1', 'written case-2', 'end']);
  });

  it('fails the run with a write that failed, once the other cases are written, and never reports it as ended', async () => {
    const written: string[] = [];
    let ended = false;
    const { backend } = scriptedBackend((request) => answer(request.input.replace('q', 'a')));
    const run = runSuite(
      config,
      cases(4),
      options,
      deps(backend, {
        reporter: {
          onTestCaseEnd: async (result: TestResult) => {
            await sleep(10);
            if (result.test_name === 'case-1') throw new Error('cannot append to the run log: disk full');
            written.push(result.test_name);
          },
          onEnd: () => {
            ended = true;
          },
        },
      }),
    );
    await expect(run).rejects.toThrow('cannot append to the run log: disk full');
    expect(written).toContain('case-0');
    expect(ended).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { Reporter } from '../core/reporter.js';
import type { TestResult } from '../core/results.js';
import { lazyReporter } from './lazy-reporter.js';

const result = (name: string) => ({ test_name: name }) as TestResult;

describe('lazyReporter', () => {
  it('loads the reporter once, on the first hook, and hands it every hook in the order they came', async () => {
    const seen: string[] = [];
    let loads = 0;
    const reporter = lazyReporter(async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return {
        onTestCaseEnd: (r: TestResult, index: number) => void seen.push(`end ${r.test_name} ${index}`),
        onTestCaseRestored: (r: TestResult, index: number) => void seen.push(`restored ${r.test_name} ${index}`),
      } satisfies Reporter;
    });
    expect(loads).toBe(0);
    await Promise.all([
      reporter.onTestCaseEnd?.(result('b'), 1),
      reporter.onTestCaseRestored?.(result('a'), 0),
      reporter.onTestCaseEnd?.(result('c'), 2),
      reporter.onTurnEnd?.('c', {} as never), // a hook the reporter does not have
    ]);
    expect(loads).toBe(1);
    expect(seen).toEqual(['end b 1', 'restored a 0', 'end c 2']);
  });

  it('fails each hook with the load error, so the run reports the broken reporter', async () => {
    const reporter = lazyReporter(() => Promise.reject(new Error('cannot load the JUnit reporter')));
    await expect(reporter.onBegin?.({} as never)).rejects.toThrow('cannot load the JUnit reporter');
    await expect(reporter.onEnd?.({} as never, 'completed')).rejects.toThrow('cannot load the JUnit reporter');
  });
});

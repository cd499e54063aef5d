import { describe, expect, it } from 'vitest';
import { playReport } from '../../test/support/reporters/play-report.js';
import { passingConversation, sampleReport } from '../../test/support/reporters/report-scenarios.js';
import type { Reporter } from '../core/reporter.js';
import { multiplexReporter } from './multiplex-reporter.js';

function recorder(log: string[], name: string): Reporter {
  return {
    onBegin: (info) => void log.push(`${name}:begin:${info.total_cases}`),
    onTestCaseBegin: (test, index) => void log.push(`${name}:case-begin:${test}:${index}`),
    onTurnEnd: (test, turn) => void log.push(`${name}:turn:${test}:${turn.turn_index}`),
    onTestCaseEnd: (result, index) => void log.push(`${name}:case-end:${result.test_name}:${index}`),
    onTestCaseRestored: (result, index) => void log.push(`${name}:restored:${result.test_name}:${index}`),
    onEnd: async (end, state) => void log.push(`${name}:end:${end.summary.total_tests}:${state}`),
  };
}

const throwing: Reporter = {
  onBegin() {
    throw new Error('sync boom');
  },
  async onTestCaseEnd() {
    throw new Error('async boom');
  },
  onEnd: () => Promise.reject(new Error('end boom')),
};

describe('multiplexReporter', () => {
  it('forwards every hook with its arguments to every reporter', async () => {
    const log: string[] = [];
    const reporter = multiplexReporter([recorder(log, 'a'), {}, recorder(log, 'b')], () => {
      throw new Error('no error expected');
    });
    const report = { ...sampleReport(), results: [passingConversation()] };
    await playReport(reporter, report, 'interrupted');
    expect(log).toEqual([
      'a:begin:1',
      'b:begin:1',
      'a:case-begin:JKHY-2009:0',
      'b:case-begin:JKHY-2009:0',
      'a:turn:JKHY-2009:0',
      'b:turn:JKHY-2009:0',
      'a:turn:JKHY-2009:1',
      'b:turn:JKHY-2009:1',
      'a:case-end:JKHY-2009:0',
      'b:case-end:JKHY-2009:0',
      `a:end:${report.summary.total_tests}:interrupted`,
      `b:end:${report.summary.total_tests}:interrupted`,
    ]);
  });

  it('forwards restored cases of a resumed run', async () => {
    const log: string[] = [];
    const reporter = multiplexReporter([recorder(log, 'a'), {}, recorder(log, 'b')], () => {
      throw new Error('no error expected');
    });
    await reporter.onTestCaseRestored?.(passingConversation(), 3);
    expect(log).toEqual(['a:restored:JKHY-2009:3', 'b:restored:JKHY-2009:3']);
  });

  it('keeps the other reporters and the run going when one throws or rejects, and reports each error', async () => {
    const log: string[] = [];
    const errors: string[] = [];
    const reporter = multiplexReporter([throwing, recorder(log, 'ok')], (error, hook) => {
      errors.push(`${hook}: ${(error as Error).message}`);
    });
    await expect(playReport(reporter, sampleReport())).resolves.toBeUndefined();
    expect(log.filter((entry) => entry.startsWith('ok:case-end'))).toHaveLength(4);
    expect(log.at(-1)).toBe('ok:end:4:completed');
    expect(errors).toEqual([
      'onBegin: sync boom',
      'onTestCaseEnd: async boom',
      'onTestCaseEnd: async boom',
      'onTestCaseEnd: async boom',
      'onTestCaseEnd: async boom',
      'onEnd: end boom',
    ]);
  });

  it('survives an error handler that throws', async () => {
    const log: string[] = [];
    const reporter = multiplexReporter([throwing, recorder(log, 'ok')], () => {
      throw new Error('handler boom');
    });
    await expect(playReport(reporter, sampleReport())).resolves.toBeUndefined();
    expect(log.at(-1)).toBe('ok:end:4:completed');
  });

  it('waits for slow reporters before the hook settles', async () => {
    let finished = false;
    const slow: Reporter = {
      onEnd: () =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            finished = true;
            resolve();
          }, 20),
        ),
    };
    await multiplexReporter([slow], () => undefined).onEnd?.(sampleReport(), 'completed');
    expect(finished).toBe(true);
  });

  it('calls synchronous hooks without a promise, and settles after every asynchronous one', async () => {
    const log: string[] = [];
    const sync = multiplexReporter([recorder(log, 'a'), {}, recorder(log, 'b')], () => undefined);
    expect(sync.onTestCaseBegin?.('case', 0)).toBeUndefined();
    expect(log).toEqual(['a:case-begin:case:0', 'b:case-begin:case:0']);
    const order: string[] = [];
    const later = (name: string, ms: number): Reporter => ({
      onTestCaseBegin: () => new Promise<void>((resolve) => setTimeout(() => resolve(void order.push(name)), ms)),
    });
    const errors: string[] = [];
    const failing: Reporter = { onTestCaseBegin: () => Promise.reject(new Error('late boom')) };
    const mixed = multiplexReporter([later('slow', 30), recorder(log, 'c'), failing, later('quick', 5)], (error) =>
      errors.push((error as Error).message),
    );
    const settled = mixed.onTestCaseBegin?.('case', 1);
    // Every reporter was called at once, the synchronous one before any asynchronous one ended.
    expect(log.at(-1)).toBe('c:case-begin:case:1');
    expect(order).toEqual([]);
    await expect(settled).resolves.toBeUndefined();
    expect(order).toEqual(['quick', 'slow']);
    expect(errors).toEqual(['late boom']);
  });
});

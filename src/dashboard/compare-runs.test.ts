import { describe, expect, it } from 'vitest';
import { conversationCase, singleCase } from '../../test/support/dashboard/sample-results.js';
import { type RunSpec, recordOf } from '../../test/support/dashboard/write-records.js';
import type { TestResult } from '../core/results.js';
import { verdict } from '../core/status.js';
import { compareCases, compareRuns, metricDeltas } from './compare-runs.js';
import { parseRunRecord } from './parse-run-record.js';
import { requireRunId } from './run-id.js';
import { summarizeRun } from './summarize-run.js';

const older = [
  conversationCase('stays green'),
  conversationCase('regresses'),
  conversationCase('gets fixed', { failTurn: 2 }),
  conversationCase('keeps failing', { failTurn: 0 }),
  singleCase('dropped', true),
];
const newer = [
  conversationCase('stays green'),
  conversationCase('regresses', { failTurn: 1 }),
  conversationCase('gets fixed'),
  conversationCase('keeps failing', { failTurn: 0, skipFrom: 1 }),
  singleCase('new and failing', false),
];

function loaded(id: string, spec: RunSpec) {
  const runId = requireRunId(id);
  const record = parseRunRecord(JSON.stringify(recordOf(spec)), runId);
  return { summary: summarizeRun(runId, record, record.report.results), record };
}

describe('compareCases', () => {
  it('lists regressions first, then failing cases with turns newly failing, fixes, additions and removals', () => {
    const changes = compareCases(older, newer);
    expect(changes.map((c) => [c.test_name, c.kind, c.trend])).toEqual([
      ['regresses', 'regressed', null],
      ['keeps failing', 'still_failing', 'worse'],
      ['gets fixed', 'fixed', null],
      ['new and failing', 'added', null],
      ['dropped', 'removed', null],
    ]);
  });

  it('gives per-turn changes and points at both runs', () => {
    const [regressed, stillFailing] = compareCases(older, newer);
    expect(regressed).toMatchObject({
      a_index: 1,
      b_index: 1,
      a_status: 'passed',
      b_status: 'failed',
      regressed_turns: 1,
    });
    expect(regressed?.turns).toEqual([{ turn_index: 1, a: 'passed', b: 'failed' }]);
    expect(regressed?.turn_count).toBe(3);
    expect(regressed?.failure).toMatch(/^turn 2\/3: subtract/);
    expect(stillFailing?.turns).toEqual([
      { turn_index: 1, a: 'passed', b: 'skipped' },
      { turn_index: 2, a: 'passed', b: 'skipped' },
    ]);
  });

  it('calls an errored case an error, not a failure, on either side', () => {
    const errored = (name: string): TestResult => ({
      ...singleCase(name, false),
      ...verdict('error'),
      errors: ['model endpoint unreachable'],
    });
    const a = [singleCase('breaks', true), singleCase('errors now', false), errored('recovers'), errored('still')];
    const b = [errored('breaks'), errored('errors now'), singleCase('recovers', true), errored('still')];
    expect(compareCases(a, b).map((c) => [c.test_name, c.kind, c.a_status, c.b_status])).toEqual([
      ['breaks', 'regressed', 'passed', 'error'],
      ['recovers', 'fixed', 'error', 'passed'],
      ['errors now', 'still_failing', 'failed', 'error'],
      ['still', 'still_failing', 'error', 'error'],
    ]);
    expect(compareCases([], [errored('new')])).toMatchObject([{ kind: 'added', b_status: 'error' }]);
  });

  it('matches repeated names in order and does not list unchanged passing cases', () => {
    const a = [singleCase('twin', true), singleCase('twin', true)];
    const b = [singleCase('twin', true), singleCase('twin', false)];
    expect(compareCases(a, b)).toMatchObject([
      { test_name: 'twin', kind: 'regressed', a_index: 1, b_index: 1, turns: [], turn_count: null },
    ]);
  });
});

describe('compareRuns', () => {
  it('counts every kind, takes metric deltas and config differences', () => {
    const a = loaded('fa/1', { startedAt: '2026-12-01T00:00:00Z', results: older });
    const b = loaded('fa/2', {
      startedAt: '2026-12-02T00:00:00Z',
      results: newer,
      model: { provider: 'openai', name: 'gpt-4o' },
    });
    const comparison = compareRuns(a, b);
    expect(comparison.counts).toEqual({
      regressed: 1,
      fixed: 1,
      still_failing: 1,
      added: 1,
      removed: 1,
      still_passing: 1,
    });
    expect(comparison.trends).toEqual({ worse: 1, mixed: 0, better: 0, unchanged: 0 });
    const numeric = comparison.metrics.find((m) => m.metric_name === 'numeric');
    expect(numeric?.delta).toBeCloseTo((numeric?.b?.mean_score ?? 0) - (numeric?.a?.mean_score ?? 0));
    expect(comparison.config.differences).toContainEqual({ path: 'model.name', a: '"qwen3:8b"', b: '"gpt-4o"' });
  });

  it('names the cases of one name that asked other questions or expected other answers in B', () => {
    const a = loaded('fa/1', { startedAt: '2026-12-01T00:00:00Z', results: older });
    expect(compareRuns(a, a).notices).toEqual([]);
    const [first, ...rest] = older;
    const changed = { ...(first as TestResult), turns: first?.turns?.map((turn) => ({ ...turn, input: 'other' })) };
    const b = loaded('fa/2', { startedAt: '2026-12-02T00:00:00Z', results: [changed as TestResult, ...rest] });
    expect(compareRuns(a, b).notices.map((notice) => notice.kind)).toEqual(['asked']);
    expect(compareRuns(a, b).notices[0]?.text).toContain('"stays green"');
  });

  it('metricDeltas has no delta when a side has no score', () => {
    const only = { metric_name: 'judge', mean_score: 0.5, passed: 1, failed: 1, errored: 0 };
    expect(metricDeltas([only], [])).toEqual([{ metric_name: 'judge', a: only, b: null, delta: null }]);
  });
});

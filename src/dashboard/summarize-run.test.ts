import { describe, expect, it } from 'vitest';
import { conversationCase, singleCase } from '../../test/support/dashboard/sample-results.js';
import { recordOf } from '../../test/support/dashboard/write-records.js';
import { summarizeMetrics } from '../core/metric-tally.js';
import { DashboardError } from './dashboard-error.js';
import { parseRunRecord } from './parse-run-record.js';
import { requireRunId } from './run-id.js';
import { summarizeRecordSource, summarizeRun, unreadableRun } from './summarize-run.js';

describe('summarizeRun', () => {
  it('keeps the metadata and figures the runs table and charts need', () => {
    const runId = requireRunId('financial-assistant/2026-12-02T12-30-05-123Z');
    const results = [conversationCase('a'), conversationCase('b', { failTurn: 2 }), singleCase('c', true)];
    const record = parseRunRecord(JSON.stringify(recordOf({ startedAt: '2026-12-02T12:30:05.123Z', results })), runId);
    const summary = summarizeRun(runId, record, record.report.results);
    expect(summary).toMatchObject({
      id: runId.id,
      agent_slug: 'financial-assistant',
      state: 'completed',
      started_at: '2026-12-02T12:30:05.123Z',
      model: { provider: 'ollama', name: 'qwen3:8b' },
      backend: 'ai_sdk',
      summary: { total_tests: 3, passed: 2, total_turns: 7, passed_turns: 6 },
    });
    expect(JSON.stringify(summary).length).toBeLessThan(3000);
  });

  it('averages each metric over every scored evaluation, per turn for multi-turn cases', () => {
    const metrics = summarizeMetrics([
      conversationCase('a'),
      conversationCase('b', { failTurn: 0 }),
      singleCase('c', false),
    ]);
    expect(metrics.map((m) => m.metric_name)).toEqual(['equality', 'numeric', 'turn_program_equivalence']);
    expect(metrics[1]).toEqual({ metric_name: 'numeric', mean_score: 5 / 6, passed: 5, failed: 1, errored: 0 });
    expect(metrics[0]).toMatchObject({ mean_score: 0, failed: 1 });
  });

  it('leaves skipped evaluations out and counts errors apart', () => {
    const base = singleCase('c', true);
    const [metric] = base.metric_results;
    if (metric === undefined) throw new Error('fixture');
    const results = [
      { ...base, metric_results: [{ ...metric, skipped: true, score: null }] },
      { ...base, metric_results: [{ ...metric, score: null, passed: false, error: 'boom' }] },
    ];
    expect(summarizeMetrics(results)).toEqual([
      { metric_name: 'equality', mean_score: null, passed: 0, failed: 0, errored: 1 },
    ]);
  });

  it('lists an unreadable file with its reason', () => {
    const summary = unreadableRun(requireRunId('a/b'), 'a/b: not valid JSON', '2026-12-02T00:00:00.000Z');
    expect(summary).toMatchObject({ state: 'unreadable', error: 'a/b: not valid JSON', summary: { total_tests: 0 } });
  });
});

describe('summarizeRecordSource', () => {
  it('gives the same summary as reading the whole record', () => {
    const runId = requireRunId('financial-assistant/2026-12-02T12-30-05-123Z');
    const results = [conversationCase('a', { failTurn: 1 }), singleCase('c', true)];
    const source = JSON.stringify(recordOf({ startedAt: '2026-12-02T12:30:05.123Z', results }));
    const record = parseRunRecord(source, runId);
    expect(summarizeRecordSource(source, runId)).toEqual(summarizeRun(runId, record, record.report.results));
  });

  it('refuses a record that is not a run record, naming the run and the first problems', () => {
    const runId = requireRunId('a/b');
    const source = JSON.stringify({
      report: { results: [singleCase('x', false), singleCase('y', true)], summary: { passed: 9 } },
    });
    const read = () => summarizeRecordSource(source, runId);
    expect(read).toThrow(DashboardError);
    expect(read).toThrow(/^a\/b: not a valid run record: record_version: .*run_id: .*metadata: /);
  });
});

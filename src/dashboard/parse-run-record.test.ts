import { describe, expect, it } from 'vitest';
import { conversationCase, singleCase } from '../../test/support/dashboard/sample-results.js';
import { recordOf } from '../../test/support/dashboard/write-records.js';
import { DashboardError } from './dashboard-error.js';
import { parsePartialLog, parseRunRecord } from './parse-run-record.js';
import { requireRunId } from './run-id.js';

const runId = requireRunId('financial-assistant/2026-12-02T12-30-05-123Z');

function errorOf(run: () => unknown): DashboardError {
  try {
    run();
  } catch (error) {
    if (error instanceof DashboardError) return error;
    throw error;
  }
  throw new Error('expected a DashboardError');
}

describe('parseRunRecord', () => {
  it('reads a record as the run-record reporter writes it', () => {
    const results = [conversationCase('revenue', { failTurn: 1 }), singleCase('capital', true)];
    const text = JSON.stringify(recordOf({ startedAt: '2026-12-02T12:30:05.123Z', results }), null, 2);
    const record = parseRunRecord(text, runId);
    expect(record.state).toBe('completed');
    expect(record.metadata.model).toEqual({ provider: 'ollama', name: 'qwen3:8b' });
    expect(record.metadata.cli_args).toEqual(['test', 'agent.yaml', '-j', '4']);
    expect(record.report.summary).toMatchObject({
      total_tests: 2,
      passed: 1,
      failed: 1,
      total_turns: 4,
      failed_turns: 1,
    });
    expect(record.report.results[0]?.turns?.[1]?.arg_match_details[0]?.reason).toContain("arg 'b' mismatch");
    expect(record.report.results[1]?.turns).toBeUndefined();
  });

  it('reports text that is not JSON as RECORD_UNREADABLE', () => {
    const error = errorOf(() => parseRunRecord('{"record_version": 1, "rep', runId));
    expect(error.code).toBe('RECORD_UNREADABLE');
    expect(error.httpStatus).toBe(422);
    expect(error.message).toContain(runId.id);
  });

  it.each([['[]'], ['null'], ['{"report": {}}'], ['{"report": {"results": {}}}']])(
    'rejects %s as not a record',
    (text) => {
      expect(errorOf(() => parseRunRecord(text, runId)).message).toMatch(/not a run record/);
    },
  );

  it('fills missing or mistyped fields with defaults and computes a missing summary', () => {
    const text = JSON.stringify({
      state: 'exploded',
      metadata: { model: 'gpt', cli_args: 'test', started_at: 5 },
      report: {
        results: [
          {
            test_name: 7,
            passed: 'yes',
            turns: [{ input: 'hi', passed: true, token_usage: { prompt_tokens: 3 } }, 'junk'],
          },
          'not an object',
        ],
      },
    });
    const record = parseRunRecord(text, runId);
    expect(record.state).toBe('completed');
    expect(record.metadata).toMatchObject({ model: null, cli_args: [], started_at: null, git_commit: null });
    expect(record.report.agent_name).toBe('financial-assistant');
    expect(record.report.results).toHaveLength(1);
    const [result] = record.report.results;
    expect(result?.test_name).toBe('(unnamed test case)');
    expect(result?.passed).toBe(false);
    expect(result?.turns).toHaveLength(1);
    expect(result?.turns?.[0]?.token_usage).toMatchObject({ prompt_tokens: 3, total_tokens: 3 });
    expect(record.report.summary).toMatchObject({ total_tests: 1, passed: 0, total_turns: 1, passed_turns: 1 });
  });

  it('keeps interrupted and failed states', () => {
    const base = recordOf({ startedAt: '2026-12-02T12:30:05.123Z', results: [] });
    expect(parseRunRecord(JSON.stringify({ ...base, state: 'interrupted' }), runId).state).toBe('interrupted');
    expect(parseRunRecord(JSON.stringify({ ...base, state: 'failed' }), runId).state).toBe('failed');
  });
});

describe('parsePartialLog', () => {
  it('reads one result per line and leaves out a line still being written', () => {
    const lines = [
      JSON.stringify(singleCase('a', true)),
      JSON.stringify(singleCase('b', false)),
      '{"test_name": "c", "pas',
    ];
    const record = parsePartialLog(lines.join('\n'), runId, 'running');
    expect(record.state).toBe('running');
    expect(record.report.results.map((r) => r.test_name)).toEqual(['a', 'b']);
    expect(record.report.summary).toMatchObject({ total_tests: 2, passed: 1, failed: 1, pass_rate: 0.5 });
    expect(record.report.agent_name).toBe('financial-assistant');
  });

  it('takes metadata from a header line when there is one', () => {
    const header = JSON.stringify({
      run_id: 'u-1',
      metadata: { backend: 'module', started_at: '2026-12-02T12:30:05.123Z' },
    });
    const record = parsePartialLog(`${header}\n${JSON.stringify(singleCase('a', true))}\n`, runId, 'incomplete');
    expect(record.run_id).toBe('u-1');
    expect(record.metadata.backend).toBe('module');
    expect(record.state).toBe('incomplete');
  });

  it('reads an empty log (a run that has just begun) as a run with no results', () => {
    expect(parsePartialLog('', runId, 'running').report.summary.total_tests).toBe(0);
  });
});

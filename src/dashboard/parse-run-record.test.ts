import { describe, expect, it } from 'vitest';
import { conversationCase, singleCase } from '../../test/support/dashboard/sample-results.js';
import { recordOf, selectionOf } from '../../test/support/dashboard/write-records.js';
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

  it('says an empty record is empty, and reads one that begins with a byte order mark', () => {
    expect(errorOf(() => parseRunRecord('', runId)).message).toBe(`${runId.id}: not valid JSON: empty file`);
    const text = JSON.stringify(recordOf({ startedAt: '2026-12-02T12:30:05.123Z', results: [singleCase('a', true)] }));
    expect(parseRunRecord(`\uFEFF${text}`, runId).report.results).toHaveLength(1);
  });

  it.each([['[]'], ['null'], ['{"report": {}}'], ['{"report": {"results": {}}}']])(
    'refuses %s as not a run record, naming the run',
    (text) => {
      const error = errorOf(() => parseRunRecord(text, runId));
      expect(error.code).toBe('RECORD_UNREADABLE');
      expect(error.message).toMatch(new RegExp(`^${runId.id}: not a valid run record: `));
    },
  );

  it('refuses a damaged record with the path of each problem, instead of filling in defaults', () => {
    const base = recordOf({ startedAt: '2026-12-02T12:30:05.123Z', results: [singleCase('capital', true)] });
    const report = base['report'] as { results: Record<string, unknown>[] };
    const damaged = {
      ...base,
      state: 'exploded',
      report: { ...report, results: [{ ...report.results[0], test_name: 7 }] },
    };
    const { message } = errorOf(() => parseRunRecord(JSON.stringify(damaged), runId));
    expect(message).toContain('state: ');
    expect(message).toContain('report.results.0.test_name: ');
  });

  it('refuses a record of a newer version with the version this holodeck reads', () => {
    const base = recordOf({ startedAt: '2026-12-02T12:30:05.123Z', results: [] });
    const { code, message } = errorOf(() => parseRunRecord(JSON.stringify({ ...base, record_version: 9 }), runId));
    expect(code).toBe('RECORD_UNREADABLE');
    expect(message).toBe(
      `${runId.id}: record_version 9 is not supported: the record was written by holodeck 0.1.0, and this holodeck reads record versions 1 and 2; upgrade holodeck to read it`,
    );
  });

  it('upgrades a version 1 record: statuses from the recorded facts, the summary counts from the results', () => {
    const results = [conversationCase('revenue', { failTurn: 1 }), singleCase('capital', true)];
    const base = recordOf({ startedAt: '2026-12-02T12:30:05.123Z', results });
    const strip = ({ status: _status, ...rest }: Record<string, unknown>) => rest;
    const v1Results = JSON.parse(JSON.stringify(results)).map((result: Record<string, unknown>) => {
      const turns = result['turns'] as Record<string, unknown>[] | undefined;
      return strip(turns === undefined ? result : { ...result, turns: turns.map(strip) });
    });
    const {
      errored: _e,
      skipped: _s,
      errored_turns: _t,
      ...v1Summary
    } = (base['report'] as { summary: object }).summary as Record<string, unknown>;
    const v1 = {
      ...base,
      record_version: 1,
      report: { ...(base['report'] as object), summary: v1Summary, results: v1Results },
    };
    const record = parseRunRecord(JSON.stringify(v1), runId);
    expect(record.record_version).toBe(2);
    expect(record.report.results.map((r) => r.status)).toEqual(['failed', 'passed']);
    expect(record.report.results[0]?.turns?.map((t) => t.status)).toEqual(['passed', 'failed', 'passed']);
    expect(record.report.summary).toMatchObject({ errored: 0, skipped: 0, errored_turns: 0 });
  });

  it('keeps the interrupted state, and reads the never-written state failed as interrupted', () => {
    const base = recordOf({ startedAt: '2026-12-02T12:30:05.123Z', results: [] });
    expect(parseRunRecord(JSON.stringify({ ...base, state: 'interrupted' }), runId).state).toBe('interrupted');
    expect(parseRunRecord(JSON.stringify({ ...base, state: 'failed' }), runId).state).toBe('interrupted');
  });
});

describe('parsePartialLog', () => {
  it('reads one result per line and leaves out a line still being written', () => {
    const lines = [
      JSON.stringify(singleCase('a', true)),
      JSON.stringify(singleCase('b', false)),
      '{"test_name": "c", "pas',
    ];
    const record = parsePartialLog(lines.join('\n'), runId, 'running', Date.now());
    expect(record.state).toBe('running');
    expect(record.report.results.map((r) => r.test_name)).toEqual(['a', 'b']);
    expect(record.report.summary).toMatchObject({ total_tests: 2, passed: 1, failed: 1, pass_rate: 0.5 });
    expect(record.report.agent_name).toBe('financial-assistant');
  });

  it('counts each case once: a line logged again stands for the same case, its last result kept', () => {
    const failing = JSON.stringify(singleCase('a', false));
    const passing = JSON.stringify(singleCase('b', true));
    const lines = [
      failing,
      passing,
      ...Array.from({ length: 30 }, () => passing),
      JSON.stringify(singleCase('a', true)),
    ];
    const record = parsePartialLog(lines.join('\n'), runId, 'running', Date.now());
    expect(record.report.results.map((r) => [r.test_name, r.status])).toEqual([
      ['a', 'passed'],
      ['b', 'passed'],
    ]);
    expect(record.report.summary).toMatchObject({ total_tests: 2, passed: 2, pass_rate: 1 });
  });

  it('takes the run and its metadata from the header line the run-record reporter writes', () => {
    const record = recordOf({ startedAt: '2026-12-02T12:30:05.123Z', results: [], backend: 'module' });
    const { finished_at: _finished, ...metadata } = record['metadata'] as Record<string, unknown>;
    const report = record['report'] as Record<string, unknown>;
    const header = JSON.stringify({
      record_version: 2,
      run_id: 'u-1',
      agent_name: 'Financial Assistant',
      agent_config_path: report['agent_config_path'],
      timestamp: report['timestamp'],
      holodeck_version: '0.1.0',
      metadata,
    });
    const source = `${header}\n${JSON.stringify(singleCase('a', true))}\n`;
    const parsed = parsePartialLog(source, runId, 'incomplete', Date.parse('2026-12-02T12:31:05.123Z'));
    expect(parsed.run_id).toBe('u-1');
    expect(parsed.metadata).toMatchObject({
      backend: 'module',
      started_at: '2026-12-02T12:30:05.123Z',
      finished_at: null,
    });
    expect(parsed.report.agent_name).toBe('Financial Assistant');
    expect(parsed.report.results.map((r) => r.test_name)).toEqual(['a']);
    expect(parsed.state).toBe('incomplete');
    // From the start in the header to the log's last write, not the sum of the case times.
    expect(parsed.report.summary.duration_ms).toBe(60_000);
  });

  it('says how many of the cases its header selected a stopped or running log has not run (of its shard)', () => {
    const logOf = (selection: unknown, names: readonly string[]) => {
      const record = recordOf({ startedAt: '2026-12-02T12:30:05.123Z', results: [] });
      const { finished_at: _finished, ...metadata } = record['metadata'] as Record<string, unknown>;
      const header = JSON.stringify({
        record_version: 2,
        run_id: 'u-2',
        agent_name: 'a',
        agent_config_path: '/work/agent.yaml',
        timestamp: '2026-12-02T12:30:05.123Z',
        holodeck_version: '0.1.0',
        metadata: { ...metadata, selection },
      });
      return [header, ...names.map((name) => JSON.stringify(singleCase(name, true)))].join('\n');
    };
    const whole = parsePartialLog(logOf(selectionOf(7), ['a', 'b']), runId, 'incomplete', Date.now());
    expect(whole.report.interrupted).toEqual({ selected_tests: 7, not_run: 5 });
    // 7 cases in 3 shards: 3, 2, 2.
    const third = parsePartialLog(
      logOf(selectionOf(7, { shard: { index: 3, total: 3 } }), ['f']),
      runId,
      'running',
      Date.now(),
    );
    expect(third.report.interrupted).toEqual({ selected_tests: 2, not_run: 1 });
    const first = parsePartialLog(
      logOf(selectionOf(7, { shard: { index: 1, total: 3 } }), ['a', 'b', 'c']),
      runId,
      'running',
      Date.now(),
    );
    expect(first.report.interrupted).toBeUndefined();
  });

  it('sums the case times for a duration when the log names no start', () => {
    const source = [JSON.stringify(singleCase('a', true)), JSON.stringify(singleCase('b', false))].join('\n');
    const parsed = parsePartialLog(source, runId, 'running', Date.now());
    expect(parsed.report.summary.duration_ms).toBe(420 + 420);
  });

  it('leaves out lines that are not a valid result', () => {
    const bad = JSON.stringify({ ...singleCase('bad', true), status: 'exploded' });
    const source = [JSON.stringify(singleCase('a', true)), bad, 'not json', JSON.stringify(singleCase('b', false))];
    const parsed = parsePartialLog(source.join('\n'), runId, 'running', Date.now());
    expect(parsed.report.results.map((r) => r.test_name)).toEqual(['a', 'b']);
  });

  it('reads an empty log (a run that has just begun) as a run with no results', () => {
    expect(parsePartialLog('', runId, 'running', Date.now()).report.summary.total_tests).toBe(0);
  });
});

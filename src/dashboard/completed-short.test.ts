/**
 * A record that says `completed` but holds fewer test cases than its selection chose (an interrupted record edited
 * by hand: `state` set to completed, `interrupted` removed) is shown incomplete, never as a whole green run.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { singleCase } from '../../test/support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../../test/support/dashboard/temp-dir.js';
import { recordOf, selectionOf, writeRun } from '../../test/support/dashboard/write-records.js';
import { parseRunRecord } from './parse-run-record.js';
import { trendsOf } from './query-runs.js';
import { requireRunId } from './run-id.js';
import { RunIndex } from './run-index.js';
import { RunStore } from './run-store.js';

let temp: TempDir;
beforeEach(async () => {
  temp = await tempDir();
});
afterEach(async () => {
  await temp.cleanup();
});

const runId = requireRunId('financial-assistant/2026-12-02T12-30-05-123Z');
const STARTED = '2026-12-02T12:30:05.123Z';
const passing = (count: number) => Array.from({ length: count }, (_, n) => singleCase(`case ${n}`, true));

function parse(results: number, selection: ReturnType<typeof selectionOf>) {
  const record = recordOf({ startedAt: STARTED, results: passing(results), selection });
  return parseRunRecord(JSON.stringify(record), runId);
}

describe('a completed record short of its selection', () => {
  it('is incomplete, with the cases it holds of those its selection chose, and says why', () => {
    const record = parse(2, selectionOf(5));
    expect(record.state).toBe('incomplete');
    expect(record.report.interrupted).toEqual({ selected_tests: 5, not_run: 3 });
    expect(record.note).toBe('the record says completed, but holds 2 of the 5 test cases its selection chose');
  });

  it('counts the shard’s part of the selection for a shard, and the cases after --limit', () => {
    // 5 cases in 2 shards: shard 1 runs 3, shard 2 runs 2.
    expect(parse(3, selectionOf(5, { shard: { index: 1, total: 2 } })).state).toBe('completed');
    expect(parse(2, selectionOf(5, { shard: { index: 2, total: 2 } })).state).toBe('completed');
    expect(parse(2, selectionOf(5, { shard: { index: 1, total: 2 } })).state).toBe('incomplete');
    // --limit 2 of a suite of 5: suite_cases is what the limit left.
    expect(parse(2, selectionOf(2, { limit: 2 })).state).toBe('completed');
  });

  it('is read as it is when it holds every case, or names no selection', () => {
    expect(parse(5, selectionOf(5)).state).toBe('completed');
    expect(parse(2, null).state).toBe('completed');
    const interrupted = recordOf({
      startedAt: STARTED,
      results: passing(2),
      state: 'interrupted',
      interrupted: { selected_tests: 5, not_run: 3 },
    });
    expect(parseRunRecord(JSON.stringify(interrupted), runId).note).toBeUndefined();
  });

  it('is listed incomplete of 5, with the note, and plotted as a run that did not finish', async () => {
    const id = await writeRun(temp.dir, { startedAt: STARTED, results: passing(2), selection: selectionOf(5) });
    const [run] = await new RunIndex(temp.dir).refresh();
    expect(run).toMatchObject({ id, state: 'incomplete', interrupted: { selected_tests: 5, not_run: 3 } });
    expect(run?.error).toMatch(/^the record says completed, but holds 2 of the 5/);
    const [point] = trendsOf(run === undefined ? [] : [run], {
      agent: null,
      group: null,
      q: null,
      status: null,
    }).points;
    expect(point).toMatchObject({ state: 'incomplete', selected_tests: 5 });
    expect((await new RunStore(temp.dir).load(requireRunId(id))).state).toBe('incomplete');
  });
});

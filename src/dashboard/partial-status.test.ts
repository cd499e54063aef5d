import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { singleCase } from '../../test/support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../../test/support/dashboard/temp-dir.js';
import { writePartialRun, writeRun } from '../../test/support/dashboard/write-records.js';
import { lockPathOf } from '../records/run-lock.js';
import { trendsOf } from './query-runs.js';
import { RunIndex } from './run-index.js';

let temp: TempDir;
beforeEach(async () => {
  temp = await tempDir();
});
afterEach(async () => {
  await temp.cleanup();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const QUERY = { agent: null, group: null, q: null, status: null };

async function partialLog(stamp: string, text: string, ageMs: number): Promise<string> {
  const path = join(temp.dir, 'agent', `${stamp}.partial.jsonl`);
  await mkdir(join(temp.dir, 'agent'), { recursive: true });
  await writeFile(path, text);
  const when = new Date(Date.now() - ageMs);
  await utimes(path, when, when);
  return path;
}

describe('in-progress logs', () => {
  it('are not running for ever on the word of another host’s lock once the log stops being written', async () => {
    const stale = await partialLog('2026-01-01T00-00-00-000Z', '', 3 * DAY_MS);
    const fresh = await partialLog('2026-01-02T00-00-00-000Z', '', 0);
    for (const path of [stale, fresh]) await writeFile(lockPathOf(path), '{"pid":4242,"host":"ci-runner-7"}');
    const runs = await new RunIndex(temp.dir).refresh();
    const byId = new Map(runs.map((run) => [run.id.slice('agent/'.length), run]));
    const old = byId.get('2026-01-01T00-00-00-000Z');
    expect(old?.state).toBe('incomplete');
    expect(old?.error).toMatch(/^unknown \/ stale: locked by host ci-runner-7, last written 20\d\d-/);
    expect(byId.get('2026-01-02T00-00-00-000Z')?.state).toBe('running');
  });

  it('say why they show no results when empty or not holodeck’s', async () => {
    await partialLog('2026-01-01T00-00-00-000Z', 'not json at all\n', 3 * DAY_MS);
    await partialLog('2026-01-02T00-00-00-000Z', '', 3 * DAY_MS);
    const runs = await new RunIndex(temp.dir).refresh();
    expect(runs.map((run) => [run.state, run.error])).toEqual([
      ['incomplete', 'the log is empty: the run wrote nothing to it'],
      ['incomplete', 'no line of the log is a run header or a test result: it is not a log holodeck wrote'],
    ]);
  });

  it('without a finished case are not plotted as a pass rate of 0 %', async () => {
    await writeRun(temp.dir, { startedAt: '2026-01-01T00:00:00Z', results: [singleCase('a', true)] });
    await writePartialRun(temp.dir, { startedAt: '2026-01-02T00:00:00Z', results: [] });
    const runs = await new RunIndex(temp.dir).refresh();
    expect(runs).toHaveLength(2);
    expect(trendsOf(runs, QUERY).points.map((point) => [point.pass_rate, point.total_tests])).toEqual([[1, 1]]);
  });
});

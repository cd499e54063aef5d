import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { singleCase } from '../../test/support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../../test/support/dashboard/temp-dir.js';
import { fileStamp, recordOf, writeRun } from '../../test/support/dashboard/write-records.js';
import { caseAddresses } from './case-address.js';
import type { CaseDetail, RunDetail } from './dashboard-types.js';
import { type Dashboard, startDashboard } from './start-dashboard.js';

let temp: TempDir;
let dashboard: Dashboard | null = null;
beforeEach(async () => {
  temp = await tempDir();
});
afterEach(async () => {
  await dashboard?.close();
  dashboard = null;
  await temp.cleanup();
});

const STARTED = '2026-12-01T09:00:00.000Z';
const [A, B, C] = [singleCase('a', true), singleCase('b', false), singleCase('c', false)];

/** The in-progress log of a run of cases a, b, c in which c finished first, then a. */
async function writeRunningLog(): Promise<string> {
  const record = recordOf({ startedAt: STARTED, results: [A, B, C] }) as Record<string, Record<string, unknown>>;
  const { finished_at: _finished, ...started } = record['metadata'] ?? {};
  const { results: _results, summary: _summary, ...head } = record['report'] ?? {};
  const run_id = record['run_id'];
  const header = { record_version: 2, run_id, ...head, metadata: started };
  const id = `financial-assistant/${fileStamp(STARTED)}`;
  await mkdir(join(temp.dir, 'financial-assistant'), { recursive: true });
  const lines = [header, C, A].map((line) => `${JSON.stringify(line)}\n`).join('');
  await writeFile(join(temp.dir, `${id}.partial.jsonl`), lines);
  return id;
}

async function json<T>(path: string): Promise<T> {
  const response = await fetch(new URL(path, (dashboard as Dashboard).url));
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe('case addresses', () => {
  it('name the same case while the run is running and once its record is written', async () => {
    const id = await writeRunningLog();
    dashboard = await startDashboard({ resultsDir: temp.dir, host: '127.0.0.1', port: 0 });
    const running = await json<RunDetail>(`/api/runs/${id}`);
    expect(running.run.state).toBe('running');
    expect(running.cases.map((row) => [row.index, row.test_name])).toEqual([
      [2, 'c'],
      [0, 'a'],
    ]);
    const during = await json<CaseDetail>(`/api/runs/${id}/cases/2`);
    expect([during.result.test_name, during.index, during.position, during.total]).toEqual(['c', 2, 0, 2]);
    const notYet = await fetch(new URL(`/api/runs/${id}/cases/1`, dashboard.url));
    expect(notYet.status).toBe(404);
    expect(await notYet.text()).toContain('has no result for test case #1 yet');

    expect(await writeRun(temp.dir, { startedAt: STARTED, results: [A, B, C] })).toBe(id);
    const after = await json<CaseDetail>(`/api/runs/${id}/cases/2`);
    expect([after.result.test_name, after.index, after.position, after.previous_failed]).toEqual(['c', 2, 2, 1]);
  });

  it('are list positions when the config snapshot does not name every case', () => {
    const record = recordOf({ startedAt: STARTED, results: [A, B], configSnapshot: { test_cases: ['b'] } });
    expect(caseAddresses(record as never)).toEqual([0, 1]);
    const named = recordOf({ startedAt: STARTED, results: [C, A], configSnapshot: { test_cases: ['a', 'b', 'c'] } });
    expect(caseAddresses(named as never)).toEqual([2, 0]);
  });
});

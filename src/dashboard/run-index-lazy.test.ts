/**
 * The runs index reads each record once into a small summary and keeps only the summaries; whole runs are
 * loaded on demand, and a cold index answers with what it has read so far. (Time and memory at scale — 200
 * runs × 1,000 cases — are measured by bench/dashboard-index.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TempDir, tempDir } from '../../test/support/dashboard/temp-dir.js';
import { writeScaleFolder } from '../../test/support/dashboard/write-records.js';
import { handleApi } from './api-routes.js';
import type { RunsPage } from './dashboard-types.js';
import { pageRuns } from './query-runs.js';
import { requireRunId } from './run-id.js';
import { RunIndex } from './run-index.js';
import { RunStore } from './run-store.js';
import { caseDetail, runDetail } from './run-views.js';

const RUNS = 30;
const CASES = 200;

let temp: TempDir;
let folder: Awaited<ReturnType<typeof writeScaleFolder>>;

beforeAll(async () => {
  temp = await tempDir();
  folder = await writeScaleFolder(temp.dir, RUNS, CASES);
}, 120_000);

afterAll(async () => {
  await temp.cleanup();
});

describe(`runs index over ${RUNS} runs × ${CASES} cases`, () => {
  it('lists pages of runs from small summaries, and loads a whole run only when opened', async () => {
    const index = new RunIndex(temp.dir);
    const runs = await index.refresh();
    expect(runs).toHaveLength(RUNS);
    expect(runs.every((run) => run.state === 'completed' && run.summary.total_tests === CASES)).toBe(true);
    expect(new Set(runs.map((run) => run.summary.passed)).size).toBeGreaterThan(5);
    // The summaries are a small fraction of the records they stand for.
    expect(JSON.stringify(index.runs).length).toBeLessThan(folder.bytes / 50);
    const page = pageRuns(await index.refresh(), {
      offset: 10,
      limit: 10,
      agent: null,
      group: null,
      q: null,
      status: null,
    });
    expect(page.runs.map((run) => run.id)).toEqual(folder.ids.slice().reverse().slice(10, 20));

    const store = new RunStore(temp.dir);
    expect(store.cachedIds).toEqual([]);
    const id = requireRunId(folder.ids.at(-1) ?? '');
    const record = await store.load(id);
    const summary = index.get(id.id);
    if (summary === null) throw new Error('run not indexed');
    const detail = runDetail(summary, record, index.previousRun(id.id));
    expect(detail.cases).toHaveLength(CASES);
    expect(detail.previous_run_id).toBe(folder.ids.at(-2));
    expect(caseDetail(id.id, record, CASES - 1).result.test_name).toBe(`case-${String(CASES - 1).padStart(5, '0')}`);
    expect(store.cachedIds).toEqual([id.id]);
  }, 120_000);

  it('answers at once while a cold index is still reading, then completes', async () => {
    const index = new RunIndex(temp.dir);
    const store = new RunStore(temp.dir);
    const url = new URL('http://dashboard.invalid/api/runs?limit=20');
    // No wait at all: the first answer cannot have read every record yet.
    const early = (await handleApi(url, { index, store, indexWaitMs: 0 })) as RunsPage;
    expect(early.indexing).not.toBeNull();
    expect((early.indexing?.indexed ?? 0) + (early.indexing?.pending ?? 0)).toBeLessThanOrEqual(RUNS);
    expect(early.runs.length).toBeLessThan(RUNS);
    await index.refresh();
    // Waiting as long as it takes: the warm index answers complete.
    const done = (await handleApi(url, { index, store, indexWaitMs: 120_000 })) as RunsPage;
    expect(done.indexing).toBeNull();
    expect(done.total).toBe(RUNS);
    expect(done.runs[0]?.id).toBe(folder.ids.at(-1));
  }, 120_000);
});

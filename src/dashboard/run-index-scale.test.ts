/**
 * Scale: a results folder of 200 runs × 1,000 test cases. Listing must read each file once into a small
 * summary and keep only the summaries; whole runs are loaded on demand. Figures go to
 * test-artifacts/dashboard-index-scale.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleApi } from './api-routes.js';
import type { RunsPage } from './dashboard-types.js';
import { pageRuns } from './query-runs.js';
import { requireRunId } from './run-id.js';
import { RunIndex } from './run-index.js';
import { RunStore } from './run-store.js';
import { caseDetail, runDetail } from './run-views.js';
import { type TempDir, tempDir } from './testing/temp-dir.js';
import { writeScaleFolder } from './testing/write-records.js';

const RUNS = 200;
const CASES = 1000;
const MB = 1024 * 1024;
const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function heapAfterGc(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

let temp: TempDir;
let folder: Awaited<ReturnType<typeof writeScaleFolder>>;
const figures: Record<string, number> = {};

beforeAll(async () => {
  temp = await tempDir();
  folder = await writeScaleFolder(temp.dir, RUNS, CASES);
  figures.folder_mb = Math.round(folder.bytes / MB);
}, 180_000);

afterAll(async () => {
  await temp.cleanup();
  await mkdir(ARTIFACTS, { recursive: true });
  await writeFile(
    `${ARTIFACTS}dashboard-index-scale.json`,
    `${JSON.stringify({ runs: RUNS, cases_per_run: CASES, ...figures }, null, 2)}\n`,
  );
});

describe(`runs index over ${RUNS} runs × ${CASES} cases`, () => {
  it('lists pages of runs from small summaries without holding the runs, and loads a run on demand', async () => {
    const before = heapAfterGc();
    const index = new RunIndex(temp.dir);
    const started = performance.now();
    const runs = await index.refresh();
    figures.cold_index_ms = Math.round(performance.now() - started);
    const retained = heapAfterGc() - before;
    figures.retained_heap_mb = Math.round((retained / MB) * 10) / 10;

    const warmStarted = performance.now();
    const page = pageRuns(await index.refresh(), {
      offset: 50,
      limit: 50,
      agent: null,
      group: null,
      q: null,
      status: null,
    });
    figures.warm_list_ms = Math.round(performance.now() - warmStarted);
    figures.index_json_kb = Math.round(JSON.stringify(index.runs).length / 1024);

    expect(runs).toHaveLength(RUNS);
    expect(runs.every((run) => run.state === 'completed' && run.summary.total_tests === CASES)).toBe(true);
    expect(page.runs.map((run) => run.id)).toEqual(folder.ids.slice().reverse().slice(50, 100));
    expect(new Set(runs.map((run) => run.summary.passed)).size).toBeGreaterThan(5);
    // All runs as objects would take well over a gigabyte; the summaries take a few hundred kilobytes.
    expect(retained).toBeLessThan(24 * MB);
    expect(JSON.stringify(index.runs).length).toBeLessThan(folder.bytes / 200);
    expect(figures.warm_list_ms).toBeLessThan(1000);

    // A run is loaded whole only when opened, and only a few stay in memory.
    const store = new RunStore(temp.dir);
    const id = requireRunId(folder.ids.at(-1) ?? '');
    const loadStarted = performance.now();
    const record = await store.load(id);
    const summary = index.get(id.id);
    if (summary === null) throw new Error('run not indexed');
    const detail = runDetail(summary, record, index.previousRun(id.id));
    const last = caseDetail(id.id, record, CASES - 1);
    figures.load_run_ms = Math.round(performance.now() - loadStarted);
    expect(detail.cases).toHaveLength(CASES);
    expect(detail.previous_run_id).toBe(folder.ids.at(-2));
    expect(last.result.test_name).toBe(`case-${String(CASES - 1).padStart(5, '0')}`);
    expect(store.cachedIds).toEqual([id.id]);
  }, 180_000);

  it('answers the first page while a cold index is still reading, then completes', async () => {
    const index = new RunIndex(temp.dir);
    const store = new RunStore(temp.dir);
    const url = new URL('http://dashboard.invalid/api/runs?limit=20');
    const started = performance.now();
    const early = (await handleApi(url, { index, store, indexWaitMs: 100 })) as RunsPage;
    figures.first_response_ms = Math.round(performance.now() - started);
    expect(early.indexing).not.toBeNull();
    expect((early.indexing?.indexed ?? 0) + (early.indexing?.pending ?? 0)).toBe(RUNS);
    expect(early.runs.length).toBeLessThan(RUNS);
    await index.refresh();
    const done = (await handleApi(url, { index, store, indexWaitMs: 100 })) as RunsPage;
    expect(done.indexing).toBeNull();
    expect(done.total).toBe(RUNS);
    expect(done.runs[0]?.id).toBe(folder.ids.at(-1));
  }, 180_000);
});

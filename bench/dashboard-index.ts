/**
 * The dashboard's runs index at scale: a results folder of 200 runs × 1,000 test cases. Prints how long a cold
 * index takes, the heap it keeps (summaries only), a warm page of the list, opening one run, and the first
 * answer of a cold index.
 *
 *   npx tsx --expose-gc bench/dashboard-index.ts [--runs 200] [--cases 1000]
 */
import { parseArgs } from 'node:util';
import { handleApi } from '../src/dashboard/api-routes.js';
import { pageRuns } from '../src/dashboard/query-runs.js';
import { requireRunId } from '../src/dashboard/run-id.js';
import { RunIndex } from '../src/dashboard/run-index.js';
import { RunStore } from '../src/dashboard/run-store.js';
import { runDetail } from '../src/dashboard/run-views.js';
import { tempDir } from '../test/support/dashboard/temp-dir.js';
import { writeScaleFolder } from '../test/support/dashboard/write-records.js';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '200' }, cases: { type: 'string', default: '1000' } },
});
const RUNS = Number(values.runs);
const CASES = Number(values.cases);
const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc (npx tsx --expose-gc bench/dashboard-index.ts)');

function heapAfterGc(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

const ms = (started: number) => Math.round(performance.now() - started);
const temp = await tempDir();
try {
  const folder = await writeScaleFolder(temp.dir, RUNS, CASES);
  const before = heapAfterGc();
  const index = new RunIndex(temp.dir);
  let started = performance.now();
  await index.refresh();
  const coldIndex = ms(started);
  const retained = heapAfterGc() - before;

  started = performance.now();
  pageRuns(await index.refresh(), { offset: 50, limit: 50, agent: null, group: null, q: null, status: null });
  const warmList = ms(started);

  const store = new RunStore(temp.dir);
  const id = requireRunId(folder.ids.at(-1) ?? '');
  started = performance.now();
  const record = await store.load(id);
  const summary = index.get(id.id);
  if (summary === null) throw new Error('run not indexed');
  runDetail(summary, record, index.previousRun(id.id));
  const openRun = ms(started);

  const cold = new RunIndex(temp.dir);
  started = performance.now();
  await handleApi(new URL('http://dashboard.invalid/api/runs?limit=20'), { index: cold, store, indexWaitMs: 100 });
  const firstAnswer = ms(started);
  await cold.refresh();

  console.log(`dashboard index: ${RUNS} runs × ${CASES} cases (${Math.round(folder.bytes / MB)} MB of records)`);
  console.log(`  cold index            ${coldIndex} ms`);
  console.log(`  heap kept (summaries) ${(retained / MB).toFixed(1)} MB`);
  console.log(`  index as JSON         ${Math.round(JSON.stringify(index.runs).length / 1024)} KB`);
  console.log(`  warm page of 50 runs  ${warmList} ms`);
  console.log(`  open the latest run   ${openRun} ms`);
  console.log(`  first answer, cold    ${firstAnswer} ms`);
} finally {
  await temp.cleanup();
}

/**
 * Run as its own process by hold-nurseries.test.ts: allocates like a busy coordinator (objects that live a
 * little while) and prints, as JSON, the young generation's size in MiB after each phase. `hold` (argv[2]):
 * the main thread's young generation is held as under --workers; else V8 grows it freely.
 */
import { getHeapSpaceStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import {
  CASE_WORKER_YOUNG_MB,
  growCoordinatorNursery,
  holdNurseries,
  sizeWorkerNurseries,
} from '../../../src/cli/case-workers/hold-nurseries.js';

const hold = process.argv[2] === 'hold';
const youngMiB = () =>
  (getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0) / 1048576;

function churn(items = 2_000_000): void {
  const kept: object[] = [];
  for (let i = 0; i < items; i += 1) {
    const item = { i, text: `item ${i}`, list: [i] };
    if (i % 3 === 0) kept.push(item);
    if (kept.length > 20_000) kept.length = 0;
  }
}

const start = youngMiB();
if (hold) holdNurseries();
churn();
const loading = youngMiB();
if (hold) sizeWorkerNurseries();
// A worker thread starting: V8 sets the growth factor back while it configures the worker's heap.
const worker = new Worker(
  `const { parentPort } = require('node:worker_threads');
   const { getHeapSpaceStatistics } = require('node:v8');
   const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size;
   parentPort.postMessage(young / 1048576);`,
  { eval: true, resourceLimits: { maxYoungGenerationSizeMb: CASE_WORKER_YOUNG_MB } },
);
const workerYoung = await new Promise<number>((resolve) => worker.once('message', resolve));
await worker.terminate();
// As cases finish: the size is checked between short stretches of work.
for (let round = 0; round < 1000; round += 1) {
  if (hold) growCoordinatorNursery();
  churn(10_000);
}
process.stdout.write(`${JSON.stringify({ start, loading, worker: workerYoung, running: youngMiB() })}\n`);

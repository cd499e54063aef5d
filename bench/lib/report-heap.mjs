// Preloaded into the CLI by bench/heap-teardown.ts (`node --import`): on exit, writes the size of the main
// thread's V8 heap (used and committed, bytes) as JSON to the file named by HOLODECK_BENCH_HEAP_FILE.
import { reportOnExit } from './report-on-exit.mjs';

reportOnExit('HOLODECK_BENCH_HEAP_FILE', () => {
  const { heapUsed, heapTotal } = process.memoryUsage();
  return { heap_used: heapUsed, heap_total: heapTotal };
});

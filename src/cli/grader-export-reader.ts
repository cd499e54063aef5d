/**
 * Reads code graders' exports in the threads of the pool they run in (in a case worker: the main thread's pool,
 * over its port), so the thread loading the configuration imports no grader module.
 */
import type { DescribeToolExport } from '../loader/tool-export-shape.js';
import { exportReader } from '../workers/export-reader.js';
import { sharedWorkerPool } from '../workers/worker-pool.js';

export function graderExportReader(): DescribeToolExport {
  return exportReader(() => ({ call: (call) => sharedWorkerPool().run(call) })).describe;
}

/**
 * Reads code graders' exports in the threads of the pool they run in (in a case worker: the main thread's pool,
 * over its port), so the thread loading the configuration imports no grader module. One reader per thread: what
 * the command's first look at the configuration asked for (prefetch-user-code.ts), the load finds answered.
 */
import { type ExportReader, exportReader } from '../workers/export-reader.js';
import { sharedWorkerPool } from '../workers/worker-pool.js';

let reader: ExportReader | null = null;

export function graderExports(): ExportReader {
  reader ??= exportReader(() => ({ call: (call) => sharedWorkerPool().run(call) }));
  return reader;
}

/**
 * The threads a command's function tools run in, and the describer its configuration's load reads the tools
 * with (describe-tool-export.ts, loadReadingUserCodeWith in load-or-report.ts), one set per configuration argument for the process. `holodeck test` starts
 * them before its own code has loaded (main.ts), from a first look at the file's `tools:`
 * (prefetch-user-code.ts, which starts reading the code graders too), so a TypeScript tool's thread loads tsx and the module while this thread loads
 * and checks everything else; the command then takes the same set: its configuration's load finds the
 * answers there, and its backend finds each module already loaded in its thread.
 */
import type { DescribeToolExport } from '../loader/tool-export-shape.js';
import { toolExportReader } from '../tools/describe-tool-export.js';
import { createToolWorkers, type ToolWorkers } from '../tools/tool-workers.js';
import { graderExports } from './grader-export-reader.js';
import { prefetchUserCode } from './prefetch-user-code.js';

export interface ToolThreads {
  readonly workers: ToolWorkers;
  readonly describe: DescribeToolExport;
}

const started = new Map<string, ToolThreads>();

/** The tool threads of `configPath`, started (and its tools' modules loading) at the first call. */
export function toolThreadsFor(configPath: string): ToolThreads {
  let threads = started.get(configPath);
  if (threads === undefined) {
    const workers = createToolWorkers();
    const reader = toolExportReader(workers);
    threads = { workers, describe: reader.describe };
    started.set(configPath, threads);
    prefetchUserCode(configPath, { tools: reader, graders: graderExports() });
  }
  return threads;
}

/** A reporter that renders the final report to one file when the run ends (also when it was interrupted). */
import type { Reporter } from '../core/reporter.js';
import type { RunReport } from '../core/results.js';
import { type WriteFile, writeFileAtomic } from './atomic-write.js';

export interface FileReporterOptions {
  readonly path: string;
  /** Defaults to an atomic write through node:fs (temporary file + rename, parent folders created). */
  readonly writeFile?: WriteFile;
}

export function createFileReporter(options: FileReporterOptions, render: (report: RunReport) => string): Reporter {
  const write = options.writeFile ?? writeFileAtomic;
  return {
    async onEnd(report) {
      await write(options.path, render(report));
    },
  };
}

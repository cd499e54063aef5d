/** The JUnit XML report file. */
import type { Reporter } from '../core/reporter.js';
import { createFileReporter, type FileReporterOptions } from './file-reporter.js';
import { renderJunitReport } from './junit-render.js';

export function createJunitReporter(options: FileReporterOptions): Reporter {
  return createFileReporter(options, renderJunitReport);
}

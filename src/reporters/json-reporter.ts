/** The JSON report (PRODUCT.md §7). */
import type { Reporter } from '../core/reporter.js';
import type { RunReport } from '../core/results.js';
import { createFileReporter, type FileReporterOptions } from './file-reporter.js';
import { reportToJson } from './to-report-json.js';

export function renderJsonReport(report: RunReport): string {
  return `${JSON.stringify(reportToJson(report), null, 2)}\n`;
}

export function createJsonReporter(options: FileReporterOptions): Reporter {
  return createFileReporter(options, renderJsonReport);
}

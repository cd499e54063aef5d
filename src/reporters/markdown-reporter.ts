/** The Markdown report file. */
import type { Reporter } from '../core/reporter.js';
import { createFileReporter, type FileReporterOptions } from './file-reporter.js';
import { renderMarkdownReport } from './markdown-render.js';

export function createMarkdownReporter(options: FileReporterOptions): Reporter {
  return createFileReporter(options, (report) => renderMarkdownReport(report));
}

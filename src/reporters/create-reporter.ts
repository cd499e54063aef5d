/** Report files by format: `--output report.md` picks the Markdown reporter from the extension. */
import { extname } from 'node:path';
import type { Reporter } from '../core/reporter.js';
import type { WriteFile } from './atomic-write.js';
import { lazyReporter } from './lazy-reporter.js';

export type ReportFormat = 'json' | 'markdown' | 'junit';

export const REPORT_FORMATS: readonly ReportFormat[] = ['json', 'markdown', 'junit'];

type ReporterOptions = { path: string; writeFile?: WriteFile; max_text_length?: number | undefined };

/** Each format's code loads only when a run writes that format. */
const FACTORIES: Record<ReportFormat, (options: ReporterOptions) => Promise<Reporter>> = {
  json: async (options) => (await import('./json-reporter.js')).createJsonReporter(options),
  markdown: async (options) => (await import('./markdown-reporter.js')).createMarkdownReporter(options),
  junit: async (options) => (await import('./junit-reporter.js')).createJunitReporter(options),
};

const EXTENSIONS: Readonly<Record<string, ReportFormat>> = {
  '.json': 'json',
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.xml': 'junit',
};

/** The report path's extension is not one holodeck knows how to write. */
export class ReportFormatError extends Error {
  readonly code = 'REPORT_FORMAT_UNKNOWN';
  constructor(readonly path: string) {
    const ext = extname(path);
    const found = ext === '' ? 'has no extension' : `has the extension "${ext}"`;
    super(
      `cannot tell the report format of "${path}": it ${found}; ` +
        'use .json (JSON), .md or .markdown (Markdown) or .xml (JUnit XML), or set --format json|markdown|junit',
    );
    this.name = 'ReportFormatError';
  }
}

/** The format a report path asks for, from its extension (case-insensitive); throws ReportFormatError otherwise. */
export function formatFromPath(path: string): ReportFormat {
  const format = EXTENSIONS[extname(path).toLowerCase()];
  if (format === undefined) throw new ReportFormatError(path);
  return format;
}

/** A reporter writing `path` in `format` when the run ends. */
export function createReporter(
  format: ReportFormat,
  path: string,
  options: { writeFile?: WriteFile; max_text_length?: number | undefined } = {},
): Reporter {
  return lazyReporter(() => FACTORIES[format]({ path, ...options }));
}

/** The formats a report file may have, and the file name extensions that choose one. */
import { extname } from 'node:path';

export const REPORT_FILE_FORMATS = ['json', 'markdown', 'junit', 'html'] as const;

export type ReportFileFormat = (typeof REPORT_FILE_FORMATS)[number];

export const REPORT_EXTENSIONS: Readonly<Record<string, ReportFileFormat>> = {
  '.json': 'json',
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.xml': 'junit',
  '.html': 'html',
  '.htm': 'html',
};

export const REPORT_FORMAT_NAMES: Readonly<Record<ReportFileFormat, string>> = {
  json: 'JSON',
  markdown: 'Markdown',
  junit: 'JUnit XML',
  html: 'HTML',
};

/** What the extensions mean, for messages: `.json (JSON), .md (Markdown), …`. */
export const REPORT_EXTENSIONS_SAID = '.json (JSON), .md (Markdown), .xml (JUnit XML) or .html (static HTML report)';

/** The format a file name's extension (any letter case) names, else undefined. */
export function reportFormatOfName(path: string): ReportFileFormat | undefined {
  return REPORT_EXTENSIONS[extname(path).toLowerCase()];
}

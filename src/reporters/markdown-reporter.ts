/** The Markdown report file, streamed: each case's table row and section are spilled as it finishes. */
import type { Reporter } from '../core/reporter.js';
import { createFileReporter, type FileReporterOptions, writeJoined } from './file-reporter.js';
import { CASES_TABLE_HEADER, markdownCaseParts, markdownHead, NO_CASES } from './markdown-render.js';

export function createMarkdownReporter(options: FileReporterOptions): Reporter {
  return createFileReporter(options, {
    renderCase(result) {
      const { row, section } = markdownCaseParts(result);
      return [row, section];
    },
    async assemble(report, _state, cases, write) {
      await write(`${markdownHead(report)}\n\n`);
      if (cases.count === 0) return write(`${NO_CASES}\n`);
      await write(`${CASES_TABLE_HEADER}\n`);
      await writeJoined(cases.read(0), '\n', write);
      for await (const sections of cases.read(1)) await write(sections.flatMap((section) => ['\n\n', section]));
      await write('\n');
    },
  });
}

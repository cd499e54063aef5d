/**
 * The Markdown report file, streamed: each case's table row and section are spilled as it finishes, with its
 * status and their sizes, from which the end of the run chooses what fits the size bound (markdown-budget.ts).
 */
import type { Reporter } from '../core/reporter.js';
import type { Status } from '../core/status.js';
import { createFileReporter, type FileReporterOptions, writeJoined } from './file-reporter.js';
import { MARKDOWN_MAX_BYTES, type MarkdownCaseSize, markdownBudget } from './markdown-budget.js';
import {
  CASES_TABLE_HEADER,
  markdownCaseParts,
  markdownCaseSize,
  markdownFixedBytes,
  markdownHead,
  NO_CASES,
} from './markdown-render.js';

const ROW = 0;
const SECTION = 1;
const SIZE = 2;

export function createMarkdownReporter(options: FileReporterOptions, maxBytes: number = MARKDOWN_MAX_BYTES): Reporter {
  return createFileReporter(options, {
    renderCase(result) {
      const { row, section } = markdownCaseParts(result);
      const size = markdownCaseSize(result.status, row, section);
      return [row, section, `${size.status} ${size.row} ${size.section}`];
    },
    async assemble(report, _state, cases, write) {
      const head = markdownHead(report);
      await write(`${head}\n\n`);
      if (cases.count === 0) return write(`${NO_CASES}\n`);
      const sizes: MarkdownCaseSize[] = [];
      for await (const batch of cases.read(SIZE)) for (const size of batch) sizes.push(parseSize(size));
      const chosen = markdownBudget(markdownFixedBytes(head), sizes, maxBytes);
      await write(`${CASES_TABLE_HEADER}\n`);
      await writeJoined(kept(cases.read(ROW), chosen.rows), '\n', write);
      if (chosen.note !== null) await write(`\n\n${chosen.note}`);
      for await (const sections of kept(cases.read(SECTION), chosen.sections)) {
        await write(sections.flatMap((section) => ['\n\n', section]));
      }
      await write('\n');
    },
  });
}

function parseSize(spilled: Buffer): MarkdownCaseSize {
  const [status, row, section] = spilled.toString('utf8').split(' ');
  return { status: status as Status, row: Number(row), section: Number(section) };
}

/** The items of `batches` whose index (counted across batches) is marked in `keep`. */
async function* kept(batches: AsyncIterable<readonly Buffer[]>, keep: readonly boolean[]) {
  let index = 0;
  for await (const batch of batches) {
    const chosen = batch.filter((_, i) => keep[index + i] === true);
    index += batch.length;
    if (chosen.length > 0) yield chosen;
  }
}

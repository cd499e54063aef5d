/**
 * A reporter writing one report file. Each finished case is rendered at once and spilled to a hidden file
 * beside the target; when the run ends (completed or interrupted) the report is assembled from the spill in
 * case order and written atomically. Memory stays flat however many cases run.
 */
import type { Reporter, RunEnd, RunState } from '../core/reporter.js';
import type { TestResult } from '../core/results.js';
import { type Piece, type WriteChunk, type WriteFile, writeStreamAtomic } from './atomic-write.js';
import { createResultSpool, type ResultSpool } from './result-spool.js';

export interface FileReporterOptions {
  readonly path: string;
  /** Defaults to an atomic write through node:fs (temporary file + rename, parent folders created). */
  readonly writeFile?: WriteFile;
  /** Report texts (responses, tool results...) longer than this many characters are cut with a note. */
  readonly max_text_length?: number | undefined;
}

/** How one report format renders cases and assembles the file. */
export interface StreamFormat {
  /** The rendered parts of one finished case (e.g. a table row and a section). */
  renderCase(result: TestResult): readonly string[];
  /** Writes the whole file; `cases(part)` yields that part of every finished case, in case order. */
  assemble(report: RunEnd, state: RunState, cases: CaseParts, write: WriteChunk): Promise<void>;
}

export interface CaseParts {
  readonly count: number;
  /** Part `part` of every case, in case order, as UTF-8 bytes, in batches of consecutive cases. */
  read(part: number): AsyncIterable<readonly Buffer[]>;
}

export function createFileReporter(options: FileReporterOptions, format: StreamFormat): Reporter {
  let spool: ResultSpool | null = null;
  const store = (result: TestResult, index: number) => {
    spool ??= createResultSpool(options.path);
    return spool.append(index, format.renderCase(result));
  };
  return {
    onTestCaseEnd: store,
    onTestCaseRestored: store,
    async onEnd(report, state) {
      const active = spool;
      spool = null;
      const cases: CaseParts = {
        count: active?.size ?? 0,
        read: (part) => active?.batches(part) ?? empty(),
      };
      try {
        await writeReport(options, (write) => format.assemble(report, state, cases, write));
      } finally {
        await active?.dispose();
      }
    },
  };
}

async function writeReport(options: FileReporterOptions, produce: (write: WriteChunk) => Promise<void>) {
  if (options.writeFile === undefined) return writeStreamAtomic(options.path, produce);
  const chunks: string[] = [];
  await produce(async (chunk) => {
    const pieces = typeof chunk === 'string' || chunk instanceof Uint8Array ? [chunk] : chunk;
    for (const piece of pieces) chunks.push(typeof piece === 'string' ? piece : Buffer.from(piece).toString('utf8'));
  });
  return options.writeFile(options.path, chunks.join(''));
}

async function* empty(): AsyncIterable<readonly Buffer[]> {}

/** Writes the items of `batches` separated by `separator`, one write per batch. */
export async function writeJoined(
  batches: AsyncIterable<readonly Piece[]>,
  separator: string,
  write: WriteChunk,
): Promise<void> {
  let first = true;
  for await (const batch of batches) {
    const pieces: Piece[] = [];
    for (const item of batch) {
      if (!first) pieces.push(separator);
      pieces.push(item);
      first = false;
    }
    await write(pieces);
  }
}

/** `--output report.html`: the static HTML report of the run just recorded, as `test view --export` writes it. */
import { relative } from 'node:path';
import type { Redactor } from '../core/redactor.js';
import { writeStreamAtomic } from '../reporters/atomic-write.js';
import type { PlannedOutput } from './plan-outputs.js';

/** A report that could not be written, and why (`cannot write <path>: …`). */
export interface OutputProblem {
  readonly path: string;
  readonly message: string;
}

/** Writes every HTML output; returns the problems (one per file that could not be written). */
export async function writeHtmlOutputs(
  outputs: readonly PlannedOutput[],
  resultsDir: string,
  recordPath: string | null,
  redactor: Redactor,
): Promise<OutputProblem[]> {
  const html = outputs.filter((output) => output.format === 'html');
  if (html.length === 0) return [];
  if (recordPath === null) {
    return html.map(({ path }) => ({ path, message: `cannot write ${path}: the run record was not written` }));
  }
  const runId = relative(resultsDir, recordPath)
    .replace(/\\/g, '/')
    .replace(/\.json$/, '');
  // The dashboard's code loads only for a run that asks for an HTML report.
  const { exportStaticReport } = await import('../dashboard/export-static-report.js');
  const problems: OutputProblem[] = [];
  for (const output of html) {
    try {
      await exportStaticReport({ resultsDir, runId, outPath: output.path, redactor, write: writeStreamAtomic });
    } catch (error) {
      problems.push({ path: output.path, message: `cannot write ${output.path}: ${(error as Error).message}` });
    }
  }
  return problems;
}

/** After a model matrix: the Markdown comparison, then where each model's record and reports went. */

import { writeFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import type { ModelMatrix } from '../../core/model-matrix.js';
import type { Redactor } from '../../core/redactor.js';
import { makeFolder } from '../../reporters/make-folder.js';
import { renderMatrixMarkdown } from '../../reporters/matrix-table.js';
import { resumeCommandLine } from '../resume-command-line.js';
import { FAILED } from '../run-locations.js';
import { shellQuote } from '../shell-quote.js';
import type { OutputProblem } from '../write-html-outputs.js';
import type { MatrixInput, PreparedModel } from './prepare-matrix.js';

/** Writes the table to every Markdown output; returns the problems (one per file that could not be written). */
export async function writeComparisonOutputs(
  matrix: ModelMatrix,
  paths: readonly string[],
  redactor: Redactor,
): Promise<OutputProblem[]> {
  const problems: OutputProblem[] = [];
  const text = redactor.text(renderMatrixMarkdown(matrix));
  for (const path of paths) {
    try {
      await makeFolder(dirname(path));
      await writeFile(path, text);
    } catch (error) {
      problems.push({ path, message: `cannot write ${path}: ${(error as Error).message}` });
    }
  }
  return problems;
}

export interface ModelRecord {
  readonly model: PreparedModel;
  readonly record: string | null;
}

/** Lists where each model's record and reports went; `failed` holds the files that could not be written. */

export function printMatrixLocations(
  input: MatrixInput,
  models: readonly ModelRecord[],
  comparison: { readonly id: string; readonly paths: readonly string[] },
  interrupted: boolean,
  failed: ReadonlySet<string> = new Set(),
): void {
  const cwd = process.cwd();
  const shown = (path: string) => relative(cwd, path) || '.';
  const listed = (path: string) => `${shown(path)}${failed.has(path) ? `  ${FAILED}` : ''}`;
  if (interrupted) {
    for (const { model, record } of models) {
      if (record === null) continue;
      const runId = relative(input.resultsDir, record)
        .replace(/\\/g, '/')
        .replace(/\.json$/, '');
      const command = resumeCommandLine({
        configPath: input.loaded.config_path,
        resultsDir: input.customResultsDir ? input.resultsDir : null,
        runId,
        options: { ...input.options, model: model.entry.override, models: [model.entry.override] },
        outputs: model.outputs,
        cwd,
      });
      process.stderr.write(
        `${model.entry.label}: saved the finished test cases in ${record}\nrun the rest with: ${command}\n`,
      );
    }
    return;
  }
  if (input.options.verbosity === 'quiet') return;
  const width = Math.max(...models.map(({ model }) => model.entry.label.length), 'comparison'.length);
  const lines: string[] = [];
  for (const { model, record } of models) {
    const label = model.entry.label.padEnd(width);
    if (record !== null) lines.push(`${label}  run record  ${listed(record)}`);
    for (const output of model.outputs) lines.push(`${label}  report      ${listed(output.path)}`);
  }
  const records = models.map(({ record }) => record).filter((record): record is string => record !== null);
  for (const path of comparison.paths) lines.push(`${'comparison'.padEnd(width)}  ${listed(path)}`);
  if (records.length >= 2) {
    lines.push(
      `${'compare'.padEnd(width)}  ${['holodeck', 'compare', ...records.slice(0, 2).map(shown)].map(shellQuote).join(' ')}`,
    );
  }
  const view = ['holodeck', 'test', 'view', shown(input.loaded.config_path)];
  if (input.customResultsDir) view.push('--results-dir', shown(input.resultsDir));
  lines.push(`${'dashboard'.padEnd(width)}  ${view.map(shellQuote).join(' ')}  (then #/comparison/${comparison.id})`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

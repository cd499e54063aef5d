/** After a model matrix: the Markdown comparison, then where each model's record and reports went. */

import { writeFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import type { ModelMatrix } from '../../core/model-matrix.js';
import type { Redactor } from '../../core/redactor.js';
import { makeFolder } from '../../reporters/make-folder.js';
import { renderMatrixMarkdown } from '../../reporters/matrix-table.js';
import { explainInterruption } from '../explain-interruption.js';
import { holodeckCommand } from '../holodeck-command.js';
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
  if (interrupted) {
    for (const { model, record } of models) {
      explainInterruption({
        configPath: input.loaded.config_path,
        record,
        failed,
        resultsDir: input.resultsDir,
        customResultsDir: input.customResultsDir,
        outputs: model.outputs,
        options: { ...input.options, model: model.entry.override, models: [model.entry.override] },
        label: `${model.entry.label}: `,
      });
    }
    return;
  }
  if (input.options.verbosity === 'quiet') return;
  process.stdout.write(
    formatMatrixLocations({
      models: models.map(({ model, record }) => ({
        label: model.entry.label,
        record,
        outputs: model.outputs.map((output) => output.path),
      })),
      comparison,
      configPath: input.loaded.config_path,
      resultsDir: input.customResultsDir ? input.resultsDir : null,
      failed,
      cwd,
    }),
  );
}

export interface MatrixLocations {
  readonly models: readonly {
    readonly label: string;
    readonly record: string | null;
    readonly outputs: readonly string[];
  }[];
  readonly comparison: { readonly id: string; readonly paths: readonly string[] };
  readonly configPath: string;
  /** Set when run records do not go to the default folder (the dashboard command must name it). */
  readonly resultsDir: string | null;
  /** The files that could not be written (their errors were said above). */
  readonly failed: ReadonlySet<string>;
  readonly cwd: string;
}

/** Each model's record and reports, the comparison table's files, and the commands that compare the models. */
export function formatMatrixLocations(where: MatrixLocations): string {
  const shown = (path: string) => relative(where.cwd, path) || '.';
  const listed = (path: string) => `${shown(path)}${where.failed.has(path) ? `  ${FAILED}` : ''}`;
  const width = Math.max(...where.models.map(({ label }) => label.length), 'comparison'.length);
  const lines: string[] = [];
  for (const { label, record, outputs } of where.models) {
    if (record !== null) lines.push(`${label.padEnd(width)}  run record  ${listed(record)}`);
    for (const output of outputs) lines.push(`${label.padEnd(width)}  report      ${listed(output)}`);
  }
  const records = where.models.map(({ record }) => record).filter((record): record is string => record !== null);
  for (const path of where.comparison.paths) lines.push(`${'comparison'.padEnd(width)}  ${listed(path)}`);
  const command = holodeckCommand();
  if (records.length >= 2) {
    const compare = [...command, 'compare', ...records.slice(0, 2).map(shown)];
    lines.push(`${'compare'.padEnd(width)}  ${compare.map(shellQuote).join(' ')}`);
  }
  const view = [...command, 'test', 'view', shown(where.configPath)];
  if (where.resultsDir !== null) view.push('--results-dir', shown(where.resultsDir));
  lines.push(
    `${'dashboard'.padEnd(width)}  ${view.map(shellQuote).join(' ')}  (then #/comparison/${where.comparison.id})`,
  );
  return `${lines.join('\n')}\n`;
}

/**
 * `merge-reports` over the shards of a model matrix: each model's shards merge into that model's run, the
 * merged runs are tied by a new comparison id, and the console, the Markdown outputs and the dashboard get the
 * side-by-side table as after a matrix run. Every model's shards are checked before anything is written.
 */
import { randomUUID } from 'node:crypto';
import { buildModelMatrix, type MatrixCaseResult } from '../../core/model-matrix.js';
import { createPalette } from '../../reporters/ansi.js';
import { formatMatrixTable } from '../../reporters/matrix-table.js';
import { colorWanted } from '../color-wanted.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { formatMatrixLocations, writeComparisonOutputs } from '../matrix/matrix-locations.js';
import { matrixOutputs, perModelOutputProblem } from '../matrix/matrix-outputs.js';
import { heldConsole } from '../matrix/matrix-reporter.js';
import type { PlannedOutput } from '../plan-outputs.js';
import { checkShards } from './check-shards.js';
import type { LoadedShard } from './loaded-shard.js';
import { absentModels } from './matrix-models.js';
import type { ModelGroup } from './model-groups.js';
import { type MergedRunWritten, type MergeSettings, writeMergedRun } from './write-merged-run.js';

export type MatrixMerge = { readonly exit: ExitCode } | { readonly problems: readonly string[] };

export async function mergeMatrix(
  groups: readonly ModelGroup[],
  outputs: readonly PlannedOutput[],
  settings: MergeSettings,
): Promise<MatrixMerge> {
  const device = perModelOutputProblem(outputs);
  if (device !== null) return { problems: [device] };
  const checked = checkModels(groups);
  if ('problems' in checked) return checked;
  for (const { path, why } of checked.skipped) process.stderr.write(`skipped ${path}: ${why}\n`);
  const id = randomUUID();
  const labels = groups.map((group) => group.model);
  const { comparison, perModel } = matrixOutputs(outputs, labels);
  const models: { label: string; outputs: readonly PlannedOutput[]; run: MergedRunWritten & { ok: true } }[] = [];
  const cases: MatrixCaseResult[][] = labels.map(() => []);
  const consoles = labels.map(() => heldConsole());
  for (const [i, shards] of checked.ordered.entries()) {
    const console = consoles[i] as ReturnType<typeof heldConsole>;
    const modelOutputs = perModel[i] ?? [];
    const run = await writeMergedRun(shards, modelOutputs, settings, { id, cases: cases[i] ?? [], console });
    if (!run.ok) return { problems: [run.message] };
    models.push({ label: labels[i] as string, outputs: modelOutputs, run });
  }
  for (const [i, { label }] of models.entries()) process.stdout.write(`\n── ${label} ──\n${consoles[i]?.text() ?? ''}`);
  const matrix = buildModelMatrix(
    id,
    models.map(({ label, run }, i) => ({ model: label, summary: run.report.summary, cases: cases[i] ?? [] })),
  );
  process.stdout.write(`\n${formatMatrixTable(matrix, createPalette(colorWanted(process.stdout))).join('\n')}\n\n`);
  const problems = await writeComparisonOutputs(matrix, comparison, settings.redactor);
  for (const problem of problems) process.stderr.write(`error: ${problem.message}\n`);
  const first = (models[0] as (typeof models)[number]).run;
  if (settings.verbosity !== 'quiet') {
    process.stdout.write(
      formatMatrixLocations({
        models: models.map(({ label, outputs: reports, run }) => ({
          label,
          record: run.record,
          outputs: reports.map((output) => output.path),
        })),
        comparison: { id, paths: comparison },
        configPath: first.configPath,
        resultsDir: settings.resultsDir === undefined ? null : first.resultsDir,
        failed: new Set([...models.flatMap(({ run }) => [...run.failed]), ...problems.map((p) => p.path)]),
        cwd: process.cwd(),
      }),
    );
  }
  if (problems.length > 0 || models.some(({ run }) => run.errors > 0)) return { exit: EXIT.runtime };
  return { exit: models.some(({ run }) => run.report.summary.failed > 0) ? EXIT.failed : EXIT.ok };
}

/** Each model's shards in shard order, or every problem found, named after its model. */
function checkModels(
  groups: readonly ModelGroup[],
): { ordered: LoadedShard[][]; skipped: { path: string; why: string }[] } | { problems: string[] } {
  const problems: string[] = [];
  const ordered: LoadedShard[][] = [];
  const skipped: { path: string; why: string }[] = [];
  for (const group of groups) {
    const byPath = new Map(group.shards.map((loaded) => [loaded.shard.path, loaded]));
    const checked = checkShards(
      group.shards.map(({ shard }) => shard),
      group.unfinished,
    );
    if (!checked.ok) problems.push(...checked.problems.map((problem) => `${group.model}: ${problem}`));
    else {
      ordered.push(checked.ordered.map((shard) => byPath.get(shard.path) as LoadedShard));
      skipped.push(...checked.skipped);
    }
  }
  const shards = groups.flatMap((group) => group.shards);
  const present = new Set(groups.map((group) => group.model));
  problems.push(...absentModels(shards, present));
  problems.push(...suiteMismatches(groups));
  return problems.length > 0 ? { problems } : { ordered, skipped };
}

/** The models of one matrix ran one suite: a model whose shards ran another is not part of it. */
function suiteMismatches(groups: readonly ModelGroup[]): string[] {
  const [first, ...others] = groups.map((group) => ({ model: group.model, shard: group.shards[0]?.shard }));
  if (first?.shard === undefined) return [];
  const suite = (shard: LoadedShard['shard']) =>
    `${shard.agent_name}\n${shard.selection?.suite_fingerprint}\n${shard.settings?.content ?? ''}\n${shard.selection?.shard?.total}`;
  return others
    .filter(({ shard }) => shard !== undefined && suite(shard) !== suite(first.shard as LoadedShard['shard']))
    .map(
      ({ model, shard }) =>
        `the shards of ${model} (${shard?.path}) and of ${first.model} (${first.shard?.path}) ran different suites, agents or splits: merge the shards of one model matrix`,
    );
}

/**
 * `holodeck merge-reports PATH...`: combines the run records of the shards of one suite (`--shard i/n`)
 * into one run — a run record in the results folder (so the dashboard shows it), the requested reports and
 * the exit code of the whole suite. The shards of a model matrix merge into one run per model, tied again as a
 * matrix.
 */

import { escapeControlChars } from '../../core/display-controls.js';
import { createRedactor } from '../../core/redactor.js';
import { readRunRecord } from '../../records/run-record.js';
import { outputPlaceProblem, overInputProblem, writtenFiles } from '../check-output-places.js';
import { collectSecrets } from '../collect-secrets.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { checkShards } from '../merge/check-shards.js';
import { findRecords } from '../merge/find-records.js';
import { type LoadedShard, loadShard } from '../merge/loaded-shard.js';
import { mergeMatrix } from '../merge/merge-matrix.js';
import { mixedRunKindsProblem, modelGroups } from '../merge/model-groups.js';
import { readUnfinishedRuns } from '../merge/read-unfinished-runs.js';
import { writeMergedRun } from '../merge/write-merged-run.js';
import { isStdoutPath, type OutputFormat, planOutputs } from '../plan-outputs.js';
import { redactProcessOutput } from '../redact-process-output.js';
import { printRunLocations } from '../run-locations.js';

export interface MergeOptions {
  readonly output: readonly string[];
  readonly format?: OutputFormat;
  /** Default: results/ beside the config the shards ran (so `test view CONFIG` shows the merged run). */
  readonly resultsDir?: string;
  readonly maxTextLength?: number;
  readonly redact?: readonly string[];
  readonly verbose?: boolean;
  readonly quiet?: boolean;
}

export async function mergeReportsCommand(
  paths: readonly string[],
  options: MergeOptions,
  argv: string[],
): Promise<ExitCode> {
  const redactor = createRedactor(collectSecrets(null, process.env, options.redact ?? []).secrets);
  redactProcessOutput(redactor);
  const outputs = planOutputs(options.output, options.format);
  if (!outputs.ok) return outputError(outputs.message);
  const found = await findRecords(paths);
  if (!found.ok) return fail([found.message]);
  // A report written over a shard's record or log would destroy it: the merge could not be done again.
  const inputs = [...found.files.map((file) => file.path), ...found.unfinished];
  const placeProblem =
    (await overInputProblem(writtenFiles(outputs.outputs, undefined), inputs)) ??
    (await outputPlaceProblem(outputs.outputs));
  if (placeProblem !== null) return outputError(placeProblem);
  const loaded = new Map<string, LoadedShard>();
  for (const file of found.files) {
    try {
      loaded.set(file.path, loadShard(file.path, file.explicit, await readRunRecord(file.path)));
    } catch (error) {
      return fail([(error as Error).message]);
    }
  }
  const unfinished = await readUnfinishedRuns(found.unfinished);
  const settings = {
    verbosity: options.quiet ? 'quiet' : options.verbose ? 'verbose' : 'normal',
    resultsDir: options.resultsDir,
    maxTextLength: options.maxTextLength,
    redactor,
    argv,
  } as const;
  const mixed = mixedRunKindsProblem([...loaded.values()]);
  if (mixed !== null) return fail([mixed]);
  const groups = modelGroups([...loaded.values()], unfinished);
  if (groups !== null) {
    const merged = await mergeMatrix(groups, outputs.outputs, settings);
    return 'problems' in merged ? fail(merged.problems) : merged.exit;
  }
  const checked = checkShards(
    [...loaded.values()].map((entry) => entry.shard),
    unfinished,
  );
  if (!checked.ok) return fail(checked.problems);
  for (const { path, why } of checked.skipped)
    process.stderr.write(`skipped ${escapeControlChars(`${path}: ${why}`)}\n`);
  const ordered = checked.ordered.map((shard) => loaded.get(shard.path) as LoadedShard);
  const versions = [...new Set(ordered.map((shard) => shard.holodeck_version))];
  if (versions.length > 1) {
    const said = versions.map((version) => escapeControlChars(version)).join(', ');
    process.stderr.write(
      `warning: the shards ran different holodeck versions (${said}): the merged run says ${said.split(', ')[0]}, and its parts may have been judged differently\n`,
    );
  }
  const written = await writeMergedRun(ordered, outputs.outputs, settings);
  if (!written.ok) return fail([written.message]);
  if (settings.verbosity !== 'quiet') {
    const onStdout = outputs.outputs.some((output) => isStdoutPath(output.path));
    printRunLocations(onStdout ? process.stderr : process.stdout, {
      record: written.record,
      outputs: outputs.outputs.map((output) => output.path),
      failed: written.failed,
      configPath: written.configPath,
      resultsDir: options.resultsDir === undefined ? null : written.resultsDir,
      cwd: process.cwd(),
    });
  }
  if (written.errors > 0) return EXIT.runtime;
  return written.report.summary.failed > 0 ? EXIT.failed : EXIT.ok;
}

/** A report that cannot be written where asked: the records are not at fault. */
function outputError(message: string): ExitCode {
  process.stderr.write(`error: ${escapeControlChars(message)}\n`);
  return EXIT.config;
}

function fail(problems: readonly string[]): ExitCode {
  // Problems quote case names and paths: a control character there is shown, not let loose on the terminal.
  const listed = problems.map((problem) => `  - ${escapeControlChars(problem)}\n`).join('');
  process.stderr.write(`error: cannot merge these run records:\n${listed}`);
  return EXIT.config;
}

/**
 * `--last-failed`: the test cases whose latest result failed or errored, over the runs of this config — the
 * run records in the agent's results folder whose report names the same config file, newest first. A run that
 * selected some cases (`--filter`, `--limit`, `--last-failed`, a shard, an interrupted run) decides only for
 * those: older runs are read back to the last one that ran the whole suite. A model matrix counts with the
 * records of its other models.
 */
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { compareRunNames, parseRunName } from '../core/run-record-name.js';
import { type RunRecord, RunRecordError, readRunRecord } from '../records/run-record.js';
import { agentSlug } from '../reporters/run-record-path.js';

export type LastFailed =
  | {
      readonly ok: true;
      /** The newest run read. */
      readonly run_id: string;
      /** The runs read, newest first: more than one when the newest ran part of the suite. */
      readonly runs: readonly string[];
      /** The records of the newest run: one per model when it was a model matrix. */
      readonly models: number;
      readonly names: readonly string[];
    }
  | { readonly ok: false; readonly message: string };

export async function lastFailed(resultsDir: string, agentName: string, configPath: string): Promise<LastFailed> {
  const folder = join(resultsDir, agentSlug(agentName));
  let files: string[];
  try {
    files = await readdir(folder);
  } catch {
    files = [];
  }
  // The runs holodeck wrote, newest first: a record copied under a name of one's own is no run of this order.
  const named = files.flatMap((file) => {
    const name = file.endsWith('.json') ? parseRunName(file.slice(0, -'.json'.length)) : null;
    return name === null ? [] : [{ file, name }];
  });
  const newestFirst = named.sort((a, b) => compareRunNames(b.name, a.name)).map((run) => run.file);
  /** Each case's latest verdict: failed (or errored) or not. */
  const latest = new Map<string, boolean>();
  const runs: string[] = [];
  let models = 0;
  const idOf = (path: string) =>
    relative(resultsDir, path)
      .replace(/\\/g, '/')
      .replace(/\.json$/, '');
  for (let position = 0; position < newestFirst.length; position += 1) {
    const path = join(folder, newestFirst[position] as string);
    let record: RunRecord;
    try {
      record = await readRunRecord(path);
    } catch (error) {
      // A record's error names its file first.
      const said = error instanceof RunRecordError ? error.message : `${path}: ${(error as Error).message}`;
      return { ok: false, message: `--last-failed: cannot read the latest run record, ${said}` };
    }
    if (record.report.agent_config_path !== configPath) continue;
    runs.push(idOf(path));
    // A model matrix writes one record per model, side by side: a case failed when it failed on any model.
    const together = [record];
    const comparison = record.metadata.comparison_id;
    while (comparison !== undefined && position + 1 < newestFirst.length) {
      const sibling = await readRunRecord(join(folder, newestFirst[position + 1] as string)).catch(() => null);
      if (sibling?.metadata.comparison_id !== comparison) break;
      together.push(sibling);
      position += 1;
    }
    if (models === 0) models = together.length;
    const verdicts = new Map<string, boolean>();
    for (const run of together) {
      for (const result of run.report.results) {
        verdicts.set(result.test_name, (verdicts.get(result.test_name) ?? false) || !result.passed);
      }
    }
    for (const [name, failed] of verdicts) if (!latest.has(name)) latest.set(name, failed);
    if (ranWholeSuite(record)) break;
  }
  if (runs.length === 0) return { ok: false, message: `--last-failed: no earlier run of ${configPath} in ${folder}` };
  const names = [...latest.entries()].filter(([, failed]) => failed).map(([name]) => name);
  return { ok: true, run_id: runs[0] as string, runs, models, names };
}

/** The run finished and selected nothing out of the suite: it decides for every case. */
function ranWholeSuite(record: RunRecord): boolean {
  if (record.state !== 'completed') return false;
  const selection = record.metadata.selection;
  if (selection === null || selection === undefined) return true;
  return (
    (selection.filters ?? []).length === 0 &&
    (selection.filter ?? null) === null &&
    (selection.grep ?? null) === null &&
    (selection.exclude ?? []).length === 0 &&
    (selection.last_failed ?? null) === null &&
    selection.limit === null &&
    selection.shard === null
  );
}

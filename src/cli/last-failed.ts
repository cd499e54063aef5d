/**
 * `--last-failed`: the test cases whose latest result failed or errored, over the history the run continues — the
 * runs in the agent's results folder of the same config file (configHistory: its own path; a moved project's
 * older path only while no run has its own, and only when one recorded path fits) on
 * the same model (the configured one, or the one `--model` gives; each model of a matrix its own), newest first.
 * A run that selected some cases (`--filter`, `--limit`, `--last-failed`, a shard) or did not finish (interrupted,
 * or crashed with only its log left, whose logged results count) decides only for those: older runs are read back
 * to the last one that ran the whole suite.
 */
import { join, relative } from 'node:path';
import { RunRecordError } from '../records/run-record.js';
import { agentSlug } from '../reporters/run-record-path.js';
import { type ConfigHistory, configHistory, recordedConfigPaths, sayHistoryWarning } from './history/config-history.js';
import { type HistoryRun, readHistoryRun } from './history/history-run.js';
import { listRunFiles, type RunFiles } from './history/list-run-files.js';

export interface LastFailedQuery {
  readonly resultsDir: string;
  readonly agentName: string;
  readonly configPath: string;
  /** The model the run is to run (`provider:name`), null without one: the history of that model is read. */
  readonly model: string | null;
}

/** A run read, by its id (`agent-slug/timestamp`). */
export interface ReadRun {
  readonly id: string;
  /** `unfinished`: it left only its log (crashed, killed, its record not written, or still going). */
  readonly state: HistoryRun['state'];
}

export type LastFailed =
  | {
      readonly ok: true;
      /** The newest run read. */
      readonly run_id: string;
      /** The runs read, newest first: more than one when the newest ran part of the suite. */
      readonly runs: readonly ReadRun[];
      readonly names: readonly string[];
    }
  | { readonly ok: false; readonly message: string };

export async function lastFailed(query: LastFailedQuery): Promise<LastFailed> {
  const { resultsDir, configPath, model } = query;
  const folder = join(resultsDir, agentSlug(query.agentName));
  const listed = await listRunFiles(folder);
  if (!listed.ok) return { ok: false, message: `--last-failed: ${listed.message}` };
  // A run of the config's own path is of its history whatever the other runs recorded: the folder's paths are
  // read (every run) only for a run that recorded another.
  let history: ConfigHistory | null = null;
  const owns = async (recorded: string): Promise<boolean> => {
    if (recorded === configPath) return true;
    history ??= configHistory(await recordedConfigPaths(listed.runs), configPath, resultsDir);
    sayHistoryWarning(history);
    return history.owns(recorded);
  };
  const idOf = (files: RunFiles) => relative(resultsDir, join(folder, files.stem)).replace(/\\/g, '/');
  /** Each case's latest verdict: failed (or errored) or not. */
  const latest = new Map<string, boolean>();
  const runs: ReadRun[] = [];
  const otherModels = new Set<string>();
  for (const [position, files] of listed.runs.entries()) {
    let run: HistoryRun | null;
    let verdicts: ReadonlyMap<string, boolean>;
    try {
      run = await readHistoryRun(files);
      if (run === null || !(await owns(run.config_path))) continue;
      if (run.model !== model) {
        if (run.model !== null) otherModels.add(run.model);
        continue;
      }
      verdicts = await run.verdicts();
    } catch (error) {
      const newest = listed.runs[0] as RunFiles;
      return { ok: false, message: unreadable(error, position === 0 ? null : idOf(newest), folder) };
    }
    runs.push({ id: idOf(files), state: run.state });
    for (const [name, failed] of verdicts) if (!latest.has(name)) latest.set(name, failed);
    if (ranWholeSuite(run)) break;
  }
  if (runs.length === 0) return { ok: false, message: noHistory(query, folder, [...otherModels]) };
  const names = [...latest.entries()].filter(([, failed]) => failed).map(([name]) => name);
  return { ok: true, run_id: (runs[0] as ReadRun).id, runs, names };
}

/** What `--last-failed` runs, said before the run: `count` cases of the history's latest run (and which). */
export function lastFailedNotice(found: LastFailedRuns, model: string | null, count: number): string {
  const cases = count === 1 ? 'the 1 test case' : `the ${count} test cases`;
  return `running ${cases} that failed${on(model)} in ${runsRead(found)}`;
}

/** `--last-failed` found no case that failed: nothing to run, and which runs say so. */
export function nothingFailed(found: LastFailedRuns, model: string | null): string {
  return `no test case failed in the latest run${on(model)} (${runsRead(found)}); nothing to run`;
}

type LastFailedRuns = Pick<Extract<LastFailed, { ok: true }>, 'runs'>;

function on(model: string | null): string {
  return model === null ? '' : ` on ${model}`;
}

/** `proj/2026-…Z`, with whether it did not finish, and how many earlier runs were read. */
function runsRead({ runs }: LastFailedRuns): string {
  const [latest, ...earlier] = runs;
  if (latest === undefined) return '';
  const state =
    latest.state === 'unfinished'
      ? ', a run that did not finish (read from its log)'
      : latest.state === 'interrupted'
        ? ', an interrupted run'
        : '';
  const more = earlier.length;
  return more === 0
    ? `${latest.id}${state}`
    : `${latest.id}${state}, and ${more} earlier ${more === 1 ? 'run' : 'runs'} back to one of the whole suite`;
}

/** A run that cannot be read: the latest one, or one older than `newest`, with its file and why. */
function unreadable(error: unknown, newest: string | null, folder: string): string {
  if (!(error instanceof RunRecordError)) throw error;
  // A record's error names its file first.
  const which = newest === null ? 'the latest run' : `an earlier run (the latest is ${newest})`;
  return `--last-failed: cannot read ${which}, ${error.message}; fix it, or move it out of ${folder} to read the runs before it`;
}

function noHistory(query: LastFailedQuery, folder: string, otherModels: readonly string[]): string {
  const said = `--last-failed: no earlier run of ${query.configPath}${on(query.model)} in ${folder}`;
  const other = otherModels[0];
  if (other === undefined) return said;
  return `${said}; it ran on ${otherModels.join(', ')} there: give --model ${other} to rerun the failures of that model`;
}

/** The run finished and selected nothing out of the suite: it decides for every case. */
function ranWholeSuite(run: HistoryRun): boolean {
  if (run.state !== 'completed') return false;
  const selection = run.selection;
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

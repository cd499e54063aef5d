/**
 * The run record `holodeck compare` reads for one argument: a record path, a run id (`agent/timestamp`, or
 * the timestamp alone when one agent has it), or `latest` / `latest~N` (the newest run record in the results
 * folder, or the Nth before it, over every agent). A run that has not finished has no record to compare: it is
 * said so, with how to finish it.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileErrorReason } from '../../core/file-error-reason.js';
import { compareRunNames, type RunName } from '../../core/run-record-name.js';
import { lockedState } from '../../records/run-lock.js';
import { partialPathOf } from '../../reporters/run-record-path.js';
import { listRunFiles } from '../history/list-run-files.js';
import { isRecordCopy } from './record-copy.js';

export type FoundRecord =
  | {
      readonly ok: true;
      readonly path: string;
      /** Said beside it: a newer run that has not finished (`latest` is the newest record, not that run). */
      readonly note?: string;
    }
  | { readonly ok: false; readonly message: string };

const LATEST = /^latest(?:~(\d{1,6}))?$/;

export async function findRunRecord(wanted: string, resultsDir: string): Promise<FoundRecord> {
  const latest = LATEST.exec(wanted);
  if (latest) return nthLatest(resultsDir, Number(latest[1] ?? 0), wanted);
  if (wanted.endsWith('.partial.jsonl')) {
    return {
      ok: false,
      message: `${wanted} is the log of a run that has not finished, not its record: finish it with holodeck test --resume ${wanted}, then compare the record`,
    };
  }
  if (wanted.endsWith('.json') || wanted.includes('\\') || (await isFile(resolve(wanted)))) {
    const path = resolve(wanted);
    if (await isFile(path)) return { ok: true, path };
    if (await isFile(partialPathOf(path))) return { ok: false, message: unfinished(wanted, partialPathOf(path)) };
    return { ok: false, message: `${wanted}: no such run record (${path})` };
  }
  const agents = await folders(resultsDir);
  if (!agents.ok) return { ok: false, message: `${wanted}: ${agents.message}` };
  if (wanted.includes('/')) {
    const path = join(resultsDir, `${wanted}.json`);
    if (await isFile(path)) return { ok: true, path };
    if (await isFile(partialPathOf(path))) return { ok: false, message: unfinished(wanted, partialPathOf(path)) };
    return { ok: false, message: `${wanted}: no such run in ${resultsDir} (looked for ${path})` };
  }
  const matches: string[] = [];
  const logs: string[] = [];
  for (const agent of agents.names) {
    const path = join(resultsDir, agent, `${wanted}.json`);
    if (await isFile(path)) matches.push(path);
    else if (await isFile(partialPathOf(path))) logs.push(partialPathOf(path));
  }
  if (matches.length === 1) return { ok: true, path: matches[0] as string };
  if (matches.length > 1) {
    return { ok: false, message: `${wanted}: several agents have a run with this timestamp; give agent/timestamp` };
  }
  if (logs.length === 1) return { ok: false, message: unfinished(wanted, logs[0] as string) };
  return {
    ok: false,
    message: `${wanted}: no such run in ${resultsDir} (give a record path, agent/timestamp, latest or latest~N)`,
  };
}

/** A run that left its log and no record: still going, or stopped without writing its record. */
function unfinished(wanted: string, log: string): string {
  if (lockedState(log) === 'running') {
    return `${wanted} has not finished: it is still going (a live holodeck process holds its lock), and only its log ${log} is there: compare it once it has ended`;
  }
  return `${wanted} has not finished: it stopped before writing its record (it crashed, was killed, or its record could not be written), and only its log ${log} is there: finish it with holodeck test --resume ${log}, then compare its record`;
}

interface Listed {
  readonly path: string;
  readonly name: RunName;
  /** Only its log is there. */
  readonly unfinished: boolean;
}

/**
 * Every run holodeck wrote in the folder, oldest first (by the timestamp in its name, then its `-N` suffix); a
 * `.json` under a name of one's own (`baseline.json`) is not a run in this order.
 */
async function runs(resultsDir: string): Promise<{ ok: true; runs: Listed[] } | { ok: false; message: string }> {
  const agents = await folders(resultsDir);
  if (!agents.ok) return agents;
  const found: Listed[] = [];
  for (const agent of agents.names) {
    const listed = await listRunFiles(join(resultsDir, agent));
    if (!listed.ok) return listed;
    for (const run of listed.runs) {
      const path = run.record ?? (run.log as string);
      found.push({ path, name: run.name, unfinished: run.record === null });
    }
  }
  return { ok: true, runs: found.sort((a, b) => compareRunNames(a.name, b.name)) };
}

async function nthLatest(resultsDir: string, back: number, wanted: string): Promise<FoundRecord> {
  const listed = await runs(resultsDir);
  if (!listed.ok) return { ok: false, message: `${wanted}: ${listed.message}` };
  const written = listed.runs.filter((run) => !run.unfinished);
  // Newest first, copies of an older record under a later name left out, as far back as asked.
  const records: Listed[] = [];
  for (let i = written.length - 1; i >= 0 && records.length <= back; i -= 1) {
    const run = written[i] as Listed;
    if (!(await isRecordCopy(run, written))) records.unshift(run);
  }
  const found = records.length > back ? records[0] : undefined;
  if (found === undefined) {
    const count = records.length;
    const held = count === 0 ? 'no run record' : `only ${count} run record${count === 1 ? '' : 's'}`;
    return { ok: false, message: `${wanted}: ${resultsDir} holds ${held}` };
  }
  const newer = listed.runs.filter((run) => run.unfinished && compareRunNames(run.name, found.name) > 0);
  const last = newer[newer.length - 1];
  if (back !== 0 || last === undefined) return { ok: true, path: found.path };
  const id = idOf(resultsDir, last.path);
  const state =
    lockedState(last.path) === 'running'
      ? 'it is still going'
      : `only its log is there; holodeck test --resume ${id} finishes it`;
  const note = `${wanted} is ${idOf(resultsDir, found.path)}, the newest run record: the newer run ${id} has not finished (${state})`;
  return { ok: true, path: found.path, note };
}

/** `agent/timestamp` of a run's record or log. */
function idOf(resultsDir: string, path: string): string {
  return relative(resultsDir, path)
    .replace(/\\/g, '/')
    .replace(/(\.partial\.jsonl|\.json)$/, '');
}

/** The agent folders of the results folder, or why there are none to read. */
async function folders(dir: string): Promise<{ ok: true; names: string[] } | { ok: false; message: string }> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    const names = entries.filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'));
    return { ok: true, names: names.map((entry) => entry.name) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      return {
        ok: false,
        message: `the results folder ${dir} does not exist (give --results-dir the folder holodeck test wrote its runs to)`,
      };
    }
    if (code === 'ENOTDIR') return { ok: false, message: `the results folder ${dir} is a file, not a folder` };
    return { ok: false, message: `cannot read the results folder ${dir} (${fileErrorReason(error)})` };
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

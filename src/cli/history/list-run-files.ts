/**
 * The runs of an agent's results folder, newest first (by the time in their names, then the `-N` suffix): each
 * run holodeck named (`<timestamp>[-N]`) with its record (`.json`), its log (`.partial.jsonl`, left by a run that
 * has not finished: still going, interrupted, crashed, or whose record could not be written), or both. A file
 * under a name of one's own (`baseline.json`) is no run of this order.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileErrorReason } from '../../core/file-error-reason.js';
import { compareRunNames, parseRunName, type RunName } from '../../core/run-record-name.js';

export interface RunFiles {
  /** The run's name: `2026-12-04T08-08-16-147Z`, or with `-2`… */
  readonly stem: string;
  readonly name: RunName;
  /** The record's path, when the run has one. */
  readonly record: string | null;
  /** The log's path, when the run left one. */
  readonly log: string | null;
}

export type ListedRuns =
  | { readonly ok: true; readonly runs: readonly RunFiles[] }
  | { readonly ok: false; readonly message: string };

const LOG_SUFFIX = '.partial.jsonl';

/** A folder that does not exist holds no run; one that cannot be read is said with why. */
export async function listRunFiles(folder: string): Promise<ListedRuns> {
  let files: string[];
  try {
    files = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, runs: [] };
    return { ok: false, message: `cannot read the folder ${folder} (${fileErrorReason(error)})` };
  }
  const byStem = new Map<string, { name: RunName; record: string | null; log: string | null }>();
  for (const file of files) {
    const log = file.endsWith(LOG_SUFFIX);
    const stem = log ? file.slice(0, -LOG_SUFFIX.length) : file.endsWith('.json') ? file.slice(0, -5) : null;
    const name = stem === null ? null : parseRunName(stem);
    if (stem === null || name === null) continue;
    const run = byStem.get(stem) ?? { name, record: null, log: null };
    if (log) run.log = join(folder, file);
    else run.record = join(folder, file);
    byStem.set(stem, run);
  }
  const runs = [...byStem.entries()].map(([stem, run]) => ({ stem, ...run }));
  return { ok: true, runs: runs.sort((a, b) => compareRunNames(b.name, a.name)) };
}

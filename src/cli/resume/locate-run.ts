/**
 * Finds the run `--resume` continues: a run id (`agent-slug/timestamp`, or just the timestamp), a path to
 * its record or log, or — with no value — the latest unfinished run of this agent in the results folder.
 */
import { open, readdir, stat } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { compareRunNames, parseRunName, type RunName } from '../../core/run-record-name.js';
import { agentSlug, type RecordPaths, recordPathsOf } from '../../reporters/run-record-path.js';

export type LocatedRun =
  | { readonly ok: true; readonly paths: RecordPaths }
  | { readonly ok: false; readonly message: string };

const LOG_SUFFIX = '.partial.jsonl';

export async function locateRun(resultsDir: string, agentName: string, wanted: string | true): Promise<LocatedRun> {
  if (wanted === true) return latestUnfinished(join(resultsDir, agentSlug(agentName)));
  const asPath = isAbsolute(wanted) || wanted.endsWith('.json') || wanted.endsWith(LOG_SUFFIX);
  const candidates = asPath
    ? [resolve(wanted)]
    : [join(resultsDir, `${wanted}.json`), join(resultsDir, agentSlug(agentName), `${wanted}.json`)];
  for (const candidate of candidates) {
    const paths = recordPathsOf(candidate);
    if ((await isFile(paths.record)) || (await isFile(paths.partial))) return { ok: true, paths };
  }
  return {
    ok: false,
    message: `--resume ${wanted}: no such run (looked for ${candidates.map((c) => `"${c}"`).join(' and ')})`,
  };
}

/** The newest run of the folder that has a log left (crashed or interrupted) or an unfinished record. */
async function latestUnfinished(folder: string): Promise<LocatedRun> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    names = [];
  }
  const stamps = new Map<string, RunName>();
  for (const name of names) {
    const stem = name.endsWith(LOG_SUFFIX)
      ? name.slice(0, -LOG_SUFFIX.length)
      : name.endsWith('.json')
        ? name.slice(0, -'.json'.length)
        : null;
    const run = stem === null ? null : parseRunName(stem);
    if (stem !== null && run !== null) stamps.set(stem, run);
  }
  const newestFirst = [...stamps.entries()].sort((a, b) => compareRunNames(b[1], a[1])).map(([stem]) => stem);
  for (const stamp of newestFirst) {
    const paths = recordPathsOf(join(folder, `${stamp}.json`));
    if (await isFile(paths.partial)) return { ok: true, paths };
    const state = await recordState(paths.record);
    if (state !== null && state !== 'completed') return { ok: true, paths };
  }
  return { ok: false, message: `--resume: no interrupted run to continue in ${folder}` };
}

/** The `state` of a record, read from its first bytes (it is the third key of the file). */
async function recordState(path: string): Promise<string | null> {
  try {
    const handle = await open(path, 'r');
    try {
      const head = Buffer.alloc(512);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      return /"state":\s*"([a-z]+)"/.exec(head.toString('utf8', 0, bytesRead))?.[1] ?? null;
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

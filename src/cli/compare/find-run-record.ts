/**
 * The run record `holodeck compare` reads for one argument: a record path, a run id (`agent/timestamp`, or
 * the timestamp alone when one agent has it), or `latest` / `latest~N` (the newest run record in the results
 * folder, or the Nth before it, over every agent).
 */
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { compareRunNames, parseRunName, type RunName } from '../../core/run-record-name.js';

export type FoundRecord =
  | { readonly ok: true; readonly path: string }
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
    return (await isFile(path))
      ? { ok: true, path }
      : { ok: false, message: `${wanted}: no such run record (${path})` };
  }
  if (wanted.includes('/')) {
    const path = join(resultsDir, `${wanted}.json`);
    if (await isFile(path)) return { ok: true, path };
    return { ok: false, message: `${wanted}: no such run in ${resultsDir} (looked for ${path})` };
  }
  const matches: string[] = [];
  for (const agent of await folders(resultsDir)) {
    const path = join(resultsDir, agent, `${wanted}.json`);
    if (await isFile(path)) matches.push(path);
  }
  if (matches.length === 1) return { ok: true, path: matches[0] as string };
  if (matches.length > 1) {
    return { ok: false, message: `${wanted}: several agents have a run with this timestamp; give agent/timestamp` };
  }
  return {
    ok: false,
    message: `${wanted}: no such run in ${resultsDir} (give a record path, agent/timestamp, latest or latest~N)`,
  };
}

/**
 * Every run record holodeck wrote in the folder, oldest first (by the timestamp in its name, then its `-N`
 * suffix); a `.json` under a name of one's own (`baseline.json`) is not a run in this order.
 */
async function records(resultsDir: string): Promise<string[]> {
  const found: { path: string; name: RunName }[] = [];
  for (const agent of await folders(resultsDir)) {
    for (const file of await readdir(join(resultsDir, agent)).catch(() => [] as string[])) {
      const name = file.endsWith('.json') ? parseRunName(file.slice(0, -'.json'.length)) : null;
      if (name !== null) found.push({ path: join(resultsDir, agent, file), name });
    }
  }
  return found.sort((a, b) => compareRunNames(a.name, b.name)).map((record) => record.path);
}

async function nthLatest(resultsDir: string, back: number, wanted: string): Promise<FoundRecord> {
  const all = await records(resultsDir);
  const path = all[all.length - 1 - back];
  if (path !== undefined) return { ok: true, path };
  const held = all.length === 0 ? 'no run record' : `only ${all.length} run record${all.length === 1 ? '' : 's'}`;
  return { ok: false, message: `${wanted}: ${resultsDir} holds ${held}` };
}

async function folders(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries.filter((entry) => entry.isDirectory() && !entry.name.startsWith('.')).map((entry) => entry.name);
  } catch {
    return [];
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

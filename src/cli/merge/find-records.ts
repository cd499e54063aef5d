/**
 * The run record files named on the command line: files as given, folders searched recursively (CI artifact
 * downloads nest each job's files in folders of their own). A run's `.partial.jsonl` log without its record
 * is a shard that did not finish (crashed, stopped, or still running): it is reported, not merged.
 */
import { open, readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { recordPathsOf } from '../../reporters/run-record-path.js';

export interface FoundRecord {
  readonly path: string;
  /** Named on the command line (not found in a folder). */
  readonly explicit: boolean;
}

export type FoundRecords =
  | {
      readonly ok: true;
      readonly files: readonly FoundRecord[];
      /** `.partial.jsonl` logs whose run wrote no record. */
      readonly unfinished: readonly string[];
    }
  | { readonly ok: false; readonly message: string };

const PARTIAL = '.partial.jsonl';

export async function findRecords(paths: readonly string[]): Promise<FoundRecords> {
  const files = new Map<string, boolean>();
  const partials = new Set<string>();
  for (const given of paths) {
    const path = resolve(given);
    const kind = await kindOf(path);
    if (kind === null) return { ok: false, message: `${given}: no such file or folder` };
    if (kind === 'other')
      return { ok: false, message: `${given} is not a regular file or a folder (a named pipe or a device)` };
    if (kind === 'file' && path.endsWith(PARTIAL)) partials.add(path);
    else if (kind === 'file') {
      if (!(await looksLikeRecord(path))) return { ok: false, message: `${given} is not a holodeck run record` };
      files.set(path, true);
    } else {
      const under = await filesUnder(path);
      for (const found of under.records) files.set(found, files.get(found) ?? false);
      for (const found of under.partials) partials.add(found);
    }
  }
  const unfinished = [...partials].filter((partial) => !files.has(recordPathsOf(partial).record)).sort();
  if (files.size === 0 && unfinished.length === 0) {
    return { ok: false, message: `no run record found in ${paths.join(', ')}` };
  }
  const sorted = [...files.keys()].sort();
  return { ok: true, files: sorted.map((path) => ({ path, explicit: files.get(path) === true })), unfinished };
}

interface Under {
  readonly records: string[];
  readonly partials: string[];
}

async function filesUnder(folder: string, into: Under = { records: [], partials: [] }): Promise<Under> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) await filesUnder(path, into);
    else if (!entry.isFile()) continue;
    else if (entry.name.endsWith(PARTIAL)) into.partials.push(path);
    else if (entry.name.endsWith('.json') && (await looksLikeRecord(path))) into.records.push(path);
  }
  return into;
}

/** A record starts with `{ "record_version": ...` (reports and other JSON files in the folder are skipped). */
async function looksLikeRecord(path: string): Promise<boolean> {
  try {
    const handle = await open(path, 'r');
    try {
      const head = Buffer.alloc(64);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      return /^\s*\{\s*"record_version"\s*:/.test(head.toString('utf8', 0, bytesRead));
    } finally {
      await handle.close();
    }
  } catch {
    return false;
  }
}

async function kindOf(path: string): Promise<'file' | 'folder' | 'other' | null> {
  try {
    const stats = await stat(path);
    // A named pipe nobody writes to would block the read for good; a device may never end.
    return stats.isDirectory() ? 'folder' : stats.isFile() ? 'file' : 'other';
  } catch {
    return null;
  }
}

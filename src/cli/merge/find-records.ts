/** The run record files named on the command line: files as given, folders searched recursively. */
import { open, readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export interface FoundRecord {
  readonly path: string;
  /** Named on the command line (not found in a folder). */
  readonly explicit: boolean;
}

export type FoundRecords =
  | { readonly ok: true; readonly files: readonly FoundRecord[] }
  | { readonly ok: false; readonly message: string };

export async function findRecords(paths: readonly string[]): Promise<FoundRecords> {
  const files = new Map<string, boolean>();
  for (const given of paths) {
    const path = resolve(given);
    const kind = await kindOf(path);
    if (kind === null) return { ok: false, message: `${given}: no such file or folder` };
    if (kind === 'file') {
      if (!(await looksLikeRecord(path))) return { ok: false, message: `${given} is not a holodeck run record` };
      files.set(path, true);
    } else {
      for (const found of await recordsUnder(path)) files.set(found, files.get(found) ?? false);
    }
  }
  if (files.size === 0) return { ok: false, message: `no run record found in ${paths.join(', ')}` };
  const sorted = [...files.keys()].sort();
  return { ok: true, files: sorted.map((path) => ({ path, explicit: files.get(path) === true })) };
}

async function recordsUnder(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await recordsUnder(path)));
    else if (entry.isFile() && entry.name.endsWith('.json') && (await looksLikeRecord(path))) found.push(path);
  }
  return found;
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

async function kindOf(path: string): Promise<'file' | 'folder' | null> {
  try {
    const stats = await stat(path);
    return stats.isDirectory() ? 'folder' : 'file';
  } catch {
    return null;
  }
}

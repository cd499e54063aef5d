/** Where a run record goes: `<resultsDir>/<agent-slug>/<timestamp>.json`, reserved so two runs never collide. */

import { createHash } from 'node:crypto';
import { access, open } from 'node:fs/promises';
import { join } from 'node:path';
import { runStamp } from '../core/run-record-name.js';
import { makeFolder } from './make-folder.js';

/**
 * `Financial Assistant (v2)` → `financial-assistant-v2`, `Évil` → `evil`; only `[a-z0-9-]`, never empty. A name
 * with letters or digits outside a–z and 0–9 (`Ωμέγα`, `日本語`, `Straße`) also gets 8 hex digits of its hash, so two
 * such names keep separate histories (`agent-1c5e…`, `stra-e-…`).
 */
export function agentSlug(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  const slug = plain
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
  const base = slug === '' ? 'agent' : slug;
  if (!/(?![a-z0-9])[\p{L}\p{N}]/u.test(plain)) return base;
  return `${base}-${createHash('sha256').update(name).digest('hex').slice(0, 8)}`;
}

/** `2026-12-02T12:30:05.123Z` → `2026-12-02T12-30-05-123Z` (safe in file names on every OS). */
export const fileTimestamp = runStamp;

const MAX_ATTEMPTS = 1000;

export interface RecordPaths {
  /** The final record. */
  readonly record: string;
  /** The run's log: test results appended as they finish; removed once the run completes. */
  readonly partial: string;
}

export function partialPathOf(recordPath: string): string {
  return recordPath.replace(/\.json$/, '.partial.jsonl');
}

/** The paths of a run from either of its files (`<timestamp>.json` or `<timestamp>.partial.jsonl`). */
export function recordPathsOf(file: string): RecordPaths {
  const record = file.endsWith('.partial.jsonl') ? file.replace(/\.partial\.jsonl$/, '.json') : file;
  return { record, partial: partialPathOf(record) };
}

/**
 * Picks `<timestamp>.json` (or `<timestamp>-2.json`, `-3`... when taken) and reserves it by creating its
 * partial file exclusively, so concurrent runs in the same millisecond get different names.
 */
export async function reserveRecordPaths(resultsDir: string, agentName: string, startedAt: Date): Promise<RecordPaths> {
  const folder = join(resultsDir, agentSlug(agentName));
  await makeFolder(folder);
  const stamp = fileTimestamp(startedAt);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const record = join(folder, `${stamp}${attempt === 1 ? '' : `-${attempt}`}.json`);
    const partial = partialPathOf(record);
    if (await exists(record)) continue;
    try {
      const handle = await open(partial, 'wx');
      await handle.close();
      return { record, partial };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`no free run record name for ${stamp} in ${folder} after ${MAX_ATTEMPTS} attempts`);
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

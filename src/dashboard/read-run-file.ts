/** Reads one run from disk, by file (from a scan) or by id (from a URL), never leaving the results folder. */
import { readFileSync } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dateAt } from '../core/clock.js';
import { lockedState, lockHasHeartbeat, lockPathOf } from '../records/run-lock.js';
import { DashboardError } from './dashboard-error.js';
import type { DashboardRunState, RunRecord } from './dashboard-types.js';
import { type FileVersion, fileVersion } from './file-version.js';
import { parsePartialLog, parseRunRecord } from './parse-run-record.js';
import { readRecordSource } from './read-record-source.js';
import { isInside, type RunId, runPaths } from './run-id.js';
import type { RunFile } from './scan-results-dir.js';

/**
 * A log without a lock (a run of an older holodeck) untouched for this long belongs to a run that stopped
 * without writing its record.
 */
export const STALE_PARTIAL_MS = 10 * 60 * 1000;

/** What is known of an in-progress log's run, and why it is uncertain when it is (null otherwise). */
export interface PartialStatus {
  readonly state: DashboardRunState;
  readonly note: string | null;
}

/** The host named by a log's lock when it is another machine's (whose process cannot be asked), else null. */
function foreignHost(path: string): string | null {
  try {
    const { host } = JSON.parse(readFileSync(lockPathOf(path), 'utf8')) as { host?: unknown };
    return typeof host === 'string' && host !== hostname() ? host : null;
  } catch {
    return null;
  }
}

/**
 * An in-progress log's run: running while a live process holds its lock (records/run-lock.ts), else stopped.
 * A lock with a heartbeat counts while its holder keeps touching it, however long ago the log was written. A lock
 * of another machine without one (of an earlier holodeck) is taken at its word only while the log keeps being
 * written: one untouched for STALE_PARTIAL_MS is of a run in an unknown state, most likely gone with its machine,
 * and is not shown running.
 */
export function partialStatus(file: Pick<RunFile, 'path' | 'mtimeMs'>, now: number): PartialStatus {
  const locked = lockedState(file.path, now);
  const idle = now - file.mtimeMs > STALE_PARTIAL_MS;
  if (locked === 'running') {
    const host = idle && !lockHasHeartbeat(file.path) ? foreignHost(file.path) : null;
    if (host === null) return { state: 'running', note: null };
    const written = dateAt(file.mtimeMs).toISOString();
    return { state: 'incomplete', note: `unknown / stale: locked by host ${host}, last written ${written}` };
  }
  if (locked === 'stopped') return { state: 'incomplete', note: null };
  return { state: idle ? 'incomplete' : 'running', note: null };
}

export function partialState(file: Pick<RunFile, 'path' | 'mtimeMs'>, now: number): DashboardRunState {
  return partialStatus(file, now).state;
}

export async function readRunFile(file: RunFile, now: number): Promise<RunRecord> {
  const source = await readRecordSource(file.path, file.runId);
  if (!file.partial) return parseRunRecord(source, file.runId);
  const { state, note } = partialStatus(file, now);
  const record = parsePartialLog(source, file.runId, state, state === 'running' ? now : file.mtimeMs);
  return note === null ? record : { ...record, note };
}

async function regularFileInside(root: string, path: string): Promise<FileVersion | null> {
  try {
    const stats = await lstat(path);
    if (!stats.isFile()) return null;
    const [realRoot, realPath] = await Promise.all([realpath(root), realpath(path)]);
    return isInside(realRoot, realPath) ? fileVersion(stats) : null;
  } catch {
    return null;
  }
}

/** The file holding a run: its record, else its in-progress log; RUN_NOT_FOUND when neither exists. */
export async function locateRun(resultsDir: string, runId: RunId): Promise<RunFile> {
  const paths = runPaths(resultsDir, runId);
  const record = await regularFileInside(resultsDir, paths.record);
  if (record !== null) return { runId, path: paths.record, partial: false, ...record };
  const partial = await regularFileInside(resultsDir, paths.partial);
  if (partial !== null) return { runId, path: paths.partial, partial: true, ...partial };
  throw new DashboardError('RUN_NOT_FOUND', `no run ${runId.id} in the results folder ${resultsDir}`);
}

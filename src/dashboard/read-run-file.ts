/** Reads one run from disk, by file (from a scan) or by id (from a URL), never leaving the results folder. */
import { lstat, realpath } from 'node:fs/promises';
import { lockedState } from '../records/run-lock.js';
import { DashboardError } from './dashboard-error.js';
import type { DashboardRunState, RunRecord } from './dashboard-types.js';
import { parsePartialLog, parseRunRecord } from './parse-run-record.js';
import { readRecordSource } from './read-record-source.js';
import { isInside, type RunId, runPaths } from './run-id.js';
import type { RunFile } from './scan-results-dir.js';

/**
 * A log without a lock (a run of an older holodeck) untouched for this long belongs to a run that stopped
 * without writing its record.
 */
export const STALE_PARTIAL_MS = 10 * 60 * 1000;

/** An in-progress log's run: running while a live process holds its lock (records/run-lock.ts), else stopped. */
export function partialState(file: Pick<RunFile, 'path' | 'mtimeMs'>, now: number): DashboardRunState {
  const locked = lockedState(file.path);
  if (locked !== 'unknown') return locked === 'running' ? 'running' : 'incomplete';
  return now - file.mtimeMs > STALE_PARTIAL_MS ? 'incomplete' : 'running';
}

export async function readRunFile(file: RunFile, now: number): Promise<RunRecord> {
  const source = await readRecordSource(file.path, file.runId);
  if (!file.partial) return parseRunRecord(source, file.runId);
  const state = partialState(file, now);
  return parsePartialLog(source, file.runId, state, state === 'running' ? now : file.mtimeMs);
}

async function regularFileInside(root: string, path: string): Promise<{ mtimeMs: number; size: number } | null> {
  try {
    const stats = await lstat(path);
    if (!stats.isFile()) return null;
    const [realRoot, realPath] = await Promise.all([realpath(root), realpath(path)]);
    return isInside(realRoot, realPath) ? { mtimeMs: stats.mtimeMs, size: stats.size } : null;
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

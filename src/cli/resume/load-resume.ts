/**
 * What an interrupted or crashed run left: its identity, metadata and finished results. The run's log is
 * preferred (read line by line, so a long run is never held in memory); a record without its log is read
 * whole.
 */
import { stat } from 'node:fs/promises';
import type { TestResult } from '../../core/results.js';
import {
  type LoggedRepeat,
  type PartialHeader,
  partialLogRepeats,
  partialLogResults,
  scanPartialLog,
} from '../../records/partial-log.js';
import { releaseAtExitUnlessTakenOver } from '../../records/run-lock.js';
import { type RunRecord, RunRecordError, readRunRecord, type StoredRunMetadata } from '../../records/run-record.js';
import type { RecordPaths } from '../../reporters/run-record-path.js';
import { takeResumeLock } from './take-resume-lock.js';
import { crashedCases, namesWithout, withoutCrashed } from './without-crashed.js';

export interface ResumeSource {
  readonly paths: RecordPaths;
  readonly run_id: string;
  readonly agent_name: string;
  /** The configuration file the run was started from, as its report names it. */
  readonly agent_config_path: string;
  readonly metadata: Omit<StoredRunMetadata, 'finished_at'>;
  /** When the run first started (the report's timestamp). */
  readonly started_at: string;
  /** Wall time the earlier sessions took. */
  readonly elapsed_ms: number;
  /** Test cases with a finished result. */
  readonly names: ReadonlySet<string>;
  readonly results: () => AsyncIterable<TestResult>;
  /** `--repeat`: the finished repeats of cases with no result yet (their other repeats run again). */
  readonly repeats?: readonly LoggedRepeat[];
  /** Log lines that held no usable result (e.g. one cut off by a crash). */
  readonly skipped_lines: number;
  /** Said before the run goes on: a stale lock of another machine taken over. */
  readonly lock_note?: string;
}

export type LoadedResume =
  | { readonly ok: true; readonly source: ResumeSource }
  | { readonly ok: false; readonly message: string };

export async function loadResume(paths: RecordPaths): Promise<LoadedResume> {
  // Taken before anything is read: two --resume of one run, or a --resume of a run still going, never both run.
  const taken = await takeResumeLock(paths);
  if (!taken.ok) return taken;
  const loaded = await readResume(paths);
  // The run is this process's once it resumes (the record reporter releases it); else it is left as it was.
  if (!loaded.ok) {
    taken.lock.release();
    return loaded;
  }
  releaseAtExitUnlessTakenOver(paths.record, taken.lock);
  return taken.note === null ? loaded : { ok: true, source: { ...loaded.source, lock_note: taken.note } };
}

async function readResume(paths: RecordPaths): Promise<LoadedResume> {
  try {
    const record = (await exists(paths.record)) ? await readRecordOrLog(paths) : null;
    if (record?.state === 'completed') {
      return { ok: false, message: `the run ${paths.record} already completed; there is nothing to resume` };
    }
    if (await exists(paths.partial)) return fromLog(paths, record);
    if (record !== null) return { ok: true, source: fromRecord(paths, record) };
    return { ok: false, message: `no run record or log at ${paths.record}` };
  } catch (error) {
    if (error instanceof RunRecordError) return { ok: false, message: `cannot resume: ${error.message}` };
    throw error;
  }
}

/** The record; null when it is too large to read and the run's log is there to resume from instead. */
async function readRecordOrLog(paths: RecordPaths): Promise<RunRecord | null> {
  try {
    return await readRunRecord(paths.record);
  } catch (error) {
    if (error instanceof RunRecordError && error.code === 'RUN_RECORD_TOO_LARGE' && (await exists(paths.partial))) {
      return null;
    }
    throw error;
  }
}

async function fromLog(paths: RecordPaths, record: RunRecord | null): Promise<LoadedResume> {
  const scan = await scanPartialLog(paths.partial);
  const header: Omit<PartialHeader, 'record_version'> | null = scan.header ?? (record && headerOfRecord(record));
  if (header === null) {
    return { ok: false, message: `cannot resume: ${paths.partial} has no header line naming its run` };
  }
  const repeats = await partialLogRepeats(paths.partial, scan.names);
  const crashed = await crashedCases(partialLogResults(paths.partial));
  const elapsed =
    record?.report.summary.duration_ms ?? (await stat(paths.partial)).mtimeMs - Date.parse(header.timestamp);
  return {
    ok: true,
    source: {
      paths,
      run_id: header.run_id,
      agent_name: header.agent_name,
      agent_config_path: header.agent_config_path,
      metadata: header.metadata,
      started_at: header.timestamp,
      elapsed_ms: Number.isFinite(elapsed) ? Math.max(0, elapsed) : 0,
      names: namesWithout(scan.names, crashed),
      results: () => withoutCrashed(partialLogResults(paths.partial)),
      ...(repeats.length === 0 ? {} : { repeats }),
      skipped_lines: scan.skipped_lines,
    },
  };
}

function fromRecord(paths: RecordPaths, record: RunRecord): ResumeSource {
  const results = record.report.results.filter((result) => result.stopped_by_crash !== true);
  return {
    paths,
    run_id: record.run_id,
    agent_name: record.report.agent_name,
    agent_config_path: record.report.agent_config_path,
    metadata: record.metadata,
    started_at: record.report.timestamp,
    elapsed_ms: record.report.summary.duration_ms,
    names: new Set(results.map((result) => result.test_name)),
    results: async function* () {
      yield* results;
    },
    skipped_lines: 0,
  };
}

function headerOfRecord(record: RunRecord): Omit<PartialHeader, 'record_version'> {
  return {
    run_id: record.run_id,
    agent_name: record.report.agent_name,
    agent_config_path: record.report.agent_config_path,
    timestamp: record.report.timestamp,
    holodeck_version: record.report.holodeck_version,
    metadata: record.metadata,
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

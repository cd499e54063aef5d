/**
 * Saves every run to `<resultsDir>/<agent-slug>/<timestamp>.json`. The run's log `<timestamp>.partial.jsonl`
 * starts with a header line (run id, metadata) and gets each finished test case appended at once, so a crash
 * loses nothing already finished. When the run ends the record is assembled from the log in case order and
 * written atomically; the log is then removed if the run completed, and kept beside an interrupted record
 * for `--resume`. Secrets are masked, by value, everywhere in both files.
 */
import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import { dateAt, wallNow } from '../core/clock.js';
import { fileErrorReason } from '../core/file-error-reason.js';
import { FileWriteError } from '../core/file-write-error.js';
import { createRedactor, type Redactor } from '../core/redactor.js';
import type { Reporter, RunEnd, RunInfo, RunState } from '../core/reporter.js';
import type { TestResult } from '../core/results.js';
import { LockWriteError, takeRunLock } from '../records/run-lock.js';
import { RUN_RECORD_VERSION, type RunRecordMetadata } from '../records/run-record.js';
import { type Piece, writeStreamAtomic } from './atomic-write.js';
import { openResultSpool, type ResultSpool } from './result-spool.js';
import { type RecordPaths, reserveRecordPaths } from './run-record-path.js';
import { toJsonSafe } from './to-json-safe.js';
import { reportHeadToJson, testResultToJson } from './to-report-json.js';

export type { RunRecordMetadata } from '../records/run-record.js';

export interface RunRecordReporterOptions {
  readonly resultsDir: string;
  readonly agentName: string;
  readonly metadata: RunRecordMetadata;
  /** Masks the run's secret values (API keys, header and env values...) in everything written. */
  readonly redactor?: Redactor;
  /**
   * The results come masked already (the reporter sits behind a redactingReporter with the same redactor):
   * each case's log line is not masked a second time, which saves a walk of every case. The header and the
   * record's metadata are masked either way.
   */
  readonly results_redacted?: boolean;
  readonly now?: () => number;
  /** Texts longer than this many characters are cut with a note. */
  readonly max_text_length?: number | undefined;
  /** Resume: continue this earlier run, appending to its log and rewriting its record. */
  readonly resume?: { readonly paths: RecordPaths; readonly run_id: string };
  /**
   * The time the record is named after, when not the run's start: a merge of shards is named after the end of its
   * last shard, so it sorts after the shards it merged (`latest` is the merged run).
   */
  readonly named_at?: string;
}

export interface RunRecordReporter extends Reporter {
  /** The record's path once the run has begun (the file itself exists only after the run ends). */
  recordPath(): string | null;
}

const RESULTS_PLACEHOLDER = '"results": []';

export function createRunRecordReporter(options: RunRecordReporterOptions): RunRecordReporter {
  const now = options.now ?? wallNow;
  const redactor = options.redactor ?? createRedactor([]);
  const redact = (value: unknown) => redactor.deep(toJsonSafe(value) ?? null);
  const limits = { max_text_length: options.max_text_length };
  let runId: string | null = options.resume?.run_id ?? null;
  let resolved: RecordPaths | null = options.resume?.paths ?? null;
  let opened: Promise<{ paths: RecordPaths; log: ResultSpool }> | null = null;
  let lock: { release(): void } | null = null;

  const openLog = (info: RunInfo | null) => {
    opened ??= (async () => {
      const paths = options.resume?.paths ?? (await reserve(options, options.named_at ?? info?.started_at, now));
      resolved = paths;
      // This process writes the run: a --resume started meanwhile refuses it, the dashboard shows it running.
      const taken = await runLock(paths.record);
      if (!taken.ok) throw new Error(`the run ${paths.record} is being written by process ${taken.holder.pid}`);
      lock = taken;
      const fresh = options.resume === undefined || (await logged(paths, () => endWithNewline(paths.partial)));
      const log = openResultSpool(paths.partial);
      if (fresh && info !== null) {
        const header = `${JSON.stringify(redact(logHeader(info, runId ?? info.run_id, options)))}\n`;
        await logged(paths, () => log.write(header));
      }
      return { paths, log };
    })();
    return opened;
  };
  const maskResult =
    options.results_redacted === true ? <T>(value: T): T => value : <T>(value: T): T => redactor.deep(value);
  const store = async (result: TestResult, index: number) => {
    const line = `${JSON.stringify(maskResult(testResultToJson(result, limits)))}\n`;
    const { paths, log } = await openLog(null);
    await logged(paths, () => log.append(index, [line]));
  };

  return {
    recordPath: () => resolved?.record ?? null,
    async onBegin(info: RunInfo) {
      runId ??= info.run_id;
      await openLog(info);
    },
    onTestCaseEnd: store,
    onTestCaseRestored: store,
    // A repeat goes to the log only (not the record): `--resume` reruns just the repeats it does not hold.
    async onRepeatEnd(result: TestResult, _index: number, repeat: number) {
      const entry = { repeat_of: result.test_name, repeat, result: testResultToJson(result, limits) };
      const { paths, log } = await openLog(null);
      await logged(paths, () => log.write(`${JSON.stringify(redactor.deep(entry))}\n`));
    },
    async onEnd(report: RunEnd, state: RunState) {
      const { paths, log } = await openLog(null);
      const record = {
        record_version: RUN_RECORD_VERSION,
        run_id: runId ?? randomUUID(),
        state,
        metadata: { ...options.metadata, finished_at: options.metadata.finished_at ?? dateAt(now()).toISOString() },
        report: { ...reportHeadToJson(report), results: [] },
      };
      try {
        await writeRecord(paths.record, JSON.stringify(redact(record), null, 2), log);
      } catch (error) {
        throw new FileWriteError('the run record', paths.record, fileErrorReason(error), { cause: error });
      }
      if (state === 'completed') await log.dispose();
      else await log.close();
      lock?.release();
    },
  };
}

/** The run's lock; one that cannot be written (a full disk) fails the record, naming the lock file. */
async function runLock(record: string): ReturnType<typeof takeRunLock> {
  try {
    return await takeRunLock(record);
  } catch (error) {
    if (!(error instanceof LockWriteError)) throw error;
    const reason = `its lock file ${error.path} cannot be written (${error.reason})`;
    throw new FileWriteError('the run record', record, reason, { cause: error });
  }
}

/** A write to the run's log; one that fails names the log, not the record it is for (`ENOSPC` names no file). */
async function logged<T>(paths: RecordPaths, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw new FileWriteError("the run's log", paths.partial, fileErrorReason(error), { cause: error });
  }
}

/** The log's first line (a PartialHeader, see partial-log.ts), before redaction. */
function logHeader(info: RunInfo, runId: string, options: RunRecordReporterOptions) {
  return {
    record_version: RUN_RECORD_VERSION,
    run_id: runId,
    agent_name: info.config.name,
    agent_config_path: info.config.config_path,
    timestamp: info.started_at,
    holodeck_version: options.metadata.holodeck_version,
    metadata: { ...options.metadata, finished_at: undefined },
  };
}

/** Writes the record: its head as given, with the results streamed from the log in case order. */
async function writeRecord(path: string, head: string, log: ResultSpool): Promise<void> {
  await writeStreamAtomic(path, async (write) => {
    if (log.size === 0) return write(`${head}\n`);
    // `report.results` is the last key of the record, so its placeholder is the last occurrence.
    const at = head.lastIndexOf(RESULTS_PLACEHOLDER);
    await write(`${head.slice(0, at)}"results": [\n`);
    let first = true;
    for await (const lines of log.batches(0)) {
      const pieces: Piece[] = [];
      for (const line of lines) {
        // Each log line is one JSON text and its newline: written indented, without the newline.
        pieces.push(first ? RESULT_INDENT : `,\n${RESULT_INDENT}`);
        pieces.push(line[line.length - 1] === NEWLINE ? line.subarray(0, line.length - 1) : line);
        first = false;
      }
      await write(pieces);
    }
    await write(`\n    ]${head.slice(at + RESULTS_PLACEHOLDER.length)}\n`);
  });
}

function reserve(options: RunRecordReporterOptions, startedAt: string | undefined, now: () => number) {
  return reserveRecordPaths(
    options.resultsDir,
    options.agentName,
    validDate(startedAt ?? options.metadata.started_at, now),
  );
}

const RESULT_INDENT = '      ';
const NEWLINE = 0x0a;

/**
 * Makes an existing log end with a newline, so lines appended now never join a line a crash cut off;
 * true when the log is missing or empty (it needs its header).
 */
async function endWithNewline(path: string): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r+');
  } catch (error) {
    // Missing: a new log. Any other failure (permissions, a folder in its place) is reported, never deleted.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    if (size === 0) return true;
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    if (last[0] !== 0x0a) await handle.write('\n', size);
    return false;
  } finally {
    await handle.close();
  }
}

function validDate(iso: string, now: () => number): Date {
  const date = dateAt(iso);
  return Number.isNaN(date.getTime()) ? dateAt(now()) : date;
}

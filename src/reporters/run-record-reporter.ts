/**
 * Saves every run to `<resultsDir>/<agent-slug>/<timestamp>.json`. Each finished test case is appended at
 * once to `<timestamp>.partial.jsonl` (one TestResult per line), so a crash loses nothing already
 * finished; when the run ends (completed, interrupted or failed) the full record is written atomically
 * and the partial file removed. Secrets are redacted everywhere in both files.
 */
import { randomUUID } from 'node:crypto';
import { appendFile, rm } from 'node:fs/promises';
import type { Reporter, RunInfo, RunState } from '../core/reporter.js';
import type { RunReport, TestResult } from '../core/results.js';
import { writeFileAtomic } from './atomic-write.js';
import { redactSecrets } from './redact-secrets.js';
import { RUN_RECORD_VERSION, type RunRecordMetadata } from './run-record.js';
import { type RecordPaths, reserveRecordPaths } from './run-record-path.js';
import { reportToJson, testResultToJson } from './to-report-json.js';

export type { RunRecordMetadata } from './run-record.js';

export interface RunRecordReporterOptions {
  readonly resultsDir: string;
  readonly agentName: string;
  readonly metadata: RunRecordMetadata;
  /** Known secret values (API keys, header and env values...) that must not appear in the files. */
  readonly secrets?: readonly string[];
  readonly now?: () => number;
}

export interface RunRecordReporter extends Reporter {
  /** The record's path once the run has begun (the file itself exists only after the run ends). */
  recordPath(): string | null;
}

export function createRunRecordReporter(options: RunRecordReporterOptions): RunRecordReporter {
  const now = options.now ?? Date.now;
  const secrets = options.secrets ?? [];
  let runId: string | null = null;
  let paths: Promise<RecordPaths> | null = null;
  let resolved: RecordPaths | null = null;
  // Appends are chained so concurrent test cases never interleave their lines.
  let appends: Promise<unknown> = Promise.resolve();

  const reserve = (startedAt: string) => {
    paths ??= reserveRecordPaths(options.resultsDir, options.agentName, validDate(startedAt, now)).then((p) => {
      resolved = p;
      return p;
    });
    return paths;
  };

  return {
    recordPath: () => resolved?.record ?? null,
    async onBegin(info: RunInfo) {
      runId = info.run_id;
      await reserve(info.started_at);
    },
    onTestCaseEnd(result: TestResult) {
      const line = `${JSON.stringify(redactSecrets(testResultToJson(result), secrets))}\n`;
      const task = appends.then(async () => appendFile((await reserve(options.metadata.started_at)).partial, line));
      appends = task.catch(() => undefined);
      return task;
    },
    async onEnd(report: RunReport, state: RunState) {
      await appends;
      const target = await reserve(options.metadata.started_at);
      const record = {
        record_version: RUN_RECORD_VERSION,
        run_id: runId ?? randomUUID(),
        state,
        metadata: { ...options.metadata, finished_at: options.metadata.finished_at ?? new Date(now()).toISOString() },
        report: reportToJson(report),
      };
      await writeFileAtomic(target.record, `${JSON.stringify(redactSecrets(record, secrets), null, 2)}\n`);
      await rm(target.partial, { force: true });
    },
  };
}

function validDate(iso: string, now: () => number): Date {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? new Date(now()) : date;
}

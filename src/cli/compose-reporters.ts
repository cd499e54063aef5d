/** Console + requested report files + the run record, behind one multiplexer. */

import { processRateLimits } from '../backends/ai-sdk/rate-limit/rate-limit-registry.js';
import { FileWriteError } from '../core/file-write-error.js';
import type { Redactor } from '../core/redactor.js';
import type { Reporter } from '../core/reporter.js';
import { type ConsoleStream, createConsoleReporter, type Verbosity } from '../reporters/console-reporter.js';
import { createReporter } from '../reporters/create-reporter.js';
import { multiplexReporter } from '../reporters/multiplex-reporter.js';
import { redactingReporter } from '../reporters/redacting-reporter.js';
import type { RecordPaths } from '../reporters/run-record-path.js';
import { createRunRecordReporter, type RunRecordMetadata } from '../reporters/run-record-reporter.js';
import { colorWanted } from './color-wanted.js';
import { modelLabel } from './merge/loaded-shard.js';
import type { PlannedOutput } from './plan-outputs.js';
import { redrawWanted } from './redraw-wanted.js';

export interface ReporterPlan {
  /** Report files; HTML ones are written from the run record once the run ends, not by a reporter. */
  readonly outputs: readonly PlannedOutput[];
  readonly verbosity: Verbosity;
  readonly resultsDir: string;
  readonly agentName: string;
  readonly metadata: RunRecordMetadata;
  /** Masks the run's secrets in everything the reporters see. */
  readonly redactor: Redactor;
  readonly max_text_length: number | undefined;
  /** Resume: continue this run's record instead of starting a new one. */
  readonly resume?: { readonly paths: RecordPaths; readonly run_id: string };
  /** Where the console report goes (default stdout); a model matrix buffers each model's. */
  readonly console?: ConsoleStream;
  /** The time the run record is named after, when not the run's start (a merge of shards). */
  readonly record_named_at?: string;
}

export type ComposedReporters =
  | {
      readonly ok: true;
      readonly reporter: Reporter;
      readonly errors: string[];
      /** Where the run record goes, once the run has begun. */
      readonly recordPath: () => string | null;
      /** The reports (and the run record) that failed to be written in full: never listed as written. */
      readonly failed: ReadonlySet<string>;
    }
  | { readonly ok: false; readonly message: string };

export function composeReporters(plan: ReporterPlan): ComposedReporters {
  const errors: string[] = [];
  const failed = new Set<string>();
  const stderr = process.stderr;
  const onError = (error: unknown, file?: { readonly what: string; readonly path: string }) => {
    const said = (error as Error)?.message ?? String(error);
    // Which file failed (`ENOSPC: no space left on device, write` names none), unless the error says it (the run
    // record's log or lock, not the record, may be the file that failed).
    const named = error instanceof FileWriteError || file === undefined || said.includes(file.path);
    const which = named ? '' : `cannot write ${file.what} ${file.path}: `;
    const message = plan.redactor.text(`reporter error: ${which}${said}`);
    // A report that cannot be written fails at every case: said once.
    if (errors.includes(message)) return;
    errors.push(message);
    stderr.write(`${message}\n`);
  };
  // Each file's failures are counted against it, so that it is not listed as written after the run.
  const tracked = (reporter: Reporter, path: () => string | null, what: string): Reporter =>
    multiplexReporter([reporter], (error) => {
      const at = path();
      if (at !== null) failed.add(at);
      onError(error, at === null ? undefined : { what, path: at });
    });
  const files: Reporter[] = [];
  for (const output of plan.outputs) {
    if (output.format === 'html') continue;
    const reporter = createReporter(output.format, output.path, { max_text_length: plan.max_text_length });
    files.push(tracked(reporter, () => output.path, 'the report'));
  }
  const stream = plan.console ?? process.stdout;
  const console = createConsoleReporter({
    stream,
    verbosity: plan.verbosity,
    redraw: redrawWanted(stream),
    // A buffered console (a model matrix's) is printed on stdout later: colored as stdout is.
    color: colorWanted(stream === process.stderr ? process.stderr : process.stdout),
    rate_status: () => processRateLimits.statuses(),
    // What others write to the terminal during the run (warnings, tools' output) starts on a line of its own.
    watch: [process.stdout, process.stderr].filter((std) => std.isTTY === true),
  });
  const record = createRunRecordReporter({
    resultsDir: plan.resultsDir,
    agentName: plan.agentName,
    metadata: plan.metadata,
    redactor: plan.redactor,
    // Behind the redactingReporter below: its cases arrive masked.
    results_redacted: true,
    max_text_length: plan.max_text_length,
    ...(plan.resume === undefined ? {} : { resume: plan.resume }),
    ...(plan.record_named_at === undefined ? {} : { named_at: plan.record_named_at }),
  });
  const fanOut = multiplexReporter(
    [console, ...files, tracked(record, () => record.recordPath(), 'the run record')],
    (error) => onError(error),
  );
  const reporter = redactingReporter(ofMatrix(fanOut, plan.metadata), plan.redactor);
  return { ok: true, reporter, errors, failed, recordPath: () => record.recordPath() };
}

/**
 * A run of a model matrix — its models run together, or one of them resumed alone — says so in its reports: the
 * comparison id and the model, on the report every reporter is given at the end.
 */
function ofMatrix(reporter: Reporter, metadata: RunRecordMetadata): Reporter {
  const comparison = metadata.comparison_id;
  if (comparison === undefined) return reporter;
  const label = modelLabel(metadata.model);
  const model = label === null ? {} : { model: label };
  return {
    ...reporter,
    onEnd: (report, state) => reporter.onEnd?.({ ...report, comparison_id: comparison, ...model }, state),
  };
}

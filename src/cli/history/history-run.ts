/**
 * One run of a history as `--last-failed` reads it: which config and model it ran, what it selected, whether it
 * finished, and its cases' verdicts — from its record, or, for a run that left only its log (crashed, killed, its
 * record not written, or still going), from the results its log holds.
 */
import type { TestResult } from '../../core/results.js';
import { partialLogResults, scanPartialLog } from '../../records/partial-log.js';
import { type RunSelection, readRunRecord } from '../../records/run-record.js';
import type { RunFiles } from './list-run-files.js';

export interface HistoryRun {
  readonly config_path: string;
  /** `provider:name`; null for a module agent without a model. */
  readonly model: string | null;
  /** `unfinished`: only its log is there, holding the cases it finished. */
  readonly state: 'completed' | 'interrupted' | 'unfinished';
  readonly selection: RunSelection | null | undefined;
  /** Each case the run holds a result for, and whether that result failed (or errored). */
  readonly verdicts: () => Promise<ReadonlyMap<string, boolean>>;
}

/**
 * The run; null for a log that names no run (one cut off before its header, which holds no result either).
 * Throws RunRecordError for a record or log that cannot be read.
 */
export async function readHistoryRun(files: RunFiles): Promise<HistoryRun | null> {
  const { record: recordPath, log } = files;
  if (recordPath !== null) {
    const record = await readRunRecord(recordPath);
    const completed = record.state === 'completed';
    return {
      config_path: record.report.agent_config_path,
      model: modelId(record.metadata.model),
      state: completed ? 'completed' : 'interrupted',
      selection: record.metadata.selection,
      // An interrupted record's log goes on with the cases a --resume finished before it too stopped.
      verdicts: () => logVerdicts(completed ? null : log, verdictsOf(record.report.results)),
    };
  }
  if (log === null) return null;
  const { header } = await scanPartialLog(log);
  if (header === null) return null;
  return {
    config_path: header.agent_config_path,
    model: modelId(header.metadata.model),
    state: 'unfinished',
    selection: header.metadata.selection,
    verdicts: () => logVerdicts(log, new Map()),
  };
}

/** The verdicts, then the log's results over them: a case logged again keeps its last result, as a record does. */
async function logVerdicts(log: string | null, verdicts: Map<string, boolean>): Promise<Map<string, boolean>> {
  if (log === null) return verdicts;
  try {
    for await (const result of partialLogResults(log)) verdicts.set(result.test_name, !result.passed);
  } catch (error) {
    // The log went (a --resume finished the run meanwhile): the record's results stand.
    if ((error as { cause?: NodeJS.ErrnoException }).cause?.code !== 'ENOENT') throw error;
  }
  return verdicts;
}

function verdictsOf(results: readonly TestResult[]): Map<string, boolean> {
  return new Map(results.map((result) => [result.test_name, !result.passed]));
}

export function modelId(model: { readonly provider: string; readonly name: string } | null): string | null {
  return model === null ? null : `${model.provider}:${model.name}`;
}

/**
 * `holodeck compare RUN_A RUN_B`: what changed from run A (the baseline) to run B — regressions first, then
 * improvements, metric deltas, latency, token and cost deltas. Exit 1 when anything regressed (a case or a
 * turn that passed in A does not in B) or run B was interrupted, 0 otherwise, 2 when a run cannot be found or
 * read.
 */

import { relative, resolve } from 'node:path';
import { compareNotices, type NoticeRun, snapshotFacts } from '../../core/compare-notices.js';
import { compareResults, hasRegression, metricDeltas } from '../../core/compare-results.js';
import { escapeControlChars } from '../../core/display-controls.js';
import { summarizeMetrics } from '../../core/metric-tally.js';
import { createRedactor } from '../../core/redactor.js';
import { normalizeSelection, selectionLabel } from '../../dashboard/run-group.js';
import { type RunRecord, RunRecordError, readRunRecord } from '../../records/run-record.js';
import { createPalette } from '../../reporters/ansi.js';
import { type ComparedRun, formatComparison } from '../../reporters/compare-text.js';
import { collectSecrets } from '../collect-secrets.js';
import { colorWanted } from '../color-wanted.js';
import { findRunRecord } from '../compare/find-run-record.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { redactProcessOutput } from '../redact-process-output.js';

export async function compareCommand(
  runA: string,
  runB: string,
  options: { readonly resultsDir?: string },
): Promise<ExitCode> {
  // Records are redacted when written; the secrets of this environment are masked too, as the dashboard does.
  redactProcessOutput(createRedactor(collectSecrets(null, process.env).secrets));
  const resultsDir = resolve(options.resultsDir ?? 'results');
  const a = await load('RUN_A', runA, resultsDir);
  if (typeof a === 'number') return a;
  const b = await load('RUN_B', runB, resultsDir);
  if (typeof b === 'number') return b;
  const results = compareResults(a.record.report.results, b.record.report.results);
  const metrics = metricDeltas(summarizeMetrics(a.record.report.results), summarizeMetrics(b.record.report.results));
  const color = colorWanted(process.stdout);
  const lines = formatComparison({ a: compared(a), b: compared(b), results, metrics }, createPalette(color));
  const notes = [...interruptionNotes(a.record, b.record), ...suiteNotes(a.record, b.record)];
  const shown = notes.map(escapeControlChars);
  process.stdout.write(`${[...shown, ...(shown.length > 0 ? [''] : []), ...lines].join('\n')}\n`);
  // A run B that stopped early cannot show that nothing regressed: its missing cases were never run.
  const unfinished = b.record.state === 'interrupted';
  return hasRegression(results) || unfinished ? EXIT.failed : EXIT.ok;
}

/** Said first: a run that did not finish has cases missing that were never run, not removed. */
function interruptionNotes(a: RunRecord, b: RunRecord): string[] {
  const notes: string[] = [];
  for (const [which, record] of [
    ['A', a],
    ['B', b],
  ] as const) {
    if (record.state !== 'interrupted') continue;
    const missing = record.report.interrupted;
    const count =
      missing === undefined ? '' : `: ${missing.not_run} of its ${missing.selected_tests} test cases did not run`;
    const verdict =
      which === 'B' ? ' (exit 1: it cannot show that nothing regressed; holodeck test --resume completes it)' : '';
    notes.push(`run ${which} was interrupted${count}${verdict}`);
  }
  return notes;
}

/**
 * Said first too: what makes a change something other than a change of the agent (core/compare-notices.ts, shared
 * with the dashboard's compare view).
 */
function suiteNotes(a: RunRecord, b: RunRecord): string[] {
  return compareNotices(noticeRun(a), noticeRun(b)).map((notice) => notice.text);
}

function noticeRun(record: RunRecord): NoticeRun {
  const facts = snapshotFacts(record.metadata);
  const execution = record.metadata.execution;
  return {
    ...facts,
    agent_name: record.report.agent_name,
    finished: record.state !== 'interrupted',
    results: record.report.results,
    selection: selectionLabel(normalizeSelection(record.metadata.selection)),
    repeat: execution?.repeat ?? facts.repeat,
    min_pass_rate: execution?.min_pass_rate ?? facts.min_pass_rate,
  };
}

interface Loaded {
  readonly path: string;
  readonly record: RunRecord;
}

async function load(which: string, wanted: string, resultsDir: string): Promise<Loaded | ExitCode> {
  const found = await findRunRecord(wanted, resultsDir);
  if (!found.ok) return usageError(`${which} ${found.message}`);
  if (found.note !== undefined) process.stderr.write(`note: ${escapeControlChars(`${which} ${found.note}`)}\n`);
  try {
    return { path: found.path, record: await readRunRecord(found.path) };
  } catch (error) {
    if (error instanceof RunRecordError) return usageError(`${which} ${error.message}`);
    throw error;
  }
}

function compared({ path, record }: Loaded): ComparedRun {
  const times = record.report.results.map((result) => result.execution_time_ms);
  const model = record.metadata.model;
  return {
    label: relative(process.cwd(), path) || path,
    model: model === null ? null : `${model.provider}:${model.name}`,
    started_at: record.metadata.started_at,
    summary: record.report.summary,
    mean_latency_ms: times.length === 0 ? null : times.reduce((sum, ms) => sum + ms, 0) / times.length,
  };
}

function usageError(message: string): ExitCode {
  process.stderr.write(`error: ${escapeControlChars(message)}\n`);
  return EXIT.config;
}

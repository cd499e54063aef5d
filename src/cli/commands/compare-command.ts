/**
 * `holodeck compare RUN_A RUN_B`: what changed from run A (the baseline) to run B — regressions first, then
 * improvements, metric deltas, latency, token and cost deltas. Exit 1 when anything regressed (a case or a
 * turn that passed in A does not in B) or run B was interrupted, 0 otherwise, 2 when a run cannot be found or
 * read.
 */

import { relative, resolve } from 'node:path';
import { compareResults, hasRegression, metricDeltas } from '../../core/compare-results.js';
import { summarizeMetrics } from '../../core/metric-tally.js';
import { type RunRecord, RunRecordError, readRunRecord } from '../../records/run-record.js';
import { createPalette } from '../../reporters/ansi.js';
import { type ComparedRun, formatComparison } from '../../reporters/compare-text.js';
import { colorWanted } from '../color-wanted.js';
import { findRunRecord } from '../compare/find-run-record.js';
import { EXIT, type ExitCode } from '../exit-codes.js';

export async function compareCommand(
  runA: string,
  runB: string,
  options: { readonly resultsDir?: string },
): Promise<ExitCode> {
  const resultsDir = resolve(options.resultsDir ?? 'results');
  const a = await load('RUN_A', runA, resultsDir);
  if (typeof a === 'number') return a;
  const b = await load('RUN_B', runB, resultsDir);
  if (typeof b === 'number') return b;
  const results = compareResults(a.record.report.results, b.record.report.results);
  const metrics = metricDeltas(summarizeMetrics(a.record.report.results), summarizeMetrics(b.record.report.results));
  const color = colorWanted(process.stdout);
  const lines = formatComparison({ a: compared(a), b: compared(b), results, metrics }, createPalette(color));
  process.stdout.write(`${[...interruptionNotes(a.record, b.record), ...lines].join('\n')}\n`);
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
  return notes.length === 0 ? [] : [...notes, ''];
}

interface Loaded {
  readonly path: string;
  readonly record: RunRecord;
}

async function load(which: string, wanted: string, resultsDir: string): Promise<Loaded | ExitCode> {
  const found = await findRunRecord(wanted, resultsDir);
  if (!found.ok) return usageError(`${which} ${found.message}`);
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
  process.stderr.write(`error: ${message}\n`);
  return EXIT.config;
}

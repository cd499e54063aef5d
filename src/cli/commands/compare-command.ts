/**
 * `holodeck compare RUN_A RUN_B`: what changed from run A (the baseline) to run B — regressions first, then
 * improvements, metric deltas, latency, token and cost deltas. Exit 1 when anything regressed (a case or a
 * turn that passed in A does not in B) or run B was interrupted, 0 otherwise, 2 when a run cannot be found or
 * read.
 */

import { relative, resolve } from 'node:path';
import { askedDifferently } from '../../core/asked-differently.js';
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
 * Said first too: runs of two agents, or cases of one name that asked other questions or expected other answers,
 * are compared by name all the same, so what looks fixed or regressed may be another test.
 */
function suiteNotes(a: RunRecord, b: RunRecord): string[] {
  const notes: string[] = [];
  const [nameA, nameB] = [a.report.agent_name, b.report.agent_name];
  if (nameA !== nameB)
    notes.push(`run A is of agent "${nameA}", run B of agent "${nameB}": test cases are compared by name`);
  const changed = askedDifferently(a.report.results, b.report.results).map((name) => `"${name}"`);
  if (changed.length > 0) {
    const named =
      changed.length > 5 ? `${changed.slice(0, 5).join(', ')} and ${changed.length - 5} more` : changed.join(', ');
    notes.push(
      `${changed.length === 1 ? '1 test case' : `${changed.length} test cases`} of the same name asked other questions or expected other answers in run B: ${named} — their verdicts compare different tests`,
    );
  }
  notes.push(...repeatNote(a, b), ...selectionNote(a, b));
  return notes;
}

/**
 * Runs repeated otherwise (`--repeat`, `--min-pass-rate`) judge their cases by other rules and pay for other
 * numbers of runs: a case "fixed" by a lower pass rate, or tokens five times higher, say nothing of the agent.
 */
function repeatNote(a: RunRecord, b: RunRecord): string[] {
  const rule = (record: RunRecord) => {
    const repeat = record.metadata.execution?.repeat ?? 1;
    return repeat === 1 ? 'once' : `${repeat} times, passing at ${record.metadata.execution?.min_pass_rate ?? 1}`;
  };
  const [ruleA, ruleB] = [rule(a), rule(b)];
  if (ruleA === ruleB) return [];
  return [
    `run A ran each test case ${ruleA}, run B ${ruleB}: verdicts, tokens and cost follow different repeat settings`,
  ];
}

/**
 * Cases of run A that run B did not run (a finished B that selected fewer, or a changed suite): listed as removed,
 * they are not compared, and B's pass rate is of its own cases — said, so a smaller run does not read as better.
 */
function selectionNote(a: RunRecord, b: RunRecord): string[] {
  if (b.state === 'interrupted') return []; // said above, with how many did not run
  const inB = new Set(b.report.results.map((result) => result.test_name));
  const missing = a.report.results.filter((result) => !inB.has(result.test_name)).length;
  if (missing === 0) return [];
  const [labelA, labelB] = [a, b].map((run) => selectionLabel(normalizeSelection(run.metadata.selection)));
  const why = labelB === labelA ? 'its suite has other test cases' : `it ran ${labelB}, run A ${labelA}`;
  const cases = missing === 1 ? '1 test case' : `${missing} test cases`;
  return [
    `${cases} of run A did not run in run B (${why}): they are listed as removed, not compared, and run B's rates are of the cases it ran`,
  ];
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

/**
 * `holodeck compare A B` as console text: regressions first (cases, then turns that newly fail), then
 * improvements, cases still failing, added and removed; metric mean deltas; pass rate, latency, token and
 * cost deltas.
 */
import type { CaseChange, MetricDelta, ResultsComparison } from '../core/compare-results.js';
import { spentOf, storedOf } from '../core/cost.js';
import { formatUsd } from '../core/format-cost.js';
import { formatScore as formatCoreScore } from '../core/format-score.js';
import type { ReportSummary } from '../core/results.js';
import type { Status } from '../core/status.js';
import { turnLabel } from '../core/turn-label.js';
import type { Palette } from './ansi.js';
import { formatDuration, formatInteger, formatPercent } from './format-numbers.js';
import { costText } from './matrix-table.js';
import { consoleName, escapeControlChars } from './safe-text.js';

export interface ComparedRun {
  /** How the run is named: its record path or id. */
  readonly label: string;
  /** `provider:name`, or null for a run without a model of ours. */
  readonly model: string | null;
  readonly started_at: string | null;
  readonly summary: ReportSummary;
  /** Mean wall time of its test cases; null when it has none. */
  readonly mean_latency_ms: number | null;
}

export interface RunComparisonText {
  readonly a: ComparedRun;
  readonly b: ComparedRun;
  readonly results: ResultsComparison;
  readonly metrics: readonly MetricDelta[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const arrow = (a: Status | null, b: Status | null) => `${a ?? 'absent'} → ${b ?? 'absent'}`;

function turnLines(change: CaseChange, worse: boolean): string[] {
  return change.turns
    .filter((turn) => (turn.a === 'passed') === worse && (turn.b === 'passed') !== worse)
    .map((turn) => `      ${turnLabel(turn.turn_index, change.turn_count)}  ${arrow(turn.a, turn.b)}`);
}

function caseLine(change: CaseChange, mark: string): string {
  const why = change.failure !== null && change.b_status !== 'passed' ? ` — ${change.failure}` : '';
  return `  ${mark} ${consoleName(change.test_name)}  ${arrow(change.a_status, change.b_status)}${escapeControlChars(why)}`;
}

function section(title: string, lines: readonly string[], palette: Palette): string[] {
  return lines.length === 0 ? [] : ['', palette.bold(title), ...lines];
}

function signed(value: number, format: (n: number) => string): string {
  if (value === 0) return '±0';
  return value > 0 ? `+${format(value)}` : `−${format(-value)}`;
}

function totals(a: ComparedRun, b: ComparedRun): string[][] {
  const latency = (run: ComparedRun) => (run.mean_latency_ms === null ? '—' : formatDuration(run.mean_latency_ms));
  const cost = (run: ComparedRun) => run.summary.cost_usd ?? null;
  const costA = cost(a);
  const costB = cost(b);
  const latencyDelta =
    a.mean_latency_ms === null || b.mean_latency_ms === null
      ? '—'
      : signed(b.mean_latency_ms - a.mean_latency_ms, formatDuration);
  return [
    ['', 'A', 'B', 'Δ'],
    [
      'pass rate',
      formatPercent(a.summary.passed, a.summary.total_tests),
      formatPercent(b.summary.passed, b.summary.total_tests),
      `${signed(Math.round((b.summary.pass_rate - a.summary.pass_rate) * 1000) / 10, (n) => n.toFixed(1))} pts`,
    ],
    [
      'cases passed',
      `${a.summary.passed}/${a.summary.total_tests}`,
      `${b.summary.passed}/${b.summary.total_tests}`,
      signed(b.summary.passed - a.summary.passed, String),
    ],
    ['mean latency', latency(a), latency(b), latencyDelta],
    [
      'tokens',
      formatInteger(a.summary.token_usage.total_tokens),
      formatInteger(b.summary.token_usage.total_tokens),
      signed(b.summary.token_usage.total_tokens - a.summary.token_usage.total_tokens, formatInteger),
    ],
    [
      'cost',
      costText(a.summary),
      costText(b.summary),
      costA === null || costB === null ? 'unknown' : signed(costB - costA, (n) => formatUsd(n)),
    ],
    ...spentRow(a, b),
  ];
}

/**
 * What each run paid, when either was answered in part from a cassette or the cache: its cost prices those
 * answers, which it did not pay for.
 */
function spentRow(a: ComparedRun, b: ComparedRun): string[][] {
  const served = (run: ComparedRun) => (run.summary.cost === undefined ? 0 : storedOf(run.summary.cost).calls);
  if (served(a) === 0 && served(b) === 0) return [];
  const spent = (run: ComparedRun) => (run.summary.cost === undefined ? null : spentOf(run.summary.cost));
  const [spentA, spentB] = [spent(a), spent(b)];
  const text = (usd: number | null, run: ComparedRun) =>
    `${usd === null ? 'unknown' : formatUsd(usd)}${served(run) > 0 ? ` (${served(run)} served)` : ''}`;
  const delta = spentA === null || spentB === null ? 'unknown' : signed(spentB - spentA, (n) => formatUsd(n));
  return [['spent', text(spentA, a), text(spentB, b), delta]];
}

function table(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map((row) => `  ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('   ')}`.trimEnd());
}

function metricLines(metrics: readonly MetricDelta[]): string[] {
  const mean = (value: number | null | undefined) =>
    value === null || value === undefined ? '—' : formatCoreScore(value);
  return table([
    ['metric', 'A mean', 'B mean', 'Δ'],
    ...metrics.map((m) => [
      escapeControlChars(m.metric_name),
      mean(m.a?.mean_score),
      mean(m.b?.mean_score),
      m.delta === null ? '—' : signed(m.delta, formatCoreScore),
    ]),
  ]);
}

export function formatComparison(input: RunComparisonText, palette: Palette): string[] {
  const { cases, counts } = input.results;
  const side = (name: string, run: ComparedRun) =>
    `  ${name}  ${escapeControlChars(run.label)}  ${run.model ?? '(no model)'} · ${run.started_at ?? 'start unknown'}`;
  const regressions = [
    ...cases
      .filter((c) => c.kind === 'regressed')
      .flatMap((c) => [caseLine(c, palette.red('✗')), ...turnLines(c, true)]),
    ...cases
      .filter((c) => c.kind === 'still_failing' && c.regressed_turns > 0)
      .flatMap((c) => [caseLine(c, palette.red('✗')), ...turnLines(c, true)]),
  ];
  const improvements = [
    ...cases
      .filter((c) => c.kind === 'fixed')
      .flatMap((c) => [caseLine(c, palette.green('✓')), ...turnLines(c, false)]),
    ...cases
      .filter((c) => c.kind === 'still_failing' && c.fixed_turns > 0)
      .flatMap((c) => [caseLine(c, palette.yellow('~')), ...turnLines(c, false)]),
  ];
  const stillFailing = cases
    .filter((c) => c.kind === 'still_failing' && c.regressed_turns === 0 && c.fixed_turns === 0)
    .map((c) => caseLine(c, palette.dim('✗')));
  const addedRemoved = cases
    .filter((c) => c.kind === 'added' || c.kind === 'removed')
    .map((c) => caseLine(c, c.kind === 'added' ? '+' : '-'));
  const regressedTurns = cases.reduce((sum, c) => sum + c.regressed_turns, 0);
  const fixedTurns = cases.reduce((sum, c) => sum + c.fixed_turns, 0);
  return [
    palette.bold('Comparing runs'),
    side('A', input.a),
    side('B', input.b),
    ...section(
      `Regressions (${plural(counts.regressed, 'case')}, ${plural(regressedTurns, 'turn')})`,
      regressions,
      palette,
    ),
    ...section(`Improvements (${plural(counts.fixed, 'case')}, ${plural(fixedTurns, 'turn')})`, improvements, palette),
    ...section(`Still failing (${stillFailing.length})`, stillFailing, palette),
    ...section(`Added and removed (${counts.added + counts.removed})`, addedRemoved, palette),
    ...section('Metrics', input.metrics.length === 0 ? [] : metricLines(input.metrics), palette),
    ...section('Totals', table(totals(input.a, input.b)), palette),
    '',
    `${counts.regressed} regressed · ${counts.fixed} fixed · ${counts.still_failing} still failing · ` +
      `${counts.still_passing} unchanged passing · ${counts.added} added · ${counts.removed} removed`,
  ];
}

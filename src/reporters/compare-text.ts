/**
 * `holodeck compare A B` as console text: each changed case once, in one section — regressions (cases regressed,
 * then cases still failing with turns newly failing), mixed (still failing, turns newly failing and others newly
 * passing), improvements, still failing unchanged, added and removed; metric mean deltas; pass rate, latency,
 * token and cost deltas. Each heading counts what it lists, in the words of the last line.
 */
import {
  type CaseChange,
  type ChangeSection,
  type MetricDelta,
  type ResultsComparison,
  sectionOf,
  TURN_TRENDS,
} from '../core/compare-results.js';
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

/** The turns that newly fail or newly pass, in turn order. */
function turnLines(change: CaseChange): string[] {
  return change.turns
    .filter((turn) => (turn.a === 'passed') !== (turn.b === 'passed'))
    .map((turn) => `      ${turnLabel(turn.turn_index, change.turn_count)}  ${arrow(turn.a, turn.b)}`);
}

function mark(change: CaseChange, palette: Palette): string {
  if (change.kind === 'added') return '+';
  if (change.kind === 'removed') return '-';
  if (change.kind === 'fixed') return palette.green('✓');
  if (change.trend === 'mixed') return palette.yellow('±');
  if (change.trend === 'better') return palette.yellow('~');
  return change.kind === 'regressed' || change.trend === 'worse' ? palette.red('✗') : palette.dim('✗');
}

function caseLines(change: CaseChange, palette: Palette): string[] {
  const why = change.failure !== null && change.b_status !== 'passed' ? ` — ${change.failure}` : '';
  const trend = change.trend === null || change.trend === 'unchanged' ? '' : `, ${change.trend}`;
  const line = `  ${mark(change, palette)} ${consoleName(change.test_name)}  ${arrow(change.a_status, change.b_status)}${trend}${escapeControlChars(why)}`;
  return [line, ...checksLines(change), ...turnLines(change)];
}

/** The case's checks that differ from A to B: its verdict may have changed with them. */
function checksLines(change: CaseChange): string[] {
  if (change.checks_changed.length === 0) return [];
  return [`      checks changed: ${escapeControlChars(change.checks_changed.join(', '))}`];
}

/** `(9 cases: 6 regressed, 3 still failing and worse; 11 turns newly failing)`, parts of none left out. */
function heading(title: string, parts: readonly [number, string][], turns: string | null): string {
  const shown = parts.filter(([n]) => n > 0);
  const total = shown.reduce((sum, [n]) => sum + n, 0);
  const cases =
    shown.length === 1
      ? `${plural(total, 'case')} ${shown[0]?.[1]}`
      : `${plural(total, 'case')}: ${shown.map(([n, what]) => `${n} ${what}`).join(', ')}`;
  return `${title} (${cases}${turns === null ? '' : `; ${turns}`})`;
}

function turnsText(n: number, what: string): string | null {
  return n === 0 ? null : `${plural(n, 'turn')} ${what}`;
}

/** The last line: every kind, the cases still failing by trend when any of their turns moved. */
function countsLine(results: ResultsComparison): string {
  const { counts, trends } = results;
  const moved = counts.still_failing > trends.unchanged;
  const byTrend = moved
    ? ` (${TURN_TRENDS.filter((t) => trends[t] > 0)
        .map((t) => `${trends[t]} ${t}`)
        .join(', ')})`
    : '';
  return (
    `${counts.regressed} regressed · ${counts.fixed} fixed · ${counts.still_failing} still failing${byTrend} · ` +
    `${counts.still_passing} unchanged passing · ${counts.added} added · ${counts.removed} removed`
  );
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

function sections(results: ResultsComparison, palette: Palette): string[] {
  const { cases, counts, trends } = results;
  const listed = (which: ChangeSection) => cases.filter((c) => sectionOf(c) === which);
  const lines = (list: readonly CaseChange[]) => list.flatMap((c) => caseLines(c, palette));
  const sum = (list: readonly CaseChange[], pick: (c: CaseChange) => number) =>
    list.reduce((total, c) => total + pick(c), 0);
  const [regressions, mixed, improvements] = [listed('regressions'), listed('mixed'), listed('improvements')];
  const stillFailing = listed('still_failing');
  const addedRemoved = listed('added_removed');
  const mixedTurns = `${plural(
    sum(mixed, (c) => c.regressed_turns),
    'turn',
  )} newly failing, ${sum(mixed, (c) => c.fixed_turns)} newly passing`;
  return [
    ...section(
      heading(
        'Regressions',
        [
          [counts.regressed, 'regressed'],
          [trends.worse, 'still failing and worse'],
        ],
        turnsText(
          sum(regressions, (c) => c.regressed_turns),
          'newly failing',
        ),
      ),
      lines(regressions),
      palette,
    ),
    ...section(heading('Mixed', [[trends.mixed, 'still failing']], mixedTurns), lines(mixed), palette),
    ...section(
      heading(
        'Improvements',
        [
          [counts.fixed, 'fixed'],
          [trends.better, 'still failing and better'],
        ],
        turnsText(
          sum(improvements, (c) => c.fixed_turns),
          'newly passing',
        ),
      ),
      lines(improvements),
      palette,
    ),
    ...section(`Still failing, unchanged (${stillFailing.length})`, lines(stillFailing), palette),
    ...section(`Added and removed (${addedRemoved.length})`, lines(addedRemoved), palette),
  ];
}

export function formatComparison(input: RunComparisonText, palette: Palette): string[] {
  const side = (name: string, run: ComparedRun) =>
    `  ${name}  ${escapeControlChars(run.label)}  ${run.model ?? '(no model)'} · ${run.started_at ?? 'start unknown'}`;
  return [
    palette.bold('Comparing runs'),
    side('A', input.a),
    side('B', input.b),
    ...sections(input.results, palette),
    ...section('Metrics', input.metrics.length === 0 ? [] : metricLines(input.metrics), palette),
    ...section('Totals', table(totals(input.a, input.b)), palette),
    '',
    countsLine(input.results),
  ];
}

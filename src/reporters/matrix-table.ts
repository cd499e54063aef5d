/**
 * The side-by-side table of a model matrix: per test case, each model's status; then each model's pass
 * rate, mean latency, tokens and cost. As console text and as Markdown (`--output compare.md`).
 */
import { formatUsd } from '../core/format-cost.js';
import type { MatrixTotals, ModelMatrix } from '../core/model-matrix.js';
import { type CostFields, CRASH_TEXT_MAX, type RunInterruption } from '../core/results.js';
import type { Status } from '../core/status.js';
import { createPalette, type Palette } from './ansi.js';
import { formatDuration, formatInteger, formatPercent } from './format-numbers.js';
import { mdInline } from './markdown-escape.js';
import { consoleName, escapeControlChars, oneLine } from './safe-text.js';
import { consoleMark, MARKDOWN_STATUS } from './status-text.js';

/**
 * A cost in a table cell: `$0.0123`, `≥ $0.0100` when part of the calls has no price, `unknown` when none has
 * one or the results carry no cost (never $0). The models without a price are named in each run's summary.
 */
export function costText(fields: CostFields): string {
  if (typeof fields.cost_usd === 'number') return formatUsd(fields.cost_usd);
  const priced = fields.cost?.priced_usd ?? 0;
  return priced > 0 ? `≥ ${formatUsd(priced)}` : 'unknown';
}

const TOTAL_ROWS: readonly [string, (totals: MatrixTotals) => string][] = [
  ['pass rate', (t) => `${formatPercent(t.passed, t.total)} (${t.passed}/${t.total})`],
  ['mean latency', (t) => (t.mean_latency_ms === null ? '—' : formatDuration(t.mean_latency_ms))],
  ['tokens', (t) => formatInteger(t.total_tokens)],
  ['cost', (t) => costText(t.cost)],
];

/** `openai:gpt-4o was interrupted: 3 of its 4 test cases did not run`, for each model whose run stopped early. */
function interruptions(matrix: ModelMatrix): string[] {
  return matrix.totals.flatMap((totals) =>
    totals.interrupted === null
      ? []
      : [
          `${totals.model} ${stoppedBy(totals.interrupted)}: ${totals.interrupted.not_run} of its ${totals.interrupted.selected_tests} test cases did not run`,
        ],
  );
}

/** `was interrupted`, or `was stopped by a crash (uncaught exception: Error: boom)`. */
function stoppedBy(stopped: RunInterruption): string {
  if (stopped.reason !== 'crash') return 'was interrupted';
  const error = stopped.error === undefined ? '' : ` (${oneLine(escapeControlChars(stopped.error), CRASH_TEXT_MAX)})`;
  return `was stopped by a crash${error}`;
}

function heading(matrix: ModelMatrix): string {
  const cases = matrix.rows.length;
  return `${cases} test case${cases === 1 ? '' : 's'} × ${matrix.models.length} models · comparison ${matrix.comparison_id}`;
}

interface Cell {
  readonly plain: string;
  readonly shown: string;
}

const plainCell = (text: string): Cell => ({ plain: consoleName(text), shown: consoleName(text) });
const PLAIN_MARKS = createPalette(false);

function statusCell(status: Status | null, repeats: string | null, palette: Palette): Cell {
  if (status === null) return plainCell('  not run');
  const counts = repeats === null ? '' : ` ${repeats}`;
  return {
    plain: `${consoleMark(status, PLAIN_MARKS)} ${status}${counts}`,
    shown: `${consoleMark(status, palette)} ${status}${counts}`,
  };
}

export function formatMatrixTable(matrix: ModelMatrix, palette: Palette): string[] {
  const head = ['test case', ...matrix.models].map(plainCell);
  const cases = matrix.rows.map((row) => [
    plainCell(row.test_name),
    ...row.statuses.map((s, model) => statusCell(s, row.repeats[model] ?? null, palette)),
  ]);
  const totals = TOTAL_ROWS.map(([label, cell]) => [plainCell(label), ...matrix.totals.map((t) => plainCell(cell(t)))]);
  const all = [head, ...cases, ...totals];
  const widths = head.map((_, column) => Math.max(...all.map((cells) => cells[column]?.plain.length ?? 0)));
  const padded = (cells: readonly Cell[]) =>
    `  ${cells.map((cell, i) => cell.shown + ' '.repeat(Math.max(0, (widths[i] ?? 0) - cell.plain.length))).join('   ')}`;
  const line = (cells: readonly Cell[]) => padded(cells).trimEnd();
  const rule = '─'.repeat(widths.reduce((sum, width) => sum + width + 3, -3));
  return [
    palette.bold(`Model matrix · ${heading(matrix)}`),
    ...interruptions(matrix).map((note) => palette.yellow(note)),
    '',
    palette.dim(line(head)),
    ...cases.map((cells, r) =>
      matrix.rows[r]?.differs ? `${padded(cells)}   ${palette.yellow('← differs')}` : line(cells),
    ),
    palette.dim(`  ${rule}`),
    ...totals.map(line),
  ];
}

export function renderMatrixMarkdown(matrix: ModelMatrix): string {
  const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const models = matrix.models.map((model) => `\`${model.replace(/`/g, "'")}\``);
  const lines = [
    '# Model matrix',
    '',
    `${heading(matrix)}.`,
    '',
    ...interruptions(matrix).flatMap((note) => [`> ⚠️ ${mdInline(note)}.`, '']),
    row(['Test case', ...models]),
    row(['---', ...matrix.models.map(() => '---')]),
    ...matrix.rows.map((r) =>
      row([
        mdInline(r.test_name),
        ...r.statuses.map((s, model) => {
          if (s === null) return 'not run';
          const counts = r.repeats[model] ?? null;
          return counts === null ? MARKDOWN_STATUS[s] : `${MARKDOWN_STATUS[s]} ${counts}`;
        }),
      ]),
    ),
    '',
    row(['Totals', ...models]),
    row(['---', ...matrix.models.map(() => '---:')]),
    ...TOTAL_ROWS.map(([label, cell]) => row([label, ...matrix.totals.map(cell)])),
    '',
  ];
  return lines.join('\n');
}

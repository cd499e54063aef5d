/**
 * The Markdown report: a summary table, a table of test cases, then every case and every turn in detail, within
 * the size bound of markdown-budget.ts.
 */

import { usageUnknown } from '../core/cost.js';
import { countNoun } from '../core/count-noun.js';
import { caseOwnErrors, caseTurnCounts, firstFailureText } from '../core/failure-reasons.js';
import { formatCostDetail } from '../core/format-cost.js';
import {
  type CostFields,
  CRASH_TEXT_MAX,
  type RunInterruption,
  type RunReport,
  type TestResult,
} from '../core/results.js';
import type { Status } from '../core/status.js';
import { turnLabel } from '../core/turn-label.js';
import { formatTokens } from './console-summary.js';
import { formatMetricSummary } from './format-metric-summary.js';
import { formatDuration, formatPercent } from './format-numbers.js';
import { MARKDOWN_MAX_BYTES, type MarkdownCaseSize, markdownBudget } from './markdown-budget.js';
import { mdCodeSpan, mdInline, mdRow } from './markdown-escape.js';
import { markdownRepeatBlocks } from './markdown-repeats.js';
import { type MarkdownTextLimits, markdownTurnBody } from './markdown-turn.js';
import { oneLine } from './safe-text.js';
import { caseCountsText, MARKDOWN_STATUS, turnCountsText } from './status-text.js';
import { retriesNote, turnViews } from './turn-views.js';

const DEFAULT_LIMITS: MarkdownTextLimits = { max_text_length: 20_000, max_inline_length: 1_000 };

export function renderMarkdownReport(
  report: RunReport,
  limits: MarkdownTextLimits = DEFAULT_LIMITS,
  maxBytes: number = MARKDOWN_MAX_BYTES,
): string {
  const head = markdownHead(report);
  if (report.results.length === 0) return `${head}\n\n${NO_CASES}\n`;
  const parts = report.results.map((result) => markdownCaseParts(result, limits));
  const sizes = report.results.map((result, i) =>
    markdownCaseSize(result.status, parts[i]?.row ?? '', parts[i]?.section ?? ''),
  );
  const chosen = markdownBudget(markdownFixedBytes(head), sizes, maxBytes);
  const rows = parts.filter((_, i) => chosen.rows[i]).map((p) => p.row);
  const sections = parts.filter((_, i) => chosen.sections[i]).map((p) => `\n\n${p.section}`);
  const note = chosen.note === null ? '' : `\n\n${chosen.note}`;
  return `${head}\n\n${CASES_TABLE_HEADER}\n${rows.join('\n')}${note}${sections.join('')}\n`;
}

/** The bytes of a report written whatever its cases: the title and summary, the table's header, the line ends. */
export function markdownFixedBytes(head: string): number {
  return Buffer.byteLength(head) + Buffer.byteLength(CASES_TABLE_HEADER) + 4;
}

/** What the size budget (markdown-budget.ts) needs to know of a case. */
export function markdownCaseSize(status: Status, row: string, section: string): MarkdownCaseSize {
  return { status, row: Buffer.byteLength(row), section: Buffer.byteLength(section) };
}

/** The title, the summary table and the heading of the test case table. */
export function markdownHead(report: Omit<RunReport, 'results'>): string {
  return [`# Test report: ${mdInline(report.agent_name)}`, summaryTable(report), '## Test cases'].join('\n\n');
}

export const NO_CASES = '_No test case ran._';

export const CASES_TABLE_HEADER = '| Test case | Result | Turns | Duration | First failure |\n|---|---|---|---|---|';

/** A case's row of the test case table, and its detailed section. */
export function markdownCaseParts(
  result: TestResult,
  limits: MarkdownTextLimits = DEFAULT_LIMITS,
): { readonly row: string; readonly section: string } {
  return { row: caseRow(result, limits), section: caseSection(result, limits).join('\n\n') };
}

/** `⏹️ interrupted`, or for a run a crash stopped `💥 the run crashed (uncaught exception: Error: boom)`. */
function interruptedHead(stopped: RunInterruption): string {
  if (stopped.reason !== 'crash') return '⏹️ interrupted';
  return `💥 the run crashed${stopped.error === undefined ? '' : ` (${mdInline(oneLine(stopped.error, CRASH_TEXT_MAX))})`}`;
}

function summaryTable(report: Omit<RunReport, 'results'>): string {
  const s = report.summary;
  const errors = s.errored > 0 ? ` (${s.errored} with errors)` : '';
  const outcome =
    s.total_tests === 0
      ? '⏹️ no test case finished'
      : s.failed === 0
        ? `✅ ${s.total_tests === 1 ? 'the 1 test case' : `all ${s.total_tests} test cases`} passed`
        : `${s.errored > 0 ? '💥' : '❌'} ${s.failed} of ${s.total_tests} test cases did not pass${errors}`;
  const stopped = report.interrupted;
  // An interrupted run is said first: the counts below are of the finished cases only.
  const verdict =
    stopped === undefined
      ? outcome
      : `${interruptedHead(stopped)}: ${stopped.not_run} of ${stopped.selected_tests} test cases did not run · ${
          s.total_tests === 0 ? 'none finished' : `of the ${s.total_tests} finished: ${outcome.replace(/^\S+ /, '')}`
        }`;
  const rows: [string, string][] = [
    ['Result', verdict],
    ['Test cases', caseCountsText(s)],
    ['Pass rate', formatPercent(s.passed, s.total_tests)],
    ['Turns', turnCountsText(s)],
    ...(s.metrics ?? []).map((metric): [string, string] => [
      `Metric ${mdInline(metric.metric_name)}`,
      formatMetricSummary(metric),
    ]),
    ['Duration', formatDuration(s.duration_ms)],
    // A call whose usage is unknown (none reported, a request abandoned) is left out: the counts are a lower bound.
    ['Tokens', `${atLeast(s)}${formatTokens(s.token_usage)}`],
    ...(s.repeats === undefined
      ? []
      : [['Repeats', `${s.repeats} per test case · ${s.flaky_tests ?? 0} flaky`] as [string, string]]),
    ...costRow(s),
    ['Agent config', mdCodeSpan(report.agent_config_path)],
    ['Run at', mdInline(report.timestamp)],
    ['holodeck', mdInline(report.holodeck_version)],
  ];
  return ['| | |', '|---|---|', ...rows.map(([key, value]) => mdRow([`**${key}**`, value]))].join('\n');
}

/** The Cost row, when the run counted cost. */
function costRow(summary: Omit<RunReport, 'results'>['summary']): [string, string][] {
  const cost = formatCostDetail(summary);
  return cost === null ? [] : [['Cost', mdInline(cost)]];
}

/** `≥ ` before the token counts of a case or run some of whose calls' usage is unknown. */
function atLeast(counted: CostFields): string {
  return usageUnknown(counted.cost) ? '≥ ' : '';
}

function nonNull(text: string | null): string[] {
  return text === null ? [] : [mdInline(text)];
}

function caseRow(result: TestResult, limits: MarkdownTextLimits): string {
  const failure = firstFailureText(result);
  const more = failure !== null && failure.more > 0 ? ` (+${failure.more} more)` : '';
  const reason = failure === null ? '' : mdInline(oneLine(failure.text, limits.max_inline_length)) + more;
  return mdRow([
    mdInline(result.test_name),
    MARKDOWN_STATUS[result.status],
    turnsText(result),
    formatDuration(result.execution_time_ms),
    reason,
  ]);
}

function caseSection(result: TestResult, limits: MarkdownTextLimits): string[] {
  const heading = `## ${MARKDOWN_STATUS[result.status].split(' ')[0]} ${mdInline(result.test_name)}`;
  const facts = [
    turnsText(result),
    // A single-turn case's retries, as a multi-turn case gives them on each turn's heading.
    `${formatDuration(result.execution_time_ms)}${result.turns === undefined ? retriesNote({ retries: result.retries ?? 0 }) : ''}`,
    `${atLeast(result)}${result.token_usage.total_tokens} tokens`,
    ...nonNull(formatCostDetail(result)),
  ];
  const blocks = [heading, facts.join(' · '), ...markdownRepeatBlocks(result)];
  const views = turnViews(result);
  if (result.turns === undefined) {
    for (const view of views) blocks.push(...markdownTurnBody(view, limits));
    return blocks;
  }
  const caseErrors = caseOwnErrors(result);
  if (caseErrors.length > 0) {
    blocks.push('**Test case errors**', caseErrors.map((error) => `- ${mdInline(error)}`).join('\n'));
  }
  for (const view of views) {
    const mark =
      view.state === 'passed' || view.state === 'failed'
        ? MARKDOWN_STATUS[view.state].split(' ')[0]
        : MARKDOWN_STATUS[view.state];
    // The cost names unpriced models, which come from the agent's config or the command line.
    const cost = view.cost === null ? '' : ` · ${mdInline(view.cost)}`;
    const time =
      view.state === 'skipped' ? '' : ` · ${formatDuration(view.execution_time_ms)}${retriesNote(view)}${cost}`;
    blocks.push(
      `### T${turnLabel(view.turn_index, view.turn_count).slice(1)} ${mark}${time}`,
      ...markdownTurnBody(view, limits),
    );
  }
  return blocks;
}

function turnsText(result: TestResult): string {
  if (result.turns === undefined) return 'single turn';
  const counts = caseTurnCounts(result);
  const errored = counts.errored > 0 ? `, ${counts.errored} errored` : '';
  const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : '';
  return `${countNoun(counts.total, 'turn')} · ${counts.passed}/${counts.total} passed${errored}${skipped}`;
}

/** The end-of-run summary: counts, pass rate, duration, tokens, then every failing case with its turns. */
import { usageUnknown } from '../core/cost.js';
import { formatCostDetail } from '../core/format-cost.js';
import type { MetricSummary } from '../core/metric-tally.js';
import type { RunEnd, RunState } from '../core/reporter.js';
import type { TokenUsage } from '../core/token-usage.js';
import { turnLabel } from '../core/turn-label.js';
import type { Palette } from './ansi.js';
import type { FailureDigest } from './failure-digest.js';
import { formatMetricSummary } from './format-metric-summary.js';
import { formatDuration, formatInteger, formatPercent } from './format-numbers.js';
import { consoleName, escapeControlChars, oneLine } from './safe-text.js';
import { caseCountsText, consoleMark, turnCountsText } from './status-text.js';

export interface SummaryOptions {
  readonly palette: Palette;
  /** Failing cases listed before the rest is only counted. */
  readonly max_failures_listed: number;
  /** Cases the run was asked to execute, when known (an interrupted run reports fewer). */
  readonly planned_cases: number | null;
  /** The failing cases, collected as they finished. */
  readonly failures: FailureDigest;
}

export const REASON_WIDTH = 200;

/**
 * Characters of one reason in the Failures list: enough for a tool assertion (the expected call, then each
 * argument that differs and how) or a judge's reasoning whole; a longer one is cut with its full length said.
 */
export const FAILURE_REASON_WIDTH = 1000;

export function formatSummary(report: RunEnd, state: RunState, options: SummaryOptions): string[] {
  const { palette } = options;
  const s = report.summary;
  const lines = ['', headline(report, state, options)];
  const cases = caseCountsText(s);
  lines.push(
    `  Cases   ${s.failed > 0 ? palette.red(cases) : cases}   pass rate ${formatPercent(s.passed, s.total_tests)}`,
  );
  lines.push(`  Turns   ${turnCountsText(s)}`);
  lines.push(...metricLines(s.metrics ?? []));
  if (s.tool_errors !== undefined && s.tool_errors > 0)
    lines.push(`  Tools   ${palette.yellow(toolErrorsText(s.tool_errors))}`);
  if (s.repeats !== undefined) lines.push(`  Repeats ${s.repeats} per test case · ${s.flaky_tests ?? 0} flaky`);
  lines.push(`  Time    ${formatDuration(s.duration_ms)}`);
  // A call whose usage is unknown (none reported, a request abandoned) is left out: the counts are a lower bound.
  lines.push(`  Tokens  ${usageUnknown(s.cost) ? '≥ ' : ''}${formatTokens(s.token_usage)}`);
  const cost = formatCostDetail(s);
  if (cost !== null) lines.push(`  Cost    ${s.cost_usd === null ? palette.yellow(cost) : cost}`);
  lines.push(...formatFailures(options));
  return lines;
}

function headline(report: RunEnd, state: RunState, options: SummaryOptions): string {
  const name = consoleName(report.agent_name);
  const { palette } = options;
  if (state === 'completed') return palette.bold(`Run completed — ${name}`);
  const of = options.planned_cases === null ? '' : ` of ${options.planned_cases}`;
  const finished = `${report.summary.total_tests}${of} test cases finished`;
  const stopped = report.interrupted;
  if (stopped?.reason === 'crash') {
    const cause = stopped.error === undefined ? '' : ` (${oneLine(escapeControlChars(stopped.error), REASON_WIDTH)})`;
    return palette.red(palette.bold(`Run crashed — ${name}: ${finished}${cause}`));
  }
  return palette.yellow(palette.bold(`Run interrupted — ${name}: ${finished}`));
}

/**
 * `  Metrics numeric   1,392/1,486 passed (93.67%)`, one line per metric, names aligned: per evaluation (a turn,
 * a single-turn case), the per-turn accuracy a benchmark reports, beside the case counts above.
 */
function metricLines(metrics: readonly MetricSummary[]): string[] {
  const width = Math.max(0, ...metrics.map((m) => consoleName(m.metric_name).length));
  return metrics.map(
    (metric, i) =>
      `  ${i === 0 ? 'Metrics' : '       '} ${consoleName(metric.metric_name).padEnd(width)}  ${formatMetricSummary(metric)}`,
  );
}

/** `1 tool call returned an error`, `3 tool calls returned an error`. */
export function toolErrorsText(count: number): string {
  return `${count} tool ${count === 1 ? 'call' : 'calls'} returned an error`;
}

export function formatTokens(usage: TokenUsage): string {
  const parts = [
    `prompt ${formatInteger(usage.prompt_tokens)}`,
    `completion ${formatInteger(usage.completion_tokens)}`,
  ];
  if (usage.cache_read_tokens > 0) parts.push(`cache read ${formatInteger(usage.cache_read_tokens)}`);
  if (usage.cache_creation_tokens > 0) parts.push(`cache write ${formatInteger(usage.cache_creation_tokens)}`);
  return `${formatInteger(usage.total_tokens)} (${parts.join(' · ')})`;
}

function formatFailures(options: SummaryOptions): string[] {
  const digest = options.failures;
  if (digest.total === 0) return [];
  const { palette } = options;
  const lines = ['', palette.bold('Failures')];
  for (const failing of digest.listed.slice(0, options.max_failures_listed)) {
    const tag = failing.status === 'error' ? ` ${palette.red('ERROR')}` : '';
    lines.push(`  ${consoleMark(failing.status, palette)} ${consoleName(failing.test_name)}${tag}`);
    for (const failure of failing.failures) {
      const prefix = failure.turn_index === null ? '' : `${turnLabel(failure.turn_index, failure.turn_count)}: `;
      failure.reasons.forEach((reason, i) => {
        const lead = i === 0 ? prefix : ' '.repeat(prefix.length);
        // Already one line, cut by the digest (which says the cut).
        lines.push(`      ${lead}${escapeControlChars(reason)}`);
      });
    }
  }
  const hidden = digest.total - Math.min(digest.listed.length, options.max_failures_listed);
  if (hidden > 0) lines.push(palette.dim(`  … and ${hidden} more failing test cases (see the report files)`));
  return lines;
}

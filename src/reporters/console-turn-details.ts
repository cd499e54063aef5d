/** Verbose (`-v`) detail of a finished test case: every turn with input, response, tools, assertions, metrics. */

import { describeCutOff } from '../core/answer-cut-off.js';
import { metricState } from '../core/failure-reasons.js';
import type { GraderDetail, MetricResult, TestResult } from '../core/results.js';
import { turnLabel } from '../core/turn-label.js';
import { renderValue } from '../matchers/index.js';
import type { Palette } from './ansi.js';
import { formatDuration, formatMetricScore, formatMetricThreshold } from './format-numbers.js';
import { renderToolCall } from './render-tool-call.js';
import { consoleName, escapeControlChars, truncateText } from './safe-text.js';
import { consoleMark } from './status-text.js';
import { retriesNote, type TurnView, turnViews } from './turn-views.js';

export interface DetailOptions {
  readonly palette: Palette;
  /** Longer inputs, responses and tool results are cut with a note. */
  readonly max_text_length: number;
}

const INDENT = '    ';
const LABEL_WIDTH = 10;

/** The detail lines of a test case (without the case line itself). */
export function formatTurnDetails(result: TestResult, options: DetailOptions): string[] {
  return turnViews(result).flatMap((view) => formatTurn(view, result.turns !== undefined, options));
}

function formatTurn(view: TurnView, multi: boolean, options: DetailOptions): string[] {
  const { palette } = options;
  const lines: string[] = [];
  if (multi) lines.push(`  ${turnHeading(view, palette)}`);
  if (view.skip_reason !== null)
    return [...lines, ...view.errors.flatMap((e) => block(`${INDENT}error: `, e, options))];
  lines.push(...field('input', view.input, options));
  lines.push(...field('response', view.response, options));
  if (view.answer_cut_off !== null) lines.push(`${INDENT}${palette.yellow(describeCutOff(view.answer_cut_off))}`);
  if (view.ground_truth !== null) lines.push(...field('expected', view.ground_truth, options));
  view.tool_invocations.forEach((call, i) => {
    lines.push(...field(i === 0 ? 'tools' : '', renderToolCall(call), options));
  });
  for (const assertion of view.assertions) {
    const mark = assertion.passed ? palette.green('✓') : palette.red('✗');
    lines.push(...block(`${INDENT}${mark} tool `, assertion.text, options, 7));
  }
  for (const metric of view.metric_results) lines.push(...formatMetric(metric, view.grader_details, options));
  for (const error of view.errors) lines.push(...block(`${INDENT}${palette.red('error')} `, error, options, 6));
  return lines;
}

function turnHeading(view: TurnView, palette: Palette): string {
  const label = turnLabel(view.turn_index, view.turn_count);
  if (view.skip_reason !== null) {
    return `${palette.yellow('–')} ${label} ${palette.yellow('skipped')}: ${escapeControlChars(view.skip_reason)}`;
  }
  const tag = view.state === 'error' ? ` ${palette.red('error')}` : '';
  const cost = view.cost === null || view.turn_count === 1 ? '' : ` · ${view.cost}`;
  const time = palette.dim(`${formatDuration(view.execution_time_ms)}${retriesNote(view)}${cost}`);
  return `${consoleMark(view.state, palette)} ${label}${tag}  ${time}`;
}

function formatMetric(metric: MetricResult, graders: readonly GraderDetail[], options: DetailOptions): string[] {
  const { palette } = options;
  const state = metricState(metric);
  const marks = { passed: palette.green('✓'), failed: palette.red('✗'), error: palette.red('!'), skipped: '–' };
  const threshold = metric.threshold === null ? '' : ` / threshold ${formatMetricThreshold(metric)}`;
  // A skipped metric's reason is its reasoning (`skipped: the turn has no ground_truth`): said once, on its line.
  const skipReason = state === 'skipped' ? (metric.reasoning ?? '').replace(/^skipped:\s*/, '') : '';
  const outcome =
    state === 'skipped'
      ? `${palette.yellow('skipped')}${skipReason === '' ? '' : `: ${text(skipReason, options)}`}`
      : state === 'error'
        ? `${palette.red('error')}: ${text(metric.error ?? '', options)}`
        : `score ${formatMetricScore(metric)}${threshold}`;
  const [head = '', ...rest] =
    `${INDENT}${marks[state]} metric ${consoleName(metric.metric_name)} (${metric.kind})  ${outcome}`.split('\n');
  // Every line a grader, a judge or an error wrote stays indented under its metric: none can pass for a line of ours.
  const lines = [head, ...rest.map((line) => `${INDENT}    ${line}`)];
  if (metric.reasoning && state !== 'skipped')
    lines.push(...block(`${INDENT}    `, metric.reasoning, options).map((line) => palette.dim(line)));
  for (const grader of graders.filter((g) => g.metric_name === metric.metric_name)) {
    lines.push(`${INDENT}    grader ${escapeControlChars(grader.grader)}`);
    if (grader.reason && grader.reason !== metric.reasoning)
      lines.push(...block(`${INDENT}    reason `, grader.reason, options));
    if (grader.details !== null) lines.push(...block(`${INDENT}    details `, renderValue(grader.details), options));
  }
  return lines;
}

/** A labelled, possibly multi-line value; continuation lines align under the first. */
function field(label: string, value: string, options: DetailOptions): string[] {
  const pad = ' '.repeat(LABEL_WIDTH);
  const body = value === '' ? [options.palette.dim('(empty)')] : text(value, options).split('\n');
  const first = `${INDENT}${options.palette.dim(label.padEnd(LABEL_WIDTH))}${body[0] ?? ''}`;
  return [first, ...body.slice(1).map((line) => `${INDENT}${pad}${line}`)];
}

/**
 * `prefix` and the value's first line, then each further line under it, indented by `width` (the visible
 * width of the prefix when it holds no colour codes): text from a model or user code never starts a line.
 */
function block(prefix: string, value: string, options: DetailOptions, visible?: number): string[] {
  const [first = '', ...rest] = text(value, options).split('\n');
  const pad = ' '.repeat(visible === undefined ? prefix.length : INDENT.length + visible);
  return [`${prefix}${first}`, ...rest.map((line) => `${pad}${line}`)];
}

function text(value: string, options: DetailOptions): string {
  return escapeControlChars(truncateText(value, options.max_text_length));
}

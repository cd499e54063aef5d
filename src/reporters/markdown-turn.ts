/** The Markdown detail of one turn: input, response, tool calls, assertions, metric table, graders, errors. */

import { describeCutOff } from '../core/answer-cut-off.js';
import { metricState } from '../core/failure-reasons.js';
import type { GraderDetail, MetricResult } from '../core/results.js';
import type { ToolInvocation } from '../core/tool-invocation.js';
import { renderValue } from '../matchers/index.js';
import { formatMetricScore, formatMetricThreshold } from './format-numbers.js';
import { mdCodeBlock, mdCodeSpan, mdInline, mdRow } from './markdown-escape.js';
import { renderArgs } from './render-tool-call.js';
import { countChars, cutIndex, oneLine, truncateText, truncationNote } from './safe-text.js';
import type { TurnView } from './turn-views.js';

export interface MarkdownTextLimits {
  /** Inputs and responses longer than this are cut with a note. */
  readonly max_text_length: number;
  /** Tool arguments, results, reasons and details longer than this are cut. */
  readonly max_inline_length: number;
}

const METRIC_RESULT = { passed: '✅ passed', failed: '❌ failed', error: '⚠️ error', skipped: '⏭️ skipped' } as const;

/** The body of a turn (without its heading), as Markdown blocks separated by blank lines. */
export function markdownTurnBody(view: TurnView, limits: MarkdownTextLimits): string[] {
  if (view.skip_reason !== null) {
    return [`Skipped: ${mdInline(view.skip_reason)}`, ...errorsBlock(view.errors, limits)];
  }
  const blocks = [
    '**Input**',
    mdCodeBlock(truncateText(view.input, limits.max_text_length)),
    '**Response**',
    view.response === '' ? '_(empty response)_' : mdCodeBlock(truncateText(view.response, limits.max_text_length)),
  ];
  if (view.answer_cut_off !== null) blocks.push(`⚠️ ${describeCutOff(view.answer_cut_off)}`);
  if (view.ground_truth !== null) {
    blocks.push(`**Ground truth:** ${mdCodeSpan(oneLine(view.ground_truth, limits.max_inline_length))}`);
  }
  if (view.tool_invocations.length > 0) {
    blocks.push('**Tool calls**', view.tool_invocations.map((call, i) => toolCallItem(call, i, limits)).join('\n'));
  }
  if (view.assertions.length > 0) {
    const items = view.assertions.map((a) => `- ${a.passed ? '✅' : '❌'} ${mdInline(a.text)}`);
    blocks.push('**Tool assertions**', items.join('\n'));
  }
  if (view.metric_results.length > 0) blocks.push('**Metrics**', metricTable(view.metric_results, limits));
  if (view.grader_details.length > 0) blocks.push('**Code graders**', graderList(view.grader_details, limits));
  blocks.push(...errorsBlock(view.errors, limits));
  return blocks;
}

function toolCallItem(call: ToolInvocation, index: number, limits: MarkdownTextLimits): string {
  const head = `${index}. ${mdCodeSpan(oneLine(`${call.name}(${renderArgs(call.args)})`, limits.max_inline_length))}`;
  if (call.error !== null) return `${head} ❌ error: ${mdInline(oneLine(call.error, limits.max_inline_length))}`;
  const result = renderValue(call.result);
  const shown = mdCodeSpan(oneLine(result, limits.max_inline_length));
  const cut = cutIndex(result, limits.max_inline_length) >= 0;
  return `${head} → ${shown}${cut ? ` _${truncationNote(countChars(result)).slice(2)}_` : ''}`;
}

export function metricTable(metrics: readonly MetricResult[], limits: MarkdownTextLimits): string {
  const rows = metrics.map((metric) => {
    const state = metricState(metric);
    const reason = metric.error ?? metric.reasoning ?? '';
    const why = state === 'skipped' ? reason.replace(/^skipped:\s*/, '') : reason;
    return mdRow([
      `${mdInline(metric.metric_name)} (${metric.kind})`,
      formatMetricScore(metric),
      formatMetricThreshold(metric),
      METRIC_RESULT[state],
      mdInline(truncateText(why, limits.max_inline_length)),
    ]);
  });
  return ['| Metric | Score | Threshold | Result | Reasoning |', '|---|---|---|---|---|', ...rows].join('\n');
}

function graderList(graders: readonly GraderDetail[], limits: MarkdownTextLimits): string {
  return graders
    .map((grader) => {
      const parts = [`- ${mdInline(grader.metric_name)}: ${mdCodeSpan(grader.grader)}`];
      if (grader.error !== null) parts.push(`error: ${mdInline(oneLine(grader.error, limits.max_inline_length))}`);
      if (grader.reason !== null) parts.push(`reason: ${mdInline(oneLine(grader.reason, limits.max_inline_length))}`);
      if (grader.details !== null) {
        parts.push(`details: ${mdCodeSpan(oneLine(renderValue(grader.details), limits.max_inline_length))}`);
      }
      return parts.join(' — ');
    })
    .join('\n');
}

function errorsBlock(errors: readonly string[], limits: MarkdownTextLimits): string[] {
  if (errors.length === 0) return [];
  return ['**Errors**', errors.map((e) => `- ${mdInline(truncateText(e, limits.max_inline_length))}`).join('\n')];
}

/**
 * JUnit XML: one `<testsuite>` for the run, one `<testcase>` per test case (classname = agent name,
 * time in seconds); a failing case has a `<failure>` naming each failing turn with its reasons, and every
 * case has a `<system-out>` summarising its turns.
 */
import type { RunReport, TestResult } from '../core/results.js';
import { turnLabel } from '../core/turn-label.js';
import { renderValue } from '../matchers/index.js';
import { caseFailures, describeCaseFailure, metricState } from './failure-reasons.js';
import { formatDuration, formatScore, formatSeconds } from './format-numbers.js';
import { renderToolCall } from './render-tool-call.js';
import { oneLine, oneLineNoted } from './safe-text.js';
import { retriesNote, type TurnView, turnViews } from './turn-views.js';
import { xmlAttr, xmlText } from './xml-escape.js';

const TEXT_WIDTH = 500;

export function renderJunitReport(report: RunReport): string {
  const cases = report.results.map((result) => junitTestCase(result, report.agent_name));
  return [junitHead(report), ...cases, JUNIT_TAIL].join('\n');
}

/** The XML declaration, the suite elements (their counts come from the summary) and the properties. */
export function junitHead(report: Omit<RunReport, 'results'>): string {
  const s = report.summary;
  const counts = `tests="${s.total_tests}" failures="${s.failed}" errors="0" skipped="0" time="${formatSeconds(s.duration_ms)}"`;
  const timestamp = `timestamp="${xmlAttr(report.timestamp)}"`;
  const properties: [string, string | number][] = [
    ['holodeck_version', report.holodeck_version],
    ['agent_config_path', report.agent_config_path],
    ['total_turns', s.total_turns],
    ['passed_turns', s.passed_turns],
    ['failed_turns', s.failed_turns],
    ['skipped_turns', s.skipped_turns],
    ['total_tokens', s.token_usage.total_tokens],
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="holodeck" ${counts} ${timestamp}>`,
    `  <testsuite name="${xmlAttr(report.agent_name)}" ${counts} ${timestamp}>`,
    '    <properties>',
    ...properties.map(([name, value]) => `      <property name="${name}" value="${xmlAttr(String(value))}"/>`),
    '    </properties>',
  ].join('\n');
}

/** Closes the elements junitHead opened. */
export const JUNIT_TAIL = ['  </testsuite>', '</testsuites>', ''].join('\n');

/** One `<testcase>` element. */
export function junitTestCase(result: TestResult, agentName: string): string {
  const open = `    <testcase name="${xmlAttr(result.test_name)}" classname="${xmlAttr(agentName)}" time="${formatSeconds(result.execution_time_ms)}">`;
  const lines = [open];
  const failures = caseFailures(result);
  if (failures.length > 0) {
    const message = failures.map((f) => oneLine(describeCaseFailure(f), TEXT_WIDTH)).join(' | ');
    const body = failures.flatMap((f) => {
      const where = f.turn_index === null ? '' : `${turnLabel(f.turn_index, f.turn_count)}: `;
      return f.reasons.map((reason, i) => `${i === 0 ? where : ' '.repeat(where.length)}${reason}`);
    });
    const type = failures.some((f) => f.turn_index !== null) ? 'TurnFailure' : 'TestCaseFailure';
    lines.push(`      <failure message="${xmlAttr(message)}" type="${type}">${xmlText(body.join('\n'))}</failure>`);
  }
  const out = turnViews(result).flatMap((view) => turnSummary(view, result.turns !== undefined));
  lines.push(`      <system-out>${xmlText(out.join('\n'))}</system-out>`, '    </testcase>');
  return lines.join('\n');
}

function turnSummary(view: TurnView, multi: boolean): string[] {
  const label = multi ? `${turnLabel(view.turn_index, view.turn_count)} ` : '';
  if (view.skip_reason !== null) return [`${label}skipped: ${view.skip_reason}`];
  const lines = [`${label}${view.state} (${formatDuration(view.execution_time_ms)}${retriesNote(view, ', ')})`];
  lines.push(`  input: ${oneLineNoted(view.input, TEXT_WIDTH)}`);
  lines.push(`  response: ${oneLineNoted(view.response, TEXT_WIDTH)}`);
  for (const call of view.tool_invocations) lines.push(`  tool: ${oneLineNoted(renderToolCall(call), TEXT_WIDTH)}`);
  for (const a of view.assertions) lines.push(`  ${a.passed ? '✓' : '✗'} ${oneLine(a.text, TEXT_WIDTH)}`);
  for (const metric of view.metric_results) {
    const state = metricState(metric);
    const detail = state === 'error' ? `: ${metric.error ?? ''}` : metric.reasoning ? ` — ${metric.reasoning}` : '';
    lines.push(`  metric ${metric.metric_name} ${formatScore(metric.score)} ${state}${oneLine(detail, TEXT_WIDTH)}`);
  }
  for (const grader of view.grader_details) {
    if (grader.details !== null) {
      lines.push(`  grader ${grader.grader} details: ${oneLine(renderValue(grader.details), TEXT_WIDTH)}`);
    }
  }
  for (const error of view.errors) lines.push(`  error: ${oneLine(error, TEXT_WIDTH)}`);
  return lines;
}

/**
 * JUnit XML as CI servers read it (valid against the junit-10.xsd of Jenkins' xunit plugin, see
 * test/support/): one `<testsuite>` for the run, one `<testcase>` per test case (classname = agent name, and in
 * a model matrix the model after it, `capitals (openai:gpt-4o-mini)`, as the suite is named; time in seconds). A case that did not pass holds one `<failure>`, `<error>` or `<skipped>` (junit-outcome.ts says
 * which) naming each failing turn with its reasons; every case has a `<system-out>` summarising its turns.
 * Data the schema has no attribute for goes into the suite's `<properties>` or the case's `<system-out>`.
 * Each of those texts is bounded (junit-text-cap.ts), so that libxml2-based readers accept the file.
 */

import {
  type CaseFailure,
  caseFailures,
  caseTurnCounts,
  describeCaseFailure,
  metricState,
} from '../core/failure-reasons.js';
import type { RunReport, TestResult } from '../core/results.js';
import { turnLabel } from '../core/turn-label.js';
import { renderValue } from '../matchers/index.js';
import { formatDuration, formatMetricScore, formatSeconds } from './format-numbers.js';
import { type JunitCounts, junitCounts, junitOutcome } from './junit-outcome.js';
import { junitRepeatElements, repeatNote } from './junit-repeats.js';
import { capJunitText } from './junit-text-cap.js';
import { renderToolCall } from './render-tool-call.js';
import { oneLine, oneLineNoted, truncateText } from './safe-text.js';
import { retriesNote, type TurnView, turnViews } from './turn-views.js';
import { xmlAttr, xmlText } from './xml-escape.js';

const TEXT_WIDTH = 500;
/** A reason in a failure body is cut beyond this, so no text node nears the 10 MB XML parsers refuse. */
const REASON_WIDTH = 20_000;

export function renderJunitReport(report: RunReport): string {
  const outcomes = report.results.map(junitOutcome);
  const classname = junitClassname(report.agent_name, report.model);
  const cases = report.results.map((result) => junitTestCase(result, classname));
  const interruption = junitInterruption(report);
  if (interruption !== null) {
    outcomes.push('error');
    cases.push(interruption.trimEnd());
  }
  return [junitHead(report, junitCounts(outcomes)), ...cases, JUNIT_TAIL].join('\n');
}

/** The XML declaration, the suite elements with the counts of the cases written, and the properties. */
export function junitHead(report: Omit<RunReport, 'results'>, counts: JunitCounts): string {
  const s = report.summary;
  const time = `time="${formatSeconds(s.duration_ms)}"`;
  const tally = `tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}"`;
  const properties: [string, string | number][] = [
    ...(report.model === undefined ? [] : ([['model', report.model]] as [string, string][])),
    ['holodeck_version', report.holodeck_version],
    ['agent_config_path', report.agent_config_path],
    ['total_turns', s.total_turns],
    ['passed_turns', s.passed_turns],
    ['failed_turns', s.failed_turns],
    // failed_turns counts the errored ones too (as the JSON does): the split is given here.
    ['errored_turns', s.errored_turns],
    ['skipped_turns', s.skipped_turns],
    ['total_tokens', s.token_usage.total_tokens],
    ...(report.interrupted === undefined
      ? []
      : ([
          ['interrupted', 'true'],
          ['not_run', report.interrupted.not_run],
          ...(report.interrupted.reason === undefined ? [] : [['interrupted_by', report.interrupted.reason]]),
        ] as [string, number | string][])),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    // The schema allows no skipped count nor timestamp on <testsuites>; <testsuite> carries both.
    `<testsuites name="holodeck" ${tally} ${time}>`,
    `  <testsuite name="${xmlAttr(junitClassname(report.agent_name, report.model))}" ${tally} skipped="${counts.skipped}" ${time} timestamp="${xmlAttr(report.timestamp)}">`,
    '    <properties>',
    ...properties.map(([name, value]) => `      <property name="${name}" value="${xmlAttr(String(value))}"/>`),
    '    </properties>',
  ].join('\n');
}

/**
 * The classname of the run's cases, and the suite's name: the agent, and in a model matrix its model after it.
 * CI servers key a test by classname and name: the models' cases of one matrix stay apart.
 */
export function junitClassname(agentName: string, model: string | undefined): string {
  return model === undefined ? agentName : `${agentName} (${model})`;
}

/**
 * An interrupted run's report ends with one errored test case saying how many did not run, so that a CI
 * reading the file cannot show the run as green; null for a run that completed.
 */
export function junitInterruption(report: Omit<RunReport, 'results'>): string | null {
  const stopped = report.interrupted;
  if (stopped === undefined) return null;
  const crashed = stopped.reason === 'crash';
  const cause = crashed
    ? `the run crashed${stopped.error === undefined ? '' : ` (${stopped.error})`}`
    : 'the run was interrupted';
  const message = `${cause}: ${stopped.not_run} of ${stopped.selected_tests} test cases did not run (holodeck test --resume runs them)`;
  const name = xmlAttr(junitClassname(report.agent_name, report.model));
  return [
    `    <testcase name="(run interrupted)" classname="${name}" time="0">`,
    `      <error message="${xmlAttr(message)}" type="${crashed ? 'crash' : 'interrupted'}"/>`,
    '    </testcase>',
    '',
  ].join('\n');
}

/** Closes the elements junitHead opened. */
export const JUNIT_TAIL = ['  </testsuite>', '</testsuites>', ''].join('\n');

/** One `<testcase>` element; its first line is its opening tag (junit-reporter.ts relies on it). */
export function junitTestCase(result: TestResult, classname: string): string {
  const open = `    <testcase name="${xmlAttr(result.test_name)}" classname="${xmlAttr(classname)}" time="${formatSeconds(result.execution_time_ms)}">`;
  const lines = [open];
  const outcome = junitOutcome(result);
  const failures = caseFailures(result);
  if (outcome !== 'passed' && failures.length > 0) {
    const note = repeatNote(result);
    const reasons = failures.map((f) => oneLine(describeCaseFailure(f), TEXT_WIDTH)).join(' | ');
    const message = xmlAttr(capJunitText(note === null ? reasons : `${note}: ${reasons}`));
    if (outcome === 'skipped') lines.push(`      <skipped message="${message}"/>`);
    else {
      const element = outcome === 'error' ? 'error' : 'failure';
      const scope = failures[0]?.turn_index === null ? 'TestCase' : 'Turn';
      const type = `${scope}${outcome === 'error' ? 'Error' : 'Failure'}`;
      lines.push(
        `      <${element} message="${message}" type="${type}">${xmlText(failureBody(failures))}</${element}>`,
      );
    }
  }
  lines.push(...junitRepeatElements(result, failureBody));
  const note = repeatNote(result);
  const header = [...(note === null ? [] : [note]), ...(result.turns === undefined ? [] : [turnCountsLine(result)])];
  const out = [...header, ...turnViews(result).flatMap((view) => turnSummary(view, result.turns !== undefined))];
  lines.push(`      <system-out>${xmlText(capJunitText(out.join('\n')))}</system-out>`, '    </testcase>');
  return lines.join('\n');
}

/** Each failing turn and its reasons, one reason a line, indented under the turn's label. */
function failureBody(failures: readonly CaseFailure[]): string {
  const body = failures.flatMap((f) => {
    const where = f.turn_index === null ? '' : `${turnLabel(f.turn_index, f.turn_count)}: `;
    return f.reasons.map(
      (reason, i) => `${i === 0 ? where : ' '.repeat(where.length)}${truncateText(reason, REASON_WIDTH)}`,
    );
  });
  return capJunitText(body.join('\n'));
}

/** `turns: 3 (1 passed, 1 failed, 1 error, 1 skipped)`: the case's turn counts, which JUnit has no attribute for. */
function turnCountsLine(result: TestResult): string {
  const c = caseTurnCounts(result);
  const errors = c.errored > 0 ? `, ${c.errored} ${c.errored === 1 ? 'error' : 'errors'}` : '';
  return `turns: ${c.total} (${c.passed} passed, ${c.failed - c.errored} failed${errors}, ${c.skipped} skipped)`;
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
    lines.push(`  metric ${metric.metric_name} ${formatMetricScore(metric)} ${state}${oneLine(detail, TEXT_WIDTH)}`);
  }
  for (const grader of view.grader_details) {
    if (grader.details !== null) {
      lines.push(`  grader ${grader.grader} details: ${oneLine(renderValue(grader.details), TEXT_WIDTH)}`);
    }
  }
  for (const error of view.errors) lines.push(`  error: ${oneLine(error, TEXT_WIDTH)}`);
  return lines;
}

// @ts-check
/** The top of the run view: title and metadata, summary figures, and per-metric results. */
import { h } from './dom.js';
import {
  formatDateTime,
  formatDuration,
  formatInt,
  formatPercent,
  formatScore,
  formatTokens,
  modelLabel,
  shortCommit,
} from './format.js';
import { costFigures, usageUnknown } from './format-cost.js';
import { runHref } from './router.js';
import { badge, card, keyValues, rateTone, stat } from './widgets.js';

/**
 * @import { CostFields } from '../../core/results.js'
 * @import { RunDetail, RunSummary } from '../dashboard-types.js'
 * @import { Child } from './dom.js'
 */

/**
 * @param {RunDetail} detail
 * @param {Child} actions
 */
export function runHeader(detail, actions) {
  const { run, metadata } = detail;
  return h(
    'div',
    { className: 'page-head' },
    h(
      'div',
      { className: 'page-title' },
      h('h1', {}, run.agent_name, h('span', { className: 'title-sub' }, formatDateTime(run.started_at))),
      badge(run.state),
      h('span', { className: 'spacer' }),
      actions,
    ),
    keyValues([
      ['Run', h('span', { className: 'mono' }, run.id)],
      ['Model', modelLabel(run.model)],
      ['Backend', run.backend],
      [
        'Commit',
        run.git_commit ? h('span', { className: 'mono', title: run.git_commit }, shortCommit(run.git_commit)) : null,
      ],
      ['HoloDeck', run.holodeck_version],
      ['Node', metadata.node_version],
      [
        'Config',
        run.group.config_label
          ? h('span', { className: 'mono run-config', title: run.group.config_path }, run.group.config_label)
          : null,
      ],
      ['Selection', h('span', { className: 'run-selection' }, run.group.selection_label)],
      [
        'Arguments',
        metadata.cli_args.length > 0 ? h('span', { className: 'mono' }, metadata.cli_args.join(' ')) : null,
      ],
    ]),
  );
}

/**
 * What the run's state does not say: what is uncertain or wrong about it (a stale lock, an empty log, a record
 * that says completed without all its cases), and a record that is a copy of another run.
 * @param {RunSummary} run
 */
export function runNotices(run) {
  const note =
    run.state !== 'unreadable' && run.error
      ? h('div', { className: 'notice notice-warn run-notice' }, run.error)
      : null;
  const copy = run.copy_of
    ? h(
        'div',
        { className: 'notice run-copy-notice' },
        'This record is a copy of run ',
        h('a', { href: runHref(run.copy_of), className: 'mono' }, run.copy_of),
        ` (the same run id, ${run.record_run_id ?? ''}, in another file); it is left out of the trends.`,
      )
    : null;
  return note || copy ? h('div', { className: 'run-notices' }, note, copy) : null;
}

/** @param {RunSummary} run */
export function summaryFigures(run) {
  const s = run.summary;
  const tokens = s.token_usage;
  return h(
    'div',
    { className: 'stats' },
    stat(
      'Pass rate',
      formatPercent(s.pass_rate),
      // An interrupted run says how much of what it selected never ran: its rate is of the finished cases only.
      run.interrupted
        ? `${formatInt(s.total_tests)} of ${formatInt(run.interrupted.selected_tests)} test cases · ${formatInt(run.interrupted.not_run)} ${run.state === 'running' ? 'still to run' : 'did not run'}`
        : `${formatInt(s.total_tests)} test cases`,
      rateTone(s.pass_rate, s.total_tests, run.state !== 'completed'),
    ),
    stat(
      'Cases',
      `${formatInt(s.passed)} passed`,
      `${formatInt(s.failed)} failed${s.errored > 0 ? ` (${formatInt(s.errored)} ${s.errored === 1 ? 'error' : 'errors'})` : ''}`,
      s.failed > 0 ? 'bad' : 'good',
    ),
    stat(
      'Turns',
      `${formatInt(s.passed_turns)}/${formatInt(s.total_turns)} passed`,
      `${formatInt(s.failed_turns)} failed${s.errored_turns > 0 ? ` (${formatInt(s.errored_turns)} ${s.errored_turns === 1 ? 'error' : 'errors'})` : ''} · ${formatInt(s.skipped_turns)} skipped`,
      s.failed_turns > 0 ? 'bad' : null,
    ),
    stat(
      'Duration',
      formatDuration(s.duration_ms),
      run.finished_at ? `finished ${formatDateTime(run.finished_at)}` : null,
    ),
    stat(
      'Tokens',
      // A call whose usage is unknown (none reported, a request abandoned) is left out: a lower bound.
      `${usageUnknown(s.cost) ? '≥ ' : ''}${formatTokens(tokens.total_tokens)}`,
      `${formatTokens(tokens.prompt_tokens)} prompt · ${formatTokens(tokens.completion_tokens)} completion`,
    ),
    costStat(s),
    repeatsStat(s),
    toolErrorsStat(s),
  );
}

/**
 * `--repeat N`: how often each case ran, and how many were flaky (some repeats passed, some did not).
 * @param {RunSummary['summary']} s
 */
function repeatsStat(s) {
  if (s.repeats === undefined) return null;
  const flaky = s.flaky_tests ?? 0;
  return stat('Repeats', `${formatInt(s.repeats)} per case`, `${formatInt(flaky)} flaky`, flaky > 0 ? 'warn' : null);
}

/**
 * Tool calls that returned an error, over every turn and repeat: counted whether or not their cases passed.
 * @param {RunSummary['summary']} s
 */
function toolErrorsStat(s) {
  if (s.tool_errors === undefined || s.tool_errors === 0) return null;
  const calls = `${formatInt(s.tool_errors)} tool ${s.tool_errors === 1 ? 'call' : 'calls'}`;
  return stat('Tool errors', formatInt(s.tool_errors), `${calls} returned an error`, 'warn');
}

/** @param {CostFields} fields */
function costStat(fields) {
  const cost = costFigures(fields);
  return cost === null ? null : stat('Cost', cost.value, cost.detail, cost.known ? null : 'warn');
}

/** @param {RunSummary} run */
export function metricsTable(run) {
  if (run.metrics.length === 0) return null;
  return card(
    'Metrics',
    {},
    h(
      'table',
      { className: 'table compact metrics-table' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['Metric', 'Mean score', 'Passed', 'Failed', 'Errored'].map((title) => h('th', {}, title)),
        ),
      ),
      h(
        'tbody',
        {},
        run.metrics.map((metric) =>
          h(
            'tr',
            {},
            h('td', { className: 'mono' }, metric.metric_name),
            h('td', { className: 'num' }, formatScore(metric.mean_score)),
            h('td', { className: 'num good' }, formatInt(metric.passed)),
            h('td', { className: `num${metric.failed > 0 ? ' bad' : ''}` }, formatInt(metric.failed)),
            h('td', { className: `num${metric.errored > 0 ? ' bad' : ''}` }, formatInt(metric.errored)),
          ),
        ),
      ),
    ),
  );
}

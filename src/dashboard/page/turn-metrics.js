// @ts-check
/** Metric results and code-grader details of an exchange: score, threshold, reasoning, details, errors. */
import { h } from './dom.js';
import { section } from './exchange-section.js';
import { formatDuration, formatScore, formatScoreAgainst } from './format.js';
import { statusIcon, textBlock, valueBlock } from './widgets.js';

/**
 * @import { MetricResult } from '../../core/results.js'
 * @import { Exchange } from './view-turn.js'
 */

/** @param {MetricResult} metric */
function metricState(metric) {
  if (metric.skipped) return 'skipped';
  if (metric.error) return 'error';
  return metric.passed === true ? 'passed' : 'failed';
}

/** @param {MetricResult} metric */
function metricRow(metric) {
  const state = metricState(metric);
  return h(
    'tr',
    { className: `metric-row state-${state}` },
    h('td', {}, statusIcon(state)),
    h(
      'td',
      {},
      h('span', { className: 'mono' }, metric.metric_name),
      h('span', { className: 'muted kind' }, metric.kind),
    ),
    h('td', { className: 'num' }, formatScoreAgainst(metric.score, metric.threshold)),
    h(
      'td',
      { className: 'num muted' },
      metric.threshold === null ? '–' : formatScoreAgainst(metric.threshold, metric.score ?? null),
    ),
    h(
      'td',
      { className: 'metric-why' },
      metric.error ? textBlock(metric.error, 'error-text') : null,
      metric.reasoning ? textBlock(metric.reasoning, 'reasoning') : null,
      metric.details === null || metric.details === undefined ? null : valueBlock(metric.details, 'details'),
      !metric.error && !metric.reasoning && metric.details == null
        ? h('span', { className: 'muted' }, state === 'skipped' ? 'skipped' : '')
        : null,
    ),
    h('td', { className: 'num muted' }, formatDuration(metric.evaluation_time_ms)),
  );
}

/** @param {Exchange} exchange */
export function metricsSection(exchange) {
  if (exchange.metric_results.length === 0) return null;
  return section(
    'Metrics',
    h(
      'table',
      { className: 'table compact metric-table' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['', 'Metric', 'Score', 'Threshold', 'Reasoning / details', 'Time'].map((t) => h('th', {}, t)),
        ),
      ),
      h('tbody', {}, exchange.metric_results.map(metricRow)),
    ),
  );
}

/** @param {Exchange} exchange */
export function gradersSection(exchange) {
  const graders = exchange.grader_details ?? [];
  if (graders.length === 0) return null;
  return section(
    'Code graders',
    h(
      'table',
      { className: 'table compact grader-table' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['', 'Metric', 'Grader', 'Score', 'Reason / details'].map((t) => h('th', {}, t)),
        ),
      ),
      h(
        'tbody',
        {},
        graders.map((g) =>
          h(
            'tr',
            {},
            h('td', {}, statusIcon(g.error ? 'error' : g.passed ? 'passed' : 'failed')),
            h('td', { className: 'mono' }, g.metric_name),
            h('td', { className: 'mono muted' }, g.grader),
            h('td', { className: 'num' }, formatScore(g.score)),
            h(
              'td',
              { className: 'metric-why' },
              g.error ? textBlock(g.error, 'error-text') : null,
              g.reason ? textBlock(g.reason, 'reasoning') : null,
              g.details == null ? null : valueBlock(g.details, 'details'),
            ),
          ),
        ),
      ),
    ),
  );
}

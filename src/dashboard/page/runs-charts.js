// @ts-check
/**
 * The charts of the runs view: pass rate over time and one trend per metric, a line per history (config file
 * and selection of test cases).
 */
import { lineChart } from './chart.js';
import { h } from './dom.js';
import { formatDateTime, formatPercent, formatScore, localTime, zoneLabel } from './format.js';
import { runHref } from './router.js';
import { empty } from './widgets.js';

/** @import { TrendPoint, Trends } from '../dashboard-types.js' */

/**
 * One line per history: runs of other histories are gaps the line steps over.
 * @param {readonly TrendPoint[]} points
 * @param {(point: TrendPoint) => number | null} valueFor
 * @param {(point: TrendPoint) => string} titleOf
 */
function seriesByGroup(points, valueFor, titleOf) {
  /** @type {Map<string, string>} */
  const groups = new Map();
  for (const point of points) if (!groups.has(point.group)) groups.set(point.group, point.group_label);
  return [...groups.entries()].map(([group, label], position) => ({
    label,
    group,
    className: `series-${position % 6}`,
    values: points.map((point) => (point.group === group ? valueFor(point) : null)),
    titles: points.map(titleOf),
    hrefs: points.map((point) => runHref(point.id)),
    // A run that did not finish is drawn hollow: its rate is of the cases that finished only.
    partial: points.map((point) => point.state !== 'completed'),
  }));
}

/**
 * The time axis's labels, month-day and minute (`12-06 10:43`), with seconds when two runs started in the same
 * minute, so no two labels read the same for different runs. The zone is named once, below the chart.
 * @param {readonly (string | null | undefined)[]} starts
 * @returns {string[]}
 */
function timeAxisLabels(starts) {
  const minutes = starts.map((start) => (localTime(start) ?? start ?? '').slice(5));
  if (new Set(minutes).size === minutes.length) return minutes;
  return starts.map((start) => (localTime(start, true) ?? start ?? '').slice(5));
}

/**
 * The zone the axis's times are in (the browser's; two when a daylight saving change falls between the runs).
 * @param {readonly (string | null | undefined)[]} starts
 */
function axisZone(starts) {
  const zones = new Set();
  for (const start of starts) {
    const date = new Date(start ?? '');
    if (!Number.isNaN(date.getTime())) zones.add(zoneLabel(date));
  }
  if (zones.size === 0) return null;
  return h('div', { className: 'muted chart-zone' }, `Times in ${[...zones].join(' and ')}`);
}

/** @param {Trends} trends */
export function passRateChart(trends) {
  const { points } = trends;
  if (points.length === 0) return empty('No runs to chart.');
  const series = seriesByGroup(
    points,
    (point) => point.pass_rate,
    (point) =>
      `${point.group_label} · ${formatDateTime(point.started_at)}\n${formatPercent(point.pass_rate)} (${point.passed}/${point.total_tests} cases${point.selected_tests === null ? '' : ` of ${point.selected_tests}`})${point.state === 'completed' ? '' : ` · ${point.state}, of the finished cases only`} · ${point.model ?? ''}`,
  );
  const labels = timeAxisLabels(points.map((point) => point.started_at));
  const chart = lineChart({
    series,
    count: points.length,
    xLabel: (index) => labels[index] ?? '',
    yTicks: [0, 0.25, 0.5, 0.75, 1],
    yFormat: formatPercent,
    label: 'Pass rate of each run over time',
  });
  const legend =
    series.length > 1
      ? h(
          'div',
          { className: 'legend' },
          series.map((line) =>
            h('span', { className: `legend-item ${line.className}`, dataset: { group: line.group } }, line.label),
          ),
        )
      : null;
  return h('div', { className: 'chart-wrap' }, chart, axisZone(points.map((point) => point.started_at)), legend);
}

/**
 * @param {Trends} trends
 * @param {string} name
 */
function metricTrend(trends, name) {
  const values = trends.points.map((point) => point.metrics[name] ?? null);
  const known = values.filter(/** @returns {value is number} */ (value) => value !== null);
  const scored = trends.points.filter((point) => typeof point.metrics[name] === 'number');
  const last = scored.at(-1);
  const before = scored.filter((point) => point.group === last?.group).at(-2);
  // The scored points have a number for this metric.
  const latest = /** @type {number | undefined} */ (last?.metrics[name]);
  const previous = /** @type {number | undefined} */ (before?.metrics[name]);
  const yMax = Math.max(1, ...known);
  const delta = latest !== undefined && previous !== undefined ? latest - previous : null;
  const chart = lineChart({
    series: seriesByGroup(
      trends.points,
      (point) => point.metrics[name] ?? null,
      (point) =>
        `${point.group_label} · ${formatDateTime(point.started_at)}\n${name}: ${formatScore(point.metrics[name])}`,
    ),
    count: values.length,
    xLabel: () => '',
    yMax,
    yTicks: [0, yMax],
    yFormat: formatScore,
    width: 320,
    height: 96,
    label: `Mean ${name} score of each run`,
    dots: values.length <= 60,
  });
  return h(
    'div',
    { className: 'metric-trend' },
    h(
      'div',
      { className: 'metric-trend-head' },
      h('span', { className: 'metric-name' }, name),
      h('span', { className: 'metric-latest', title: 'latest run' }, formatScore(latest)),
      delta === null || delta === 0
        ? null
        : h(
            'span',
            {
              className: `delta ${delta > 0 ? 'delta-up' : 'delta-down'}`,
              title: 'change from the previous run of the same config and selection',
            },
            `${delta > 0 ? '▲' : '▼'} ${formatScore(Math.abs(delta))}`,
          ),
    ),
    chart,
  );
}

/** @param {Trends} trends */
export function metricTrends(trends) {
  if (trends.metric_names.length === 0) return empty('No metrics in these runs.');
  return h(
    'div',
    { className: 'metric-grid' },
    trends.metric_names.map((name) => metricTrend(trends, name)),
  );
}

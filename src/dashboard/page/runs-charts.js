/** The charts of the runs view: pass rate over time and one trend per metric, a line per agent. */
import { lineChart } from './chart.js';
import { h } from './dom.js';
import { formatDate, formatDateTime, formatPercent, formatScore } from './format.js';
import { runHref } from './router.js';
import { empty } from './widgets.js';

/** One line per agent: runs of other agents are gaps the line steps over. */
function seriesByAgent(points, valueFor, titleOf) {
  const agents = [...new Set(points.map((point) => point.agent_slug))];
  return agents.map((agent, position) => ({
    label: agent,
    className: `series-${position % 6}`,
    values: points.map((point) => (point.agent_slug === agent ? valueFor(point) : null)),
    titles: points.map(titleOf),
    hrefs: points.map((point) => runHref(point.id)),
  }));
}

export function passRateChart(trends) {
  const { points } = trends;
  if (points.length === 0) return empty('No runs to chart.');
  const series = seriesByAgent(
    points,
    (point) => point.pass_rate,
    (point) =>
      `${point.agent_slug} · ${formatDateTime(point.started_at)}\n${formatPercent(point.pass_rate)} (${point.passed}/${point.total_tests} cases) · ${point.model ?? ''}`,
  );
  const chart = lineChart({
    series,
    count: points.length,
    xLabel: (index) => formatDate(points[index]?.started_at).slice(5),
    yTicks: [0, 0.25, 0.5, 0.75, 1],
    yFormat: formatPercent,
    label: 'Pass rate of each run over time',
  });
  const legend =
    series.length > 1
      ? h(
          'div',
          { className: 'legend' },
          series.map((line) => h('span', { className: `legend-item ${line.className}` }, line.label)),
        )
      : null;
  return h('div', { className: 'chart-wrap' }, chart, legend);
}

function metricTrend(trends, name) {
  const values = trends.points.map((point) => point.metrics[name] ?? null);
  const known = values.filter((value) => value !== null);
  const scored = trends.points.filter((point) => typeof point.metrics[name] === 'number');
  const last = scored.at(-1);
  const before = scored.filter((point) => point.agent_slug === last?.agent_slug).at(-2);
  const latest = last?.metrics[name];
  const previous = before?.metrics[name];
  const yMax = Math.max(1, ...known);
  const delta = latest !== undefined && previous !== undefined ? latest - previous : null;
  const chart = lineChart({
    series: seriesByAgent(
      trends.points,
      (point) => point.metrics[name] ?? null,
      (point) =>
        `${point.agent_slug} · ${formatDateTime(point.started_at)}\n${name}: ${formatScore(point.metrics[name])}`,
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
              title: 'change from the previous run of this agent',
            },
            `${delta > 0 ? '▲' : '▼'} ${formatScore(Math.abs(delta))}`,
          ),
    ),
    chart,
  );
}

export function metricTrends(trends) {
  if (trends.metric_names.length === 0) return empty('No metrics in these runs.');
  return h(
    'div',
    { className: 'metric-grid' },
    trends.metric_names.map((name) => metricTrend(trends, name)),
  );
}

// @ts-check
/** Inline SVG line charts of runs over time, built with DOM calls. */
import { safeHref, svg } from './dom.js';

const PAD = { left: 44, right: 14, top: 12, bottom: 26 };

/**
 * One line: a value per run (null or undefined: a run of another series), with its tooltip and link.
 * @typedef {{
 *   label?: string,
 *   group: string,
 *   className?: string,
 *   values: ReadonlyArray<number | null | undefined>,
 *   titles: readonly string[],
 *   hrefs?: ReadonlyArray<string | null>,
 *   partial?: ReadonlyArray<boolean>,
 * }} Series
 */

/** @typedef {{ x: number, y: number, index: number }} Point */

/** @typedef {{ yMin: number, yMax: number, yTicks: readonly number[], yFormat: (value: number) => string }} YAxis */

/**
 * @param {number} index
 * @param {number} count
 * @param {number} width
 */
function xPosition(index, count, width) {
  const plot = width - PAD.left - PAD.right;
  return count <= 1 ? PAD.left + plot / 2 : PAD.left + (index * plot) / (count - 1);
}

/**
 * @param {number} value
 * @param {number} height
 * @param {number} yMin
 * @param {number} yMax
 */
function yPosition(value, height, yMin, yMax) {
  const plot = height - PAD.top - PAD.bottom;
  const span = yMax - yMin || 1;
  return PAD.top + plot - ((value - yMin) / span) * plot;
}

/**
 * Path through the known points; a missing value (a run of another series) is stepped over.
 * @param {ReadonlyArray<Point | null>} points
 */
function linePath(points) {
  return points
    .filter(/** @returns {point is Point} */ (point) => point !== null)
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x.toFixed(1)},${point.y.toFixed(1)}`)
    .join('');
}

/**
 * @param {number} width
 * @param {number} height
 * @param {YAxis} options
 */
function grid(width, height, options) {
  return options.yTicks.map((tick) => {
    const y = yPosition(tick, height, options.yMin, options.yMax);
    return svg(
      'g',
      { class: 'grid' },
      svg('line', { x1: PAD.left, x2: width - PAD.right, y1: y, y2: y }),
      svg('text', { x: PAD.left - 6, y: y + 4, 'text-anchor': 'end' }, options.yFormat(tick)),
    );
  });
}

/**
 * @param {number} count
 * @param {number} width
 * @param {number} height
 * @param {(index: number) => string} xLabel
 */
function xAxis(count, width, height, xLabel) {
  if (count === 0) return [];
  const step = Math.max(1, Math.ceil(count / 6));
  const labels = [];
  for (let index = 0; index < count; index += step) {
    labels.push(
      svg(
        'text',
        { x: xPosition(index, count, width), y: height - 8, 'text-anchor': 'middle', class: 'axis' },
        xLabel(index),
      ),
    );
  }
  return labels;
}

/**
 * series: [{ label, group, className, values: [number|null], titles: [string], hrefs: [string|null] }], all the
 * same length (one entry per run, oldest first).
 * @param {{
 *   series: readonly Series[],
 *   count: number,
 *   xLabel: (index: number) => string,
 *   yMin?: number,
 *   yMax?: number,
 *   yTicks?: readonly number[],
 *   yFormat?: (value: number) => string,
 *   width?: number,
 *   height?: number,
 *   label?: string,
 *   dots?: boolean,
 * }} chart
 */
export function lineChart({
  series,
  count,
  xLabel,
  yMin = 0,
  yMax = 1,
  yTicks,
  yFormat,
  width = 860,
  height = 180,
  label,
  dots,
}) {
  /** @type {YAxis} */
  const options = { yMin, yMax, yTicks: yTicks ?? [yMin, (yMin + yMax) / 2, yMax], yFormat: yFormat ?? String };
  const radius = count > 120 ? 2 : count > 40 ? 3 : 4;
  const showDots = dots ?? true;
  const layers = series.map((line) => {
    const points = line.values.map((value, index) =>
      value === null || value === undefined
        ? null
        : { x: xPosition(index, count, width), y: yPosition(value, height, yMin, yMax), index },
    );
    const marks = points
      .filter(/** @returns {point is Point} */ (point) => showDots && point !== null)
      .map((point) => {
        const dot = svg(
          'circle',
          { cx: point.x, cy: point.y, r: radius, class: line.partial?.[point.index] ? 'dot dot-partial' : 'dot' },
          svg('title', {}, line.titles[point.index] ?? ''),
        );
        const href = line.hrefs?.[point.index];
        return href ? svg('a', { href: safeHref(href), class: 'dot-link' }, dot) : dot;
      });
    return svg(
      'g',
      { class: `series ${line.className ?? ''}`, 'data-group': line.group },
      svg('path', { d: linePath(points), class: 'line' }),
      marks,
    );
  });
  return svg(
    'svg',
    { viewBox: `0 0 ${width} ${height}`, class: 'chart', role: 'img', 'aria-label': label ?? 'chart' },
    grid(width, height, options),
    xAxis(count, width, height, xLabel),
    layers,
  );
}

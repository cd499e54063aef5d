// @ts-check
/**
 * #/compare/<a>/<b> — what changed from run A (baseline) to run B: cases and turns, metrics, configuration.
 * #/comparison/<id> — the same for two runs of a model matrix, with the models to pick from.
 */
import { getComparison, getMatrixComparison } from './api.js';
import { checksChip, comparisonNotices, unfinishedNotice } from './compare-notices.js';
import { h, mount } from './dom.js';
import {
  formatDateTime,
  formatDelta,
  formatDuration,
  formatInt,
  formatPercent,
  formatScore,
  formatTokens,
  modelLabel,
  shortCommit,
  turnLabel,
} from './format.js';
import { matrixPicker } from './matrix-picker.js';
import { caseHref, replaceParams, runHref } from './router.js';
import { virtualList } from './virtual-list.js';
import { badge, card, empty, errorBox, loading, stat, statusIcon } from './widgets.js';

/**
 * @import { MetricSummary, RunSummary } from '../dashboard-types.js'
 * @import { CaseChange, CaseChangeKind, MetricDelta, RunComparison, TurnChange, TurnTrend } from '../compare-runs.js'
 * @import { ConfigDiff } from '../diff-config.js'
 * @import { CompareRoute, RouteParams, ViewHandle } from './router.js'
 */

/** @type {readonly CaseChangeKind[]} */
const KINDS = ['regressed', 'still_failing', 'added', 'fixed', 'removed'];
/** @type {readonly TurnTrend[]} */
const TRENDS = ['worse', 'mixed', 'better', 'unchanged'];
/** How the turns of a case still failing moved, as `holodeck compare` lists it. */
const TREND_TITLE = {
  worse: 'still failing in both runs, with turns newly failing and none newly passing',
  mixed: 'still failing in both runs, with turns newly failing and others newly passing',
  better: 'still failing in both runs, with turns newly passing and none newly failing',
  unchanged: 'still failing in both runs, no turn newly failing or newly passing',
};
const ROW_HEIGHT = 40;

/**
 * @param {string} kind
 * @returns {kind is CaseChangeKind}
 */
function isKind(kind) {
  return /** @type {readonly string[]} */ (KINDS).includes(kind);
}

/**
 * @param {string} label
 * @param {RunSummary} run
 */
function runCard(label, run) {
  return h(
    'a',
    { className: 'compare-run', href: runHref(run.id) },
    h('span', { className: 'compare-label' }, label),
    h('span', { className: 'compare-date' }, formatDateTime(run.started_at)),
    h('span', { className: 'muted mono' }, `${modelLabel(run.model)} · ${shortCommit(run.git_commit)}`),
    h(
      'span',
      { className: 'muted compare-group', title: run.group.config_path },
      `${run.group.config_label || '(config not recorded)'} · ${run.group.selection_label}`,
    ),
    h(
      'span',
      { className: `compare-rate${run.state === 'completed' ? '' : ' tone-warn'}` },
      formatPercent(run.summary.pass_rate),
      ` (${run.summary.passed}/${run.summary.total_tests}${run.interrupted ? ` of ${run.interrupted.selected_tests}` : ''})`,
      run.state === 'completed' ? null : ` · ${run.state}`,
    ),
  );
}

/**
 * @param {string} label
 * @param {number} a
 * @param {number} b
 * @param {(value: number) => string} format
 * @param {boolean} higherIsBetter
 * @param {(value: number) => string} [deltaFormat] how the change reads (a rate changes by points)
 */
function deltaStat(label, a, b, format, higherIsBetter, deltaFormat = format) {
  const delta = b - a;
  const tone = delta === 0 ? null : delta > 0 === higherIsBetter ? 'good' : 'bad';
  return stat(label, format(b), `${formatDelta(delta, deltaFormat)} from ${format(a)}`, tone);
}

/** A change of a rate, in percentage points as `holodeck compare` says it: `28.6 pts`. @param {number} value */
const points = (value) => `${(value * 100).toFixed(1)} pts`;

/** @param {RunComparison} comparison */
function deltas(comparison) {
  const a = comparison.a.summary;
  const b = comparison.b.summary;
  return h(
    'div',
    { className: 'stats' },
    deltaStat('Pass rate', a.pass_rate, b.pass_rate, formatPercent, true, points),
    deltaStat('Cases passed', a.passed, b.passed, formatInt, true),
    deltaStat('Turns passed', a.passed_turns, b.passed_turns, formatInt, true),
    deltaStat('Duration', a.duration_ms, b.duration_ms, formatDuration, false),
    deltaStat('Tokens', a.token_usage.total_tokens, b.token_usage.total_tokens, formatTokens, false),
  );
}

const SHOWN_TURNS = 3;

/**
 * @param {TurnChange} change
 * @param {number | null} turnCount
 */
function turnChip(change, turnCount) {
  const label = turnLabel(change.turn_index, turnCount);
  const arrow = `${change.a ?? '—'} → ${change.b ?? '—'}`;
  const worse = change.a === 'passed' && change.b !== 'passed';
  return h(
    'span',
    {
      className: `chip ${worse ? 'chip-bad' : change.b === 'passed' ? 'chip-good' : ''}`,
      title: `${label}: ${arrow}`,
      dataset: { turnIndex: change.turn_index },
    },
    `${label} `,
    statusIcon(change.a ?? 'skipped'),
    '→',
    statusIcon(change.b ?? 'skipped'),
  );
}

/**
 * A case still failing whose turns moved reads as `holodeck compare` says it: worse, mixed or better.
 * @param {CaseChange} change
 */
function kindBadge(change) {
  const trend = change.trend;
  if (trend === null) return badge(change.kind);
  const shown = badge(change.kind, trend === 'unchanged' ? null : trend);
  shown.title = TREND_TITLE[trend];
  shown.dataset['trend'] = trend;
  return shown;
}

/**
 * @param {RunComparison} comparison
 * @param {CaseChange} change
 */
function changeRow(comparison, change) {
  // A case is in B, or (removed) in A only.
  const target =
    change.b_index !== null
      ? caseHref(comparison.b.id, change.b_index)
      : caseHref(comparison.a.id, /** @type {number} */ (change.a_index));
  return h(
    'a',
    { className: `vrow change-row kind-${change.kind}`, href: target, dataset: { kind: change.kind } },
    h('span', { className: 'cell-kind' }, kindBadge(change)),
    h('span', { className: 'cell-name', title: change.test_name }, change.test_name),
    h(
      'span',
      { className: 'cell-status' },
      statusIcon(change.a_status ?? 'skipped', `A: ${change.a_status ?? 'absent'}`),
      '→',
      statusIcon(change.b_status ?? 'skipped', `B: ${change.b_status ?? 'absent'}`),
    ),
    h(
      'span',
      { className: 'cell-turns' },
      checksChip(change),
      change.turns.slice(0, SHOWN_TURNS).map((turn) => turnChip(turn, change.turn_count)),
      change.turns.length > SHOWN_TURNS
        ? h('span', { className: 'muted' }, `+${change.turns.length - SHOWN_TURNS}`)
        : null,
    ),
    h('span', { className: 'cell-failure', title: change.failure ?? '' }, change.failure ?? ''),
  );
}

/** @param {readonly MetricDelta[]} metrics */
function metricTable(metrics) {
  if (metrics.length === 0) return empty('No metrics in either run.');
  /** @param {MetricSummary | null} m */
  const counts = (m) => (m ? `${formatInt(m.passed)} / ${formatInt(m.failed)}` : '–');
  return h(
    'table',
    { className: 'table compact metric-delta-table' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['Metric', 'A mean', 'B mean', 'Δ', 'A passed / failed', 'B passed / failed'].map((t) => h('th', {}, t)),
      ),
    ),
    h(
      'tbody',
      {},
      metrics.map((m) =>
        h(
          'tr',
          {},
          h('td', { className: 'mono' }, m.metric_name),
          h('td', { className: 'num' }, formatScore(m.a?.mean_score)),
          h('td', { className: 'num' }, formatScore(m.b?.mean_score)),
          h(
            'td',
            { className: `num ${m.delta === null ? 'muted' : m.delta > 0 ? 'good' : m.delta < 0 ? 'bad' : 'muted'}` },
            formatDelta(m.delta),
          ),
          h('td', { className: 'num' }, counts(m.a)),
          h('td', { className: 'num' }, counts(m.b)),
        ),
      ),
    ),
  );
}

/** @param {ConfigDiff} config */
function configTable(config) {
  if (config.differences.length === 0) return empty('Same model, backend, commit, versions and configuration.');
  return h(
    'div',
    { className: 'table-scroll' },
    h(
      'table',
      { className: 'table compact config-table' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['Setting', 'A', 'B'].map((t) => h('th', {}, t)),
        ),
      ),
      h(
        'tbody',
        {},
        config.differences.map((d) =>
          h(
            'tr',
            {},
            h('td', { className: 'mono' }, d.path),
            h('td', { className: 'mono value-a' }, d.a ?? '(absent)'),
            h('td', { className: 'mono value-b' }, d.b ?? '(absent)'),
          ),
        ),
      ),
    ),
    config.truncated > 0
      ? h('div', { className: 'muted' }, `…and ${formatInt(config.truncated)} more differences`)
      : null,
  );
}

/**
 * The cases still failing by how their turns moved, as the last line of `holodeck compare`: ` (3 worse, 1 mixed,
 * 8 unchanged)`; nothing when none moved.
 * @param {RunComparison} comparison
 */
function byTrend(comparison) {
  const trends = comparison.trends;
  if (comparison.counts.still_failing === trends.unchanged) return '';
  const parts = TRENDS.filter((trend) => trends[trend] > 0).map((trend) => `${formatInt(trends[trend])} ${trend}`);
  return ` (${parts.join(', ')})`;
}

/**
 * Checkboxes that narrow the list to some kinds of change (none checked: all).
 * @param {RunComparison} comparison
 * @param {Set<CaseChangeKind>} shown
 * @param {() => void} apply
 * @param {RouteParams} keep
 */
function kindToggles(comparison, shown, apply, keep) {
  /** @param {CaseChangeKind} kind */
  const toggle = (kind) => {
    const box = h('input', {
      type: 'checkbox',
      on: {
        change: () => {
          if (box.checked) shown.add(kind);
          else shown.delete(kind);
          replaceParams({ ...keep, kinds: [...shown].join(',') });
          apply();
        },
      },
    });
    box.checked = shown.has(kind);
    const count = ` ${formatInt(comparison.counts[kind])}${kind === 'still_failing' ? byTrend(comparison) : ''}`;
    return h('label', { className: `check kind-${kind}` }, box, badge(kind), count);
  };
  return h(
    'div',
    { className: 'filters kind-filters' },
    KINDS.map(toggle),
    h('span', { className: 'muted' }, `${formatInt(comparison.counts.still_passing)} unchanged passing`),
  );
}

/**
 * @param {HTMLElement} root
 * @param {CompareRoute} route
 * @returns {ViewHandle}
 */
export function renderCompare(root, route) {
  mount(root, loading());
  const shown = new Set((route.params.get('kinds') ?? '').split(',').filter(isKind));
  const loaded =
    route.comparison !== undefined
      ? getMatrixComparison(route.comparison, route.params.get('a'), route.params.get('b'))
      : getComparison(route.a, route.b);
  loaded.then(
    (comparison) => {
      const list = virtualList({
        rowHeight: ROW_HEIGHT,
        /** @param {CaseChange} change */
        renderRow: (change) => changeRow(comparison, change),
        columns: ['Change', 'Test case', 'A → B', 'Turns', 'Why it fails now'],
        className: 'changes',
        emptyText: 'No test case changed status, and none fails.',
      });
      const apply = () => list.update(comparison.cases.filter((c) => shown.size === 0 || shown.has(c.kind)));
      const keep = comparison.matrix ? { a: comparison.matrix.a, b: comparison.matrix.b } : {};
      const toggles = kindToggles(comparison, shown, apply, keep);
      mount(
        root,
        h(
          'div',
          { className: 'page-head' },
          h('div', { className: 'page-title' }, h('h1', {}, comparison.matrix ? 'Compare models' : 'Compare runs')),
        ),
        comparison.matrix ? matrixPicker(comparison.matrix) : null,
        h(
          'div',
          { className: 'compare-runs' },
          runCard('A · baseline', comparison.a),
          h('span', { className: 'compare-arrow' }, '→'),
          runCard('B', comparison.b),
        ),
        unfinishedNotice(comparison),
        comparisonNotices(comparison),
        deltas(comparison),
        card('Test case changes (regressions first)', { actions: toggles, className: 'changes-card' }, list.element),
        card('Metric deltas', {}, metricTable(comparison.metrics)),
        card('Configuration differences', {}, configTable(comparison.config)),
      );
      apply();
    },
    (error) => mount(root, errorBox(error)),
  );
  return {};
}

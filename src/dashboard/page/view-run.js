// @ts-check
/** #/run/<id> — one run: summary figures, metrics, and its test cases (filterable, virtualised). */
import { getRun, isStatic } from './api.js';
import { h, mount } from './dom.js';
import { formatDuration, formatInt, formatTokens, turnsLabel } from './format.js';
import { caseHref, compareHref, comparisonHref, replaceParams, runsHref } from './router.js';
import { metricsTable, runHeader, runNotices, summaryFigures } from './run-summary.js';
import { virtualList } from './virtual-list.js';
import { card, errorBox, loading, select, statusIcon } from './widgets.js';

/**
 * @import { CaseRow, RunDetail } from '../dashboard-types.js'
 * @import { RunRoute, ViewHandle } from './router.js'
 */

/** The filters of the case list, kept in the link. @typedef {{ failed: boolean, name: string, metric: string }} CaseFilters */

const ROW_HEIGHT = 38;

/** @param {CaseRow} row */
function turnsCell(row) {
  if (row.turn_count === null) return h('span', { className: 'muted' }, 'single turn');
  return h(
    'span',
    { className: row.failed_turns + row.skipped_turns > 0 ? 'bad' : '' },
    turnsLabel(row.turn_count, row.passed_turns),
  );
}

/**
 * @param {string} runId
 * @param {CaseRow} row
 */
function caseRow(runId, row) {
  return h(
    'a',
    {
      className: `vrow case-row status-${row.status}`,
      href: caseHref(runId, row.index),
      dataset: { caseIndex: row.index },
    },
    h('span', { className: 'cell-status' }, statusIcon(row.status)),
    h('span', { className: 'cell-index num muted' }, `#${row.index}`),
    h('span', { className: 'cell-name', title: row.test_name }, row.test_name),
    h('span', { className: 'cell-turns' }, turnsCell(row)),
    h('span', { className: 'cell-failure', title: row.failure ?? '' }, row.failure ?? ''),
    h('span', { className: 'cell-duration num' }, formatDuration(row.duration_ms)),
    h('span', { className: 'cell-tokens num' }, `${row.tokens_at_least ? '≥ ' : ''}${formatTokens(row.total_tokens)}`),
  );
}

/**
 * @param {CaseRow} row
 * @param {CaseFilters} filters
 */
function matches(row, filters) {
  if (filters.name && !row.test_name.toLowerCase().includes(filters.name.toLowerCase())) return false;
  if (filters.metric) {
    const metric = row.metrics.find((m) => m.metric_name === filters.metric);
    if (!metric) return false;
    if (filters.failed) return !metric.passed;
  }
  return !filters.failed || row.status === 'failed' || row.status === 'error';
}

/**
 * @param {RunRoute} route
 * @returns {CaseFilters}
 */
function filtersOf(route) {
  return {
    failed: route.params.get('failed') === '1',
    name: route.params.get('name') ?? '',
    metric: route.params.get('metric') ?? '',
  };
}

/**
 * The filters of the case list: failed or errored only, name, metric; `shown` receives the count of matching cases.
 * @param {CaseFilters} filters
 * @param {readonly string[]} metricNames
 * @param {HTMLElement} shown
 * @param {(changes: Partial<CaseFilters>) => void} setFilter
 */
function filterBar(filters, metricNames, shown, setFilter) {
  const failed = h('input', { type: 'checkbox', on: { change: () => setFilter({ failed: failed.checked }) } });
  failed.checked = filters.failed;
  const name = h('input', {
    type: 'search',
    placeholder: 'Filter by name…',
    'aria-label': 'filter test cases by name',
    value: filters.name,
  });
  name.addEventListener('input', () => setFilter({ name: name.value }));
  const metric = select(
    [['', 'Any metric'], ...metricNames.map((n) => /** @type {const} */ ([n, n]))],
    filters.metric,
    (value) => setFilter({ metric: value }),
    'filter by metric',
  );
  return h(
    'div',
    { className: 'filters' },
    h('label', { className: 'check' }, failed, 'Failed or errored only'),
    name,
    metric,
    shown,
  );
}

/** @param {RunDetail} detail */
function runActions(detail) {
  if (isStatic) return null;
  const previous = detail.previous_run_id;
  return h(
    'div',
    { className: 'actions' },
    previous
      ? h(
          'a',
          {
            className: 'button',
            href: compareHref(previous, detail.run.id),
            title: 'the run before this one of the same config file and selection',
          },
          'Compare with previous run',
        )
      : null,
    detail.run.comparison_id
      ? h(
          'a',
          {
            className: 'button compare-models',
            href: comparisonHref(detail.run.comparison_id),
            title: 'the runs of the other models of the same model matrix',
          },
          'Compare models',
        )
      : null,
    h(
      'a',
      {
        className: 'button',
        href: runsHref({ group: detail.run.group.key }),
        title: 'the runs of this config file with this selection of test cases',
      },
      'History of this config',
    ),
  );
}

/**
 * @param {HTMLElement} root
 * @param {RunRoute} route
 * @returns {ViewHandle}
 */
export function renderRun(root, route) {
  const filters = filtersOf(route);
  mount(root, loading());
  const list = virtualList({
    rowHeight: ROW_HEIGHT,
    /** @param {CaseRow} row */
    renderRow: (row) => caseRow(route.id, row),
    columns: ['', '#', 'Test case', 'Turns', 'Why it failed', 'Duration', 'Tokens'],
    className: 'cases',
    emptyText: 'No test cases match these filters.',
  });
  const shown = h('span', { className: 'muted count' });
  /** @type {RunDetail | null} */
  let detail = null;
  /** @type {HTMLElement | null} */
  let casesCard = null;

  /** @param {boolean} keepScroll */
  const apply = (keepScroll) => {
    if (detail === null) return;
    const rows = detail.cases.filter((row) => matches(row, filters));
    shown.textContent = `${formatInt(rows.length)} of ${formatInt(detail.cases.length)} test cases`;
    list.update(rows, keepScroll);
  };
  /** @param {Partial<CaseFilters>} changes */
  const setFilter = (changes) => {
    Object.assign(filters, changes);
    replaceParams({ failed: filters.failed ? '1' : '', name: filters.name, metric: filters.metric });
    apply(false);
  };
  /** @param {boolean} first */
  const load = async (first) => {
    try {
      detail = await getRun(route.id);
    } catch (error) {
      if (first) mount(root, errorBox(error));
      return;
    }
    const actions = filterBar(filters, detail.metric_names, shown, setFilter);
    casesCard ??= card('Test cases', { actions, className: 'cases-card' }, list.element);
    mount(
      root,
      runHeader(detail, runActions(detail)),
      runNotices(detail.run),
      summaryFigures(detail.run),
      metricsTable(detail.run),
      casesCard,
    );
    apply(!first);
  };
  void load(true);
  return {
    onRunsChanged: () => {
      if (detail?.run.state === 'running') void load(false);
    },
  };
}

// @ts-check
/** #/runs — pass rate over time, metric trends, and the filterable, paged table of runs. */
import { getRuns, getTrends, isStatic } from './api.js';
import { h, mount } from './dom.js';
import { formatInt } from './format.js';
import { replaceParams } from './router.js';
import { metricTrends, passRateChart } from './runs-charts.js';
import { compareControl, runsTable } from './runs-table.js';
import { card, errorBox, loading, select } from './widgets.js';

/**
 * @import { GroupEntry, IndexProgress, RunsPage, UnreadFiles } from '../dashboard-types.js'
 * @import { RunsRoute, ViewHandle } from './router.js'
 */

/** The view state in the link. @typedef {{ agent: string, group: string, q: string, status: string, offset: number }} RunsParams */

const PAGE_SIZE = 50;
const INDEXING_POLL_MS = 1000;

/** @param {IndexProgress | null} indexing */
function indexingNote(indexing) {
  if (!indexing) return null;
  const total = indexing.indexed + indexing.pending;
  return h(
    'div',
    { className: 'notice' },
    `Reading run records… ${formatInt(indexing.indexed)} of ${formatInt(total)} indexed; the list fills in as they are read.`,
  );
}

/**
 * The files under the results folder that look like runs but are not read, each with why.
 * @param {UnreadFiles} unread
 */
function unreadNote(unread) {
  if (unread.total === 0) return null;
  const count = `${formatInt(unread.total)} ${unread.total === 1 ? 'file' : 'files'}`;
  const more = unread.total - unread.files.length;
  return h(
    'details',
    { className: 'notice notice-warn unread-files' },
    h('summary', {}, `${count} under the results folder ${unread.total === 1 ? 'is' : 'are'} not read as runs`),
    h(
      'ul',
      {},
      unread.files.map((file) =>
        h(
          'li',
          {},
          h('span', { className: 'mono' }, file.path),
          h('span', { className: 'muted' }, ` — ${file.reason}`),
        ),
      ),
      more > 0 ? h('li', { className: 'muted' }, `and ${formatInt(more)} more`) : null,
    ),
  );
}

/**
 * @param {RunsRoute} route
 * @returns {RunsParams}
 */
function paramsOf(route) {
  const offset = Number(route.params.get('offset') ?? 0);
  return {
    agent: route.params.get('agent') ?? '',
    group: route.params.get('group') ?? '',
    q: route.params.get('q') ?? '',
    status: route.params.get('status') ?? '',
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
  };
}

/**
 * What the history picker shows for a group: the agent, its config file and its selection of test cases.
 * @param {GroupEntry} group
 */
function groupText(group) {
  return `${group.agent_name} — ${group.config_label || '(config not recorded)'} · ${group.selection_label}`;
}

/**
 * The filters above the runs: history (config file and selection, once there are several), free text, status.
 * An `agent` in the link (from older links) still narrows the runs and is offered as a way back to all.
 * @param {RunsParams} params
 * @param {(changes: Partial<RunsParams>) => void} update
 */
function runFilters(params, update) {
  const groupSlot = h('span', {});
  const search = h('input', {
    type: 'search',
    placeholder: 'Filter: model, commit, backend, id…',
    'aria-label': 'filter runs',
    value: params.q,
  });
  let typing = 0;
  search.addEventListener('input', () => {
    clearTimeout(typing);
    typing = window.setTimeout(() => update({ q: search.value.trim(), offset: 0 }), 200);
  });
  /** @type {ReadonlyArray<readonly [string, string]>} */
  const statuses = [
    ['', 'All runs'],
    ['failed', 'With failures'],
    ['passed', 'All passing'],
  ];
  const statusSelect = select(statuses, params.status, (status) => update({ status, offset: 0 }), 'filter by status');
  /** @param {RunsPage} page */
  const showGroups = (page) => {
    if (page.groups.length <= 1 && !params.group && !params.agent) {
      mount(groupSlot);
      return;
    }
    const groups = page.groups.map(
      (group) => /** @type {const} */ ([group.key, `${groupText(group)} (${group.runs})`]),
    );
    const all = params.agent ? `All runs of agent ${params.agent}` : 'All configs and selections';
    /** @param {string} group */
    const choose = (group) => update({ group, agent: group ? '' : params.agent, offset: 0 });
    mount(groupSlot, select([['', all], ...groups], params.group, choose, 'filter by config and selection'));
  };
  return { element: h('div', { className: 'filters' }, groupSlot, search, statusSelect), showGroups };
}

/**
 * @param {HTMLElement} root
 * @param {RunsRoute} route
 * @returns {ViewHandle}
 */
export function renderRuns(root, route) {
  const params = paramsOf(route);
  const chartBody = h('div', {}, loading());
  const metricsBody = h('div', {}, loading());
  const tableBody = h('div', {}, loading());
  const progress = h('div', { hidden: true });
  const unread = h('div', { hidden: true });
  const compare = compareControl();
  let loadToken = 0;
  /** @param {Partial<RunsParams>} changes */
  const update = (changes) => {
    // Paging is a step Back should undo; filtering (typed as it goes) only rewrites the address.
    const paging = Object.keys(changes).length === 1 && changes.offset !== undefined;
    Object.assign(params, changes);
    replaceParams(params, paging);
    void load();
  };
  const filters = runFilters(params, update);
  const load = async () => {
    const token = ++loadToken;
    try {
      const query = { agent: params.agent, group: params.group, q: params.q, status: params.status };
      const [page, trends] = await Promise.all([
        getRuns({ ...query, offset: params.offset, limit: PAGE_SIZE }),
        getTrends(query),
      ]);
      if (token !== loadToken) return;
      mount(progress, indexingNote(page.indexing));
      progress.hidden = !page.indexing;
      // Kept open across reloads once opened.
      const opened = unread.querySelector('details')?.open ?? false;
      mount(unread, unreadNote(page.unread_files));
      const details = unread.querySelector('details');
      if (details) details.open = opened;
      unread.hidden = page.unread_files.total === 0;
      if (page.indexing) setTimeout(() => tableBody.isConnected && token === loadToken && load(), INDEXING_POLL_MS);
      mount(chartBody, passRateChart(trends));
      mount(metricsBody, metricTrends(trends));
      filters.showGroups(page);
      const filtered = Boolean(params.q || params.status || params.agent || params.group);
      mount(
        tableBody,
        runsTable(page, compare.selection, (offset) => update({ offset }), filtered),
      );
    } catch (error) {
      if (token === loadToken) mount(tableBody, errorBox(error));
    }
  };

  mount(
    root,
    h('div', { className: 'toolbar' }, h('h1', {}, isStatic ? 'Run' : 'Runs'), filters.element),
    progress,
    unread,
    card('Pass rate over time', { className: 'chart-card' }, chartBody),
    card('Metric trends (mean score per run)', {}, metricsBody),
    card('Runs', { actions: isStatic ? null : compare.button }, tableBody),
  );
  void load();
  return { onRunsChanged: load };
}

// @ts-check
/** The table of runs: one row per run, a checkbox to pick two for comparison, and paging. */
import { h } from './dom.js';
import {
  formatDateTime,
  formatDuration,
  formatInt,
  formatTokens,
  localTime,
  modelLabel,
  shortCommit,
  zoneLabel,
} from './format.js';
import { compareHref, runHref, runsHref } from './router.js';
import { badge, empty, passBar } from './widgets.js';

/** @import { RunGroup, RunSummary, RunsPage } from '../dashboard-types.js' */

/**
 * The runs picked for comparison.
 * @typedef {{ has: (id: string) => boolean, toggle: (run: RunSummary, on: boolean) => void }} RunSelection
 */

const COLUMNS = [
  '',
  'Started',
  'Agent',
  'Config · selection',
  'Model',
  'Backend',
  'Pass rate',
  'Cases',
  'Turns',
  'Duration',
  'Tokens',
  'Commit',
  'State',
];

/**
 * The config file and selection of a run, linking to the history of runs like it.
 * @param {RunGroup} group
 */
export function groupLink(group) {
  return h(
    'a',
    {
      className: 'group-link',
      href: runsHref({ group: group.key }),
      title: `all runs of ${group.config_path || 'this agent'} with ${group.selection_label}`,
    },
    h('span', { className: 'mono group-config' }, group.config_label || '(config not recorded)'),
    h('span', { className: 'muted group-selection' }, group.selection_label),
  );
}

/**
 * A record that is a copy of another run (the same run id in another file): it is left out of the trends.
 * @param {RunSummary} run
 */
export function copyNote(run) {
  if (run.copy_of === null) return null;
  return h(
    'div',
    { className: 'muted run-note run-copy', title: 'the same run id as that run: a copy of its record' },
    'copy of ',
    h('a', { href: runHref(run.copy_of), className: 'mono' }, run.copy_of),
  );
}

/**
 * The one zone of the page's start times, named in the column's head and left out of its cells; null when a
 * daylight saving change falls between them, and each cell names its own.
 * @param {readonly RunSummary[]} runs
 * @returns {string | null}
 */
function sharedZone(runs) {
  const dates = runs.map((run) => new Date(run.started_at ?? '')).filter((date) => !Number.isNaN(date.getTime()));
  const zones = new Set(dates.map(zoneLabel));
  return zones.size === 1 ? ([...zones][0] ?? null) : null;
}

/**
 * @param {RunSummary} run
 * @param {RunSelection} selection
 * @param {string | null} zone the zone the column's head names, or null when each cell names its own
 */
function runRow(run, selection, zone) {
  const { summary } = run;
  const checkbox = h('input', {
    type: 'checkbox',
    'aria-label': `select ${run.id} to compare`,
    on: { change: () => selection.toggle(run, checkbox.checked) },
  });
  checkbox.checked = selection.has(run.id);
  const unreadable = run.state === 'unreadable';
  return h(
    'tr',
    {
      className: `run-row${unreadable ? ' is-unreadable' : ''}`,
      dataset: { runId: run.id },
      on: {
        click: (event) => {
          if (/** @type {Element} */ (event.target).closest('input, a')) return;
          location.hash = runHref(run.id);
        },
      },
    },
    h('td', { className: 'select-cell' }, checkbox),
    h(
      'td',
      {},
      h(
        'a',
        { href: runHref(run.id), className: 'run-link', title: `${run.id}, started ${formatDateTime(run.started_at)}` },
        (zone === null ? null : localTime(run.started_at, true)) ?? formatDateTime(run.started_at),
      ),
    ),
    h('td', { title: run.agent_slug }, run.agent_name),
    h('td', { className: 'group-cell' }, groupLink(run.group)),
    h('td', { className: 'mono' }, modelLabel(run.model)),
    h('td', {}, run.backend ?? '–'),
    h(
      'td',
      {},
      unreadable
        ? h('span', { className: 'muted', title: run.error ?? '' }, run.error ?? 'unreadable')
        : passBar(summary.pass_rate, summary.total_tests, run.state !== 'completed'),
    ),
    h(
      'td',
      { className: 'num' },
      // An interrupted run's cases are of those it selected, not all of them ran.
      `${formatInt(summary.passed)}/${formatInt(summary.total_tests)}${run.interrupted ? ` of ${formatInt(run.interrupted.selected_tests)}` : ''}`,
    ),
    h('td', { className: 'num' }, `${formatInt(summary.passed_turns)}/${formatInt(summary.total_turns)}`),
    h('td', { className: 'num' }, formatDuration(summary.duration_ms)),
    h('td', { className: 'num' }, formatTokens(summary.token_usage.total_tokens)),
    h('td', { className: 'mono', title: run.git_commit ?? '' }, shortCommit(run.git_commit)),
    h(
      'td',
      { title: unreadable ? '' : (run.error ?? '') },
      badge(run.state),
      // What is uncertain or wrong about an in-progress log (a stale lock, an empty log) is said beside its state.
      !unreadable && run.error ? h('div', { className: 'muted run-note' }, run.error) : null,
      copyNote(run),
    ),
  );
}

/**
 * @param {RunsPage} page
 * @param {(offset: number) => void} onOffset
 */
function pager(page, onOffset) {
  const from = page.total === 0 ? 0 : page.offset + 1;
  const to = Math.min(page.total, page.offset + page.runs.length);
  return h(
    'div',
    { className: 'pager' },
    h(
      'button',
      {
        type: 'button',
        disabled: page.offset === 0,
        on: { click: () => onOffset(Math.max(0, page.offset - page.limit)) },
      },
      '‹ Newer',
    ),
    h('span', { className: 'muted' }, `${formatInt(from)}–${formatInt(to)} of ${formatInt(page.total)} runs`),
    h(
      'button',
      { type: 'button', disabled: to >= page.total, on: { click: () => onOffset(page.offset + page.limit) } },
      'Older ›',
    ),
  );
}

/** The button that compares the two runs picked in the table; the older one becomes the baseline (A). */
export function compareControl() {
  /** @type {Map<string, RunSummary>} */
  const picked = new Map();
  /** @type {[string, string] | null} */
  let pair = null;
  const button = h('button', { type: 'button', className: 'primary', disabled: true }, 'Compare selected');
  button.addEventListener('click', () => {
    if (pair) location.hash = compareHref(pair[0], pair[1]);
  });
  /** @type {RunSelection} */
  const selection = {
    has: (id) => picked.has(id),
    toggle(run, on) {
      if (on) picked.set(run.id, run);
      else picked.delete(run.id);
      const ordered = [...picked.values()].sort((x, y) => String(x.started_at).localeCompare(String(y.started_at)));
      pair = ordered.length === 2 ? /** @type {[string, string]} */ (ordered.map((entry) => entry.id)) : null;
      button.disabled = pair === null;
      button.textContent = picked.size === 0 ? 'Compare selected' : `Compare selected (${picked.size}/2)`;
    },
  };
  return { button, selection };
}

/**
 * @param {RunsPage} page
 * @param {RunSelection} selection
 * @param {(offset: number) => void} onOffset
 * @param {boolean} filtered
 */
export function runsTable(page, selection, onOffset, filtered) {
  if (page.total === 0) {
    return empty(
      filtered ? 'No runs match these filters.' : 'No run records yet. Run `holodeck test` and they appear here.',
    );
  }
  const zone = sharedZone(page.runs);
  return h(
    'div',
    {},
    h(
      'div',
      { className: 'table-scroll' },
      h(
        'table',
        { className: 'table runs-table' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            COLUMNS.map((column) => h('th', {}, column === 'Started' && zone !== null ? `Started (${zone})` : column)),
          ),
        ),
        h(
          'tbody',
          {},
          page.runs.map((run) => runRow(run, selection, zone)),
        ),
      ),
    ),
    pager(page, onOffset),
  );
}

// @ts-check
/** The dashboard page: top bar, hash routing to the views, and live refresh when runs are written. */
import { isStatic, staticInfo, subscribe } from './api.js';
import { h, mount, visibleText } from './dom.js';
import { formatDateTime } from './format.js';
import { parseRoute, runHref, runsHref } from './router.js';
import { renderCase } from './view-case.js';
import { renderCompare } from './view-compare.js';
import { renderRun } from './view-run.js';
import { renderRuns } from './view-runs.js';
import { card } from './widgets.js';

/** @import { CompareRoute, NotFoundRoute, Route, ViewHandle } from './router.js' */

/**
 * @param {HTMLElement} root
 * @param {NotFoundRoute} route
 * @returns {ViewHandle}
 */
function renderNotFound(root, route) {
  mount(
    root,
    card(
      'Page not found',
      {},
      h('p', {}, `Nothing at ${route.path}. `, h('a', { href: runsHref() }, 'Go to the runs.')),
    ),
  );
  return {};
}

/**
 * The view of a route.
 * @param {HTMLElement} root
 * @param {Route} route
 * @returns {ViewHandle}
 */
function renderView(root, route) {
  switch (route.name) {
    case 'runs':
      return renderRuns(root, route);
    case 'run':
      return renderRun(root, route);
    case 'case':
      return renderCase(root, route);
    case 'compare':
      return renderCompare(root, route);
    case 'not-found':
      return renderNotFound(root, route);
  }
}

const crumbs = h('nav', { className: 'crumbs', 'aria-label': 'breadcrumbs' });
const status = h('span', { className: 'live-status' });
const main = h('main', { className: 'page', id: 'main' });

/**
 * @param {string} text
 * @param {string | null} [href]
 */
function crumb(text, href) {
  return href ? h('a', { href }, text) : h('span', { 'aria-current': 'page' }, text);
}

/** @param {CompareRoute} route */
function compareLabel(route) {
  return route.comparison ? `Compare models (${route.comparison})` : `Compare ${route.a} → ${route.b}`;
}

/** @param {Route} route */
function trail(route) {
  const items = [crumb('Runs', route.name === 'runs' ? null : runsHref())];
  if (route.name === 'run') items.push(crumb(route.id));
  if (route.name === 'case') items.push(crumb(route.id, runHref(route.id)), crumb(`Test case #${route.index}`));
  if (route.name === 'compare') items.push(crumb(compareLabel(route)));
  return items.flatMap((item, index) => (index === 0 ? [item] : [h('span', { className: 'crumb-sep' }, '/'), item]));
}

/** @param {Route} route */
function title(route) {
  if (route.name === 'run') return `${route.id} · HoloDeck`;
  if (route.name === 'case') return `Test case #${route.index} · ${route.id} · HoloDeck`;
  if (route.name === 'compare') return `${compareLabel(route)} · HoloDeck`;
  return 'HoloDeck runs';
}

/** @type {ViewHandle} */
let current = {};

function render() {
  const info = staticInfo();
  if (info && (location.hash === '' || location.hash === '#' || location.hash === '#/')) {
    location.replace(runHref(info.run_id));
    return;
  }
  const route = parseRoute(location.hash);
  mount(crumbs, trail(route));
  document.title = visibleText(title(route));
  window.scrollTo(0, 0);
  // Each view renders into its own element, so a view still loading when the user moves on cannot
  // overwrite the next one: its late results land in a detached element.
  const view = h('div', { className: 'view' });
  mount(main, view);
  current = renderView(view, route) ?? {};
}

/** @param {'live' | 'offline'} state */
function showStatus(state) {
  status.className = `live-status ${state}`;
  status.textContent = state === 'live' ? 'Live' : 'Reconnecting…';
  status.title =
    state === 'live' ? 'New runs appear as they are written' : 'Lost the connection to the dashboard server';
}

mount(
  /** @type {HTMLElement} */ (document.getElementById('app')),
  h(
    'header',
    { className: 'topbar' },
    h(
      'a',
      { className: 'brand', href: runsHref() },
      h('span', { className: 'logo', 'aria-hidden': 'true' }),
      'HoloDeck',
    ),
    crumbs,
    h('span', { className: 'spacer' }),
    isStatic
      ? h('span', { className: 'live-status static' }, `Static report · ${formatDateTime(staticInfo()?.generated_at)}`)
      : status,
  ),
  main,
);

window.addEventListener('hashchange', render);
render();
subscribe(() => current.onRunsChanged?.(), showStatus);

// @ts-check
/**
 * Hash routes, so deep links work with a static file too:
 * `#/runs`, `#/run/<agent>/<timestamp>`, `#/run/<agent>/<timestamp>/case/<n>`, `#/compare/<a-agent>/<a-ts>/<b-agent>/<b-ts>`,
 * `#/comparison/<comparison-id>` (the runs of a model matrix; `?a=0&b=1` picks two of them),
 * each optionally followed by `?key=value` view state (filters).
 * A case's `<n>` is its place in the configuration's test cases (case-address.ts), not in the run's list.
 */

/**
 * A parsed route. Compare routes name either two runs (`a`, `b`) or a model matrix (`comparison`).
 * @typedef {{ name: 'runs', params: URLSearchParams }
 *   | { name: 'run', id: string, params: URLSearchParams }
 *   | { name: 'case', id: string, index: number, params: URLSearchParams }
 *   | { name: 'compare', a: string, b: string, comparison?: undefined, params: URLSearchParams }
 *   | { name: 'compare', a: null, b: null, comparison: string, params: URLSearchParams }
 *   | { name: 'not-found', path: string, params: URLSearchParams }} Route
 */

/** @typedef {Extract<Route, { name: 'runs' }>} RunsRoute */
/** @typedef {Extract<Route, { name: 'run' }>} RunRoute */
/** @typedef {Extract<Route, { name: 'case' }>} CaseRoute */
/** @typedef {Extract<Route, { name: 'compare' }>} CompareRoute */
/** @typedef {Extract<Route, { name: 'not-found' }>} NotFoundRoute */

/** What a view returns: called when the server reports new or changed runs. @typedef {{ onRunsChanged?: () => void }} ViewHandle */

/** View state in a link: null, undefined, '' and false are left out. @typedef {Record<string, unknown>} RouteParams */

const SEGMENT = '[A-Za-z0-9][A-Za-z0-9._-]{0,127}';
const RUN = `(${SEGMENT}/${SEGMENT})`;
const ROUTES = [
  { name: 'runs', pattern: /^\/?(?:runs)?$/ },
  { name: 'run', pattern: new RegExp(`^/run/${RUN}$`) },
  { name: 'case', pattern: new RegExp(`^/run/${RUN}/case/(0|[1-9][0-9]{0,8})$`) },
  { name: 'compare', pattern: new RegExp(`^/compare/${RUN}/${RUN}$`) },
  { name: 'comparison', pattern: /^\/comparison\/([A-Za-z0-9][A-Za-z0-9-]{0,63})$/ },
];

/**
 * @param {string} hash
 * @returns {Route}
 */
export function parseRoute(hash) {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const queryAt = body.indexOf('?');
  const path = queryAt === -1 ? body : body.slice(0, queryAt);
  const params = new URLSearchParams(queryAt === -1 ? '' : body.slice(queryAt + 1));
  for (const route of ROUTES) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    // Every group of the patterns is required, so a match has them all.
    const [, first = '', second = ''] = match;
    if (route.name === 'runs') return { name: 'runs', params };
    if (route.name === 'run') return { name: 'run', id: first, params };
    if (route.name === 'case') return { name: 'case', id: first, index: Number(second), params };
    if (route.name === 'comparison') return { name: 'compare', a: null, b: null, comparison: first, params };
    return { name: 'compare', a: first, b: second, params };
  }
  return { name: 'not-found', path, params };
}

/**
 * @param {string} path
 * @param {RouteParams} [params]
 */
function withParams(path, params) {
  const entries = Object.entries(params ?? {}).filter(
    ([, value]) => value !== null && value !== undefined && value !== '' && value !== false,
  );
  if (entries.length === 0) return `#${path}`;
  return `#${path}?${new URLSearchParams(entries.map(([key, value]) => [key, String(value)]))}`;
}

/** @param {RouteParams} [params] */
export function runsHref(params) {
  return withParams('/runs', params);
}

/**
 * @param {string} id
 * @param {RouteParams} [params]
 */
export function runHref(id, params) {
  return withParams(`/run/${id}`, params);
}

/**
 * @param {string} id
 * @param {number} index
 */
export function caseHref(id, index) {
  return `#/run/${id}/case/${index}`;
}

/**
 * @param {string} a
 * @param {string} b
 */
export function compareHref(a, b) {
  return `#/compare/${a}/${b}`;
}

/**
 * The runs of a model matrix, compared: the model at position `a` as baseline, `b` against it.
 * @param {string} id
 * @param {number} [a]
 * @param {number} [b]
 */
export function comparisonHref(id, a, b) {
  return withParams(`/comparison/${id}`, { a, b });
}

/**
 * Rewrites the view state in the address bar without navigating (so typing in a filter keeps focus); `push`
 * adds a history entry instead (a page of the runs list), so Back returns to the previous state.
 * @param {RouteParams} params
 * @param {boolean} [push]
 */
export function replaceParams(params, push = false) {
  const route = parseRoute(location.hash);
  const base = location.hash.split('?')[0] || '#/runs';
  const next = withParams(base.slice(1), params);
  if (route.name === 'not-found' || next === location.hash) return;
  if (push) history.pushState(null, '', next);
  else history.replaceState(null, '', next);
}

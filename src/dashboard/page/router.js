/**
 * Hash routes, so deep links work with a static file too:
 * `#/runs`, `#/run/<agent>/<timestamp>`, `#/run/<agent>/<timestamp>/case/<n>`, `#/compare/<a-agent>/<a-ts>/<b-agent>/<b-ts>`,
 * `#/comparison/<comparison-id>` (the runs of a model matrix; `?a=0&b=1` picks two of them),
 * each optionally followed by `?key=value` view state (filters).
 */

const SEGMENT = '[A-Za-z0-9][A-Za-z0-9._-]{0,127}';
const RUN = `(${SEGMENT}/${SEGMENT})`;
const ROUTES = [
  { name: 'runs', pattern: /^\/?(?:runs)?$/ },
  { name: 'run', pattern: new RegExp(`^/run/${RUN}$`) },
  { name: 'case', pattern: new RegExp(`^/run/${RUN}/case/(0|[1-9][0-9]{0,8})$`) },
  { name: 'compare', pattern: new RegExp(`^/compare/${RUN}/${RUN}$`) },
  { name: 'comparison', pattern: /^\/comparison\/([A-Za-z0-9][A-Za-z0-9-]{0,63})$/ },
];

export function parseRoute(hash) {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const queryAt = body.indexOf('?');
  const path = queryAt === -1 ? body : body.slice(0, queryAt);
  const params = new URLSearchParams(queryAt === -1 ? '' : body.slice(queryAt + 1));
  for (const route of ROUTES) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    if (route.name === 'runs') return { name: 'runs', params };
    if (route.name === 'run') return { name: 'run', id: match[1], params };
    if (route.name === 'case') return { name: 'case', id: match[1], index: Number(match[2]), params };
    if (route.name === 'comparison') return { name: 'compare', a: null, b: null, comparison: match[1], params };
    return { name: 'compare', a: match[1], b: match[2], params };
  }
  return { name: 'not-found', path, params };
}

function withParams(path, params) {
  const entries = Object.entries(params ?? {}).filter(
    ([, value]) => value !== null && value !== undefined && value !== '' && value !== false,
  );
  if (entries.length === 0) return `#${path}`;
  return `#${path}?${new URLSearchParams(entries.map(([key, value]) => [key, String(value)]))}`;
}

export function runsHref(params) {
  return withParams('/runs', params);
}

export function runHref(id, params) {
  return withParams(`/run/${id}`, params);
}

export function caseHref(id, index) {
  return `#/run/${id}/case/${index}`;
}

export function compareHref(a, b) {
  return `#/compare/${a}/${b}`;
}

/** The runs of a model matrix, compared: the model at position `a` as baseline, `b` against it. */
export function comparisonHref(id, a, b) {
  return withParams(`/comparison/${id}`, { a, b });
}

/** Rewrites the view state in the address bar without navigating (so typing in a filter keeps focus). */
export function replaceParams(params) {
  const route = parseRoute(location.hash);
  const base = location.hash.split('?')[0] || '#/runs';
  const next = withParams(base.slice(1), params);
  if (route.name !== 'not-found' && next !== location.hash) history.replaceState(null, '', next);
}

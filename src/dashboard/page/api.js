// @ts-check
/**
 * Where the page gets its data: the dashboard server's JSON API, or, in a static report, the data block the
 * export embedded in the file. Views call these functions and do not know which one they read.
 */
/**
 * @import { CaseDetail, RunDetail, RunsPage, Trends } from '../dashboard-types.js'
 * @import { RunComparison } from '../compare-runs.js'
 */

/**
 * The data block of a static report (StaticData in dashboard/export-static-report.ts).
 * @typedef {{
 *   mode: 'static',
 *   generated_at: string,
 *   runs: RunsPage,
 *   trends: Trends,
 *   run: RunDetail,
 *   cases: readonly CaseDetail[],
 * }} StaticData
 */

/** Query parameters; null, undefined and '' are left out. @typedef {Record<string, string | number | null | undefined>} Query */

/** @returns {StaticData | null} */
function readEmbedded() {
  const block = document.getElementById('holodeck-data');
  if (!block) return null;
  return JSON.parse(block.textContent ?? 'null');
}

const embedded = readEmbedded();

export const isStatic = embedded !== null;

/** @returns {{ generated_at: string, run_id: string } | null} */
export function staticInfo() {
  return embedded === null ? null : { generated_at: embedded.generated_at, run_id: embedded.run.run.id };
}

/**
 * @template T
 * @param {string} path
 * @returns {Promise<T>}
 */
async function fetchJson(path) {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  /** @type {{ error?: { message?: string } } | null} */
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const message = body?.error?.message ?? `${response.status} ${response.statusText}`;
    throw new Error(message);
  }
  return /** @type {T} */ (body);
}

/**
 * @param {string} what
 * @returns {Promise<never>}
 */
function notInReport(what) {
  return Promise.reject(new Error(`${what} is not part of this static report; open it with holodeck test view`));
}

/** @param {Query} params */
function query(params) {
  const entries = Object.entries(params).filter(([, value]) => value !== null && value !== undefined && value !== '');
  return new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString();
}

/**
 * @param {Query} params
 * @returns {Promise<RunsPage>}
 */
export function getRuns(params) {
  if (embedded) return Promise.resolve(embedded.runs);
  return fetchJson(`/api/runs?${query(params)}`);
}

/**
 * @param {Query} params
 * @returns {Promise<Trends>}
 */
export function getTrends(params) {
  if (embedded) return Promise.resolve(embedded.trends);
  return fetchJson(`/api/trends?${query(params)}`);
}

/**
 * @param {string} id
 * @returns {Promise<RunDetail>}
 */
export function getRun(id) {
  if (embedded) return id === embedded.run.run.id ? Promise.resolve(embedded.run) : notInReport(`Run ${id}`);
  return fetchJson(`/api/runs/${id}`);
}

/**
 * @param {string} id
 * @param {number} index
 * @returns {Promise<CaseDetail>}
 */
export function getCase(id, index) {
  if (embedded) {
    const found = id === embedded.run.run.id ? embedded.cases.find((entry) => entry.index === index) : undefined;
    return found ? Promise.resolve(found) : notInReport(`Test case #${index} of ${id}`);
  }
  return fetchJson(`/api/runs/${id}/cases/${index}`);
}

/**
 * @param {string} a
 * @param {string} b
 * @returns {Promise<RunComparison>}
 */
export function getComparison(a, b) {
  if (embedded) return notInReport('Comparing runs');
  return fetchJson(`/api/compare?${query({ a, b })}`);
}

/**
 * The runs of a model matrix (one per model), two of them compared: positions `a` and `b` (default 0 and 1).
 * @param {string} comparison
 * @param {string | null} a
 * @param {string | null} b
 * @returns {Promise<RunComparison>}
 */
export function getMatrixComparison(comparison, a, b) {
  if (embedded) return notInReport('Comparing runs');
  return fetchJson(`/api/compare?${query({ comparison, a, b })}`);
}

/**
 * Calls `onRuns` whenever the server reports new or changed runs; `onStatus` gets 'live' or 'offline'.
 * Does nothing in a static report.
 * @param {() => void} onRuns
 * @param {(state: 'live' | 'offline') => void} onStatus
 */
export function subscribe(onRuns, onStatus) {
  if (embedded || typeof EventSource === 'undefined') return;
  const source = new EventSource('/api/events');
  source.addEventListener('open', () => onStatus('live'));
  source.addEventListener('error', () => onStatus('offline'));
  source.addEventListener('runs', () => onRuns());
}

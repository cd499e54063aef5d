/**
 * Where the page gets its data: the dashboard server's JSON API, or, in a static report, the data block the
 * export embedded in the file. Views call these functions and do not know which one they read.
 */

function readEmbedded() {
  const block = document.getElementById('holodeck-data');
  if (!block) return null;
  return JSON.parse(block.textContent ?? 'null');
}

const embedded = readEmbedded();

export const isStatic = embedded !== null;

export function staticInfo() {
  return embedded === null ? null : { generated_at: embedded.generated_at, run_id: embedded.run.run.id };
}

async function fetchJson(path) {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
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
  return body;
}

function notInReport(what) {
  return Promise.reject(new Error(`${what} is not part of this static report; open it with holodeck test view`));
}

function query(params) {
  const entries = Object.entries(params).filter(([, value]) => value !== null && value !== undefined && value !== '');
  return new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString();
}

export function getRuns(params) {
  if (embedded) return Promise.resolve(embedded.runs);
  return fetchJson(`/api/runs?${query(params)}`);
}

export function getTrends(params) {
  if (embedded) return Promise.resolve(embedded.trends);
  return fetchJson(`/api/trends?${query(params)}`);
}

export function getRun(id) {
  if (embedded) return id === embedded.run.run.id ? Promise.resolve(embedded.run) : notInReport(`Run ${id}`);
  return fetchJson(`/api/runs/${id}`);
}

export function getCase(id, index) {
  if (embedded) {
    const found = id === embedded.run.run.id ? embedded.cases[index] : undefined;
    return found ? Promise.resolve(found) : notInReport(`Test case #${index} of ${id}`);
  }
  return fetchJson(`/api/runs/${id}/cases/${index}`);
}

export function getComparison(a, b) {
  if (embedded) return notInReport('Comparing runs');
  return fetchJson(`/api/compare?${query({ a, b })}`);
}

/** The runs of a model matrix (one per model), two of them compared: positions `a` and `b` (default 0 and 1). */
export function getMatrixComparison(comparison, a, b) {
  if (embedded) return notInReport('Comparing runs');
  return fetchJson(`/api/compare?${query({ comparison, a, b })}`);
}

/**
 * Calls `onRuns` whenever the server reports new or changed runs; `onStatus` gets 'live' or 'offline'.
 * Does nothing in a static report.
 */
export function subscribe(onRuns, onStatus) {
  if (embedded || typeof EventSource === 'undefined') return;
  const source = new EventSource('/api/events');
  source.addEventListener('open', () => onStatus('live'));
  source.addEventListener('error', () => onStatus('offline'));
  source.addEventListener('runs', () => onRuns());
}

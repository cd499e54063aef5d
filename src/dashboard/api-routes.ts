/** The JSON API of the dashboard: routes from URL to response body, with every id checked before use. */

import { clearRunTimer, runTimer } from '../core/clock.js';
import { compareRuns, type RunComparison } from './compare-runs.js';
import { DashboardError } from './dashboard-error.js';
import type {
  CaseDetail,
  IndexProgress,
  RunDetail,
  RunRecord,
  RunSummary,
  RunsPage,
  Trends,
} from './dashboard-types.js';
import { matrixComparison } from './matrix-comparison.js';
import { pageRuns, parseRunsQuery, trendsOf } from './query-runs.js';
import { parseRunId, type RunId, requireRunId } from './run-id.js';
import type { RunIndex } from './run-index.js';
import type { RunStore } from './run-store.js';
import { caseDetail, runDetail } from './run-views.js';
import { summarizeRun } from './summarize-run.js';

export interface ApiDeps {
  readonly index: RunIndex;
  readonly store: RunStore;
  /**
   * How long a list request waits for the index to catch up with the folder. A new run is read well within
   * it; a large folder being indexed for the first time is answered with the runs read so far.
   */
  readonly indexWaitMs?: number;
}

export const DEFAULT_INDEX_WAIT_MS = 500;

/** The runs as fresh as `waitMs` allows, and the progress when the index is still reading. */
async function currentRuns(deps: ApiDeps): Promise<{ runs: readonly RunSummary[]; indexing: IndexProgress | null }> {
  const refreshing = deps.index.refresh();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = runTimer(() => resolve(null), deps.indexWaitMs ?? DEFAULT_INDEX_WAIT_MS);
  });
  try {
    const runs = await Promise.race([refreshing, timeout]);
    if (runs !== null) return { runs, indexing: null };
  } finally {
    clearRunTimer(timer);
  }
  refreshing.catch(() => undefined);
  const runs = deps.index.runs;
  return {
    runs,
    indexing: { indexed: runs.length, pending: Math.max(deps.index.size + deps.index.pending - runs.length, 0) },
  };
}

const RUN_ROUTE = /^\/api\/runs\/([^/]+\/[^/]+)$/;
const CASE_ROUTE = /^\/api\/runs\/([^/]+\/[^/]+)\/cases\/([^/]+)$/;
const CASE_INDEX = /^(0|[1-9][0-9]{0,8})$/;

export type ApiBody = RunsPage | Trends | RunDetail | CaseDetail | RunComparison;

export async function handleApi(url: URL, deps: ApiDeps): Promise<ApiBody> {
  const path = url.pathname;
  if (path === '/api/runs' || path === '/api/trends') {
    const query = parseRunsQuery(url.searchParams);
    const { runs, indexing } = await currentRuns(deps);
    return path === '/api/runs' ? pageRuns(runs, query, indexing, deps.index.unread) : trendsOf(runs, query, indexing);
  }
  if (path === '/api/compare') {
    return compare(url.searchParams, deps);
  }
  const caseMatch = CASE_ROUTE.exec(path);
  if (caseMatch) {
    const runId = requireRunId(caseMatch[1] ?? '');
    const index = caseMatch[2] ?? '';
    if (!CASE_INDEX.test(index)) throw new DashboardError('CASE_NOT_FOUND', `not a test case number: ${index}`);
    return caseDetail(runId.id, await deps.store.load(runId), Number(index));
  }
  const runMatch = RUN_ROUTE.exec(path);
  if (runMatch) {
    const runId = requireRunId(runMatch[1] ?? '');
    const { summary, record } = await loadRun(runId, deps);
    return runDetail(summary, record, deps.index.previousRun(runId.id));
  }
  throw new DashboardError('NOT_FOUND', `no such API route: ${path}`);
}

/** A run and its index summary (refreshing the index first, so a run written a moment ago is known). */
async function loadRun(runId: RunId, deps: ApiDeps): Promise<{ summary: RunSummary; record: RunRecord }> {
  const record = await deps.store.load(runId);
  await currentRuns(deps);
  const summary =
    deps.index.get(runId.id) ?? summarizeRun(runId, record, record.report.results, deps.index.configBases);
  return { summary, record };
}

async function compare(params: URLSearchParams, deps: ApiDeps): Promise<RunComparison> {
  if (params.has('comparison')) {
    const matrix = matrixComparison((await currentRuns(deps)).runs, params);
    const [a, b] = [matrix.runs[matrix.a]?.id ?? '', matrix.runs[matrix.b]?.id ?? ''].map(requireRunId);
    const comparison = compareRuns(await loadRun(a as RunId, deps), await loadRun(b as RunId, deps));
    return { ...comparison, matrix };
  }
  const a = parseRunId(params.get('a') ?? '');
  const b = parseRunId(params.get('b') ?? '');
  if (a === null || b === null) {
    throw new DashboardError(
      'INVALID_RUN_ID',
      'compare needs two run ids: ?a=<agent>/<timestamp>&b=<agent>/<timestamp>',
    );
  }
  const runA = await loadRun(a, deps);
  const runB = await loadRun(b, deps);
  return compareRuns(runA, runB);
}

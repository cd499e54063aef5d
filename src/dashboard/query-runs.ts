/** Filtering, paging and trend points over the runs index (pure functions of the summaries). */
import { DashboardError } from './dashboard-error.js';
import type { GroupEntry, IndexProgress, RunSummary, RunsPage, Trends, UnreadFiles } from './dashboard-types.js';

export interface RunsQuery {
  readonly offset: number;
  readonly limit: number;
  /** An agent folder (links from before histories were kept apart still use it). */
  readonly agent: string | null;
  /** A history: runs of one config file with one selection of test cases (RunGroup.key). */
  readonly group: string | null;
  /**
   * Case-insensitive text matched against id, agent, config file, selection, model, backend, commit, version
   * and state.
   */
  readonly q: string | null;
  /** `passed`: every case passed; `failed`: at least one case failed or the run did not complete. */
  readonly status: 'passed' | 'failed' | null;
}

export const MAX_PAGE = 200;
export const DEFAULT_PAGE = 50;
/** Trend charts show at most this many runs (the newest). */
export const MAX_TREND_POINTS = 1000;

function intParam(params: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = params.get(name);
  if (raw === null || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new DashboardError('INVALID_QUERY', `${name} must be a whole number from 0 to ${max}`);
  }
  return value;
}

export function parseRunsQuery(params: URLSearchParams): RunsQuery {
  const status = params.get('status') || null;
  if (status !== null && status !== 'passed' && status !== 'failed') {
    throw new DashboardError('INVALID_QUERY', 'status must be passed or failed');
  }
  return {
    offset: intParam(params, 'offset', 0, Number.MAX_SAFE_INTEGER),
    limit: Math.max(1, intParam(params, 'limit', DEFAULT_PAGE, MAX_PAGE)),
    agent: params.get('agent') || null,
    group: params.get('group') || null,
    q: params.get('q')?.trim().toLowerCase() || null,
    status,
  };
}

function searchText(run: RunSummary): string {
  return [
    run.id,
    run.agent_name,
    run.group.config_label,
    run.group.selection_label,
    run.model?.provider,
    run.model?.name,
    run.backend,
    run.git_commit,
    run.holodeck_version,
    run.state,
  ]
    .filter((part): part is string => typeof part === 'string')
    .join('\n')
    .toLowerCase();
}

function isPassing(run: RunSummary): boolean {
  return run.state === 'completed' && run.summary.failed === 0 && run.summary.total_tests > 0;
}

export function filterRuns(runs: readonly RunSummary[], query: Omit<RunsQuery, 'offset' | 'limit'>): RunSummary[] {
  return runs.filter(
    (run) =>
      (query.agent === null || run.agent_slug === query.agent) &&
      (query.group === null || run.group.key === query.group) &&
      (query.q === null || searchText(run).includes(query.q)) &&
      (query.status === null || (query.status === 'passed') === isPassing(run)),
  );
}

/** The histories of the runs (newest first: the input is sorted newest first), with how many runs each holds. */
export function groupsOf(runs: readonly RunSummary[]): GroupEntry[] {
  const groups = new Map<string, { entry: Omit<GroupEntry, 'runs'>; runs: number }>();
  for (const run of runs) {
    const known = groups.get(run.group.key);
    if (known) known.runs += 1;
    else groups.set(run.group.key, { entry: { ...run.group, agent_name: run.agent_name }, runs: 1 });
  }
  return [...groups.values()].map(({ entry, runs: count }) => ({ ...entry, runs: count }));
}

const NONE_UNREAD: UnreadFiles = { total: 0, files: [] };

/** One page of the filtered runs, newest first (the input is sorted newest first). */
export function pageRuns(
  runs: readonly RunSummary[],
  query: RunsQuery,
  indexing: IndexProgress | null = null,
  unread: UnreadFiles = NONE_UNREAD,
): RunsPage {
  const matching = filterRuns(runs, query);
  return {
    indexing,
    total: matching.length,
    offset: query.offset,
    limit: query.limit,
    runs: matching.slice(query.offset, query.offset + query.limit),
    groups: groupsOf(runs),
    unread_files: unread,
  };
}

/** Pass rate and metric means of the filtered runs, oldest first, for the charts; a copy of a run is left out. */
export function trendsOf(
  runs: readonly RunSummary[],
  query: Omit<RunsQuery, 'offset' | 'limit'>,
  indexing: IndexProgress | null = null,
): Trends {
  const matching = filterRuns(runs, query)
    // A run without a finished case has no pass rate: plotted, it would read as 0 %.
    .filter((run) => run.state !== 'unreadable' && run.summary.total_tests > 0 && run.copy_of === null)
    .slice(0, MAX_TREND_POINTS)
    .reverse();
  const names = new Set<string>();
  const points = matching.map((run) => {
    const metrics: Record<string, number | null> = {};
    for (const metric of run.metrics) {
      names.add(metric.metric_name);
      metrics[metric.metric_name] = metric.mean_score;
    }
    return {
      id: run.id,
      agent_slug: run.agent_slug,
      group: run.group.key,
      group_label: `${run.group.config_label || run.agent_name} · ${run.group.selection_label}`,
      started_at: run.started_at,
      state: run.state,
      pass_rate: run.summary.pass_rate,
      total_tests: run.summary.total_tests,
      passed: run.summary.passed,
      selected_tests: run.interrupted?.selected_tests ?? null,
      model: run.model === null ? null : `${run.model.provider}/${run.model.name}`,
      metrics,
    };
  });
  return { indexing, points, metric_names: [...names].sort((a, b) => a.localeCompare(b)) };
}

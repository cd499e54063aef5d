/**
 * A model matrix in the compare view: the runs that share a comparison id (one per model, oldest first, as
 * the models were listed), and which two of them are compared (`a`, `b`: positions, default the first two).
 */
import { DashboardError } from './dashboard-error.js';
import type { RunSummary } from './dashboard-types.js';
import { compareRunIds } from './run-order.js';

export interface MatrixRunRef {
  readonly id: string;
  readonly model: RunSummary['model'];
}

export interface MatrixInfo {
  readonly comparison_id: string;
  readonly runs: readonly MatrixRunRef[];
  /** Positions in `runs` of the baseline and of the run compared with it. */
  readonly a: number;
  readonly b: number;
}

const COMPARISON_ID = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;
const POSITION = /^(0|[1-9][0-9]{0,3})$/;

function oldestFirst(x: RunSummary, y: RunSummary): number {
  const time = (run: RunSummary) => (run.started_at === null ? 0 : Date.parse(run.started_at) || 0);
  return time(x) - time(y) || compareRunIds(x.id, y.id);
}

function position(params: URLSearchParams, key: 'a' | 'b', fallback: number, count: number): number {
  const raw = params.get(key);
  if (raw === null || raw === '') return fallback;
  if (!POSITION.test(raw) || Number(raw) >= count) {
    throw new DashboardError('INVALID_QUERY', `${key}=${raw}: the comparison has runs 0 to ${count - 1}`);
  }
  return Number(raw);
}

export function matrixComparison(runs: readonly RunSummary[], params: URLSearchParams): MatrixInfo {
  const id = params.get('comparison') ?? '';
  if (!COMPARISON_ID.test(id)) throw new DashboardError('INVALID_QUERY', `not a comparison id: ${id}`);
  const matched = runs.filter((run) => run.comparison_id === id).sort(oldestFirst);
  if (matched.length < 2) {
    const found = matched.length === 0 ? 'no run' : 'only one run';
    throw new DashboardError('RUN_NOT_FOUND', `comparison ${id}: ${found} in this folder has it`);
  }
  const a = position(params, 'a', 0, matched.length);
  const b = position(params, 'b', a === 0 ? 1 : 0, matched.length);
  return { comparison_id: id, runs: matched.map((run) => ({ id: run.id, model: run.model })), a, b };
}

/**
 * Which test cases a run covers: the name criteria and `--limit`, then `--shard`, recorded so that a resume
 * or a merge can check and repeat it.
 */
import { createHash } from 'node:crypto';
import type { TestCaseConfig } from '../core/config-types.js';
import type { RunSelection, ShardSpec } from '../records/run-record.js';
import { type CaseCriteria, selectTestCases } from './select-test-cases.js';
import { shardSlice } from './shard.js';

export interface SelectionRequest extends CaseCriteria {
  readonly shard: ShardSpec | null;
  /** `--last-failed`: the run whose failed cases `only` lists. */
  readonly last_failed_of: string | null;
}

export type SelectionPlan =
  | { readonly ok: true; readonly cases: readonly TestCaseConfig[]; readonly selection: RunSelection }
  | { readonly ok: false; readonly message: string };

export const SELECT_ALL: SelectionRequest = {
  filters: [],
  grep: null,
  exclude: [],
  only: null,
  limit: null,
  shard: null,
  last_failed_of: null,
};

export function planSelection(all: readonly TestCaseConfig[], request: SelectionRequest): SelectionPlan {
  const selected = selectTestCases(all, request);
  if (!selected.ok) return selected;
  const selection: RunSelection = {
    filter: request.filters.length === 1 ? (request.filters[0] as string) : null,
    filters: [...request.filters],
    grep: request.grep,
    exclude: [...request.exclude],
    last_failed: request.only === null ? null : { run_id: request.last_failed_of ?? '', names: [...request.only] },
    limit: request.limit,
    shard: request.shard,
    suite_cases: selected.cases.length,
    suite_fingerprint: suiteFingerprint(selected.cases.map((testCase) => testCase.name)),
    suite_content: suiteContent(selected.cases),
  };
  const cases = request.shard === null ? selected.cases : shardSlice(selected.cases, request.shard);
  return { ok: true, cases, selection };
}

/** The request that repeats a stored selection (records written before `filters` existed carry `filter`). */
export function requestOf(stored: RunSelection | null | undefined): SelectionRequest {
  if (stored === null || stored === undefined) return SELECT_ALL;
  return {
    filters: stored.filters ?? (stored.filter === null || stored.filter === undefined ? [] : [stored.filter]),
    grep: stored.grep ?? null,
    exclude: stored.exclude ?? [],
    only: stored.last_failed?.names ?? null,
    last_failed_of: stored.last_failed?.run_id ?? null,
    limit: stored.limit,
    shard: stored.shard,
  };
}

/** A short hash of what the cases ask and expect, in order: equal for every shard of one unchanged suite. */
export function suiteContent(cases: readonly TestCaseConfig[]): string {
  const hash = createHash('sha256');
  for (const testCase of cases) hash.update(`${JSON.stringify(testCase, contentOnly)}\n`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * What a case is, not where it was loaded: a compiled pattern (its pattern is kept) and file paths, which differ
 * between the machines the shards of one suite run on, are left out.
 */
export function contentOnly(key: string, value: unknown): unknown {
  if (key === 'regex' && typeof value === 'object' && value !== null) return undefined;
  return PLACE_KEYS.has(key) && typeof value === 'string' ? undefined : value;
}

const PLACE_KEYS = new Set(['file', 'path', 'config_path', 'base_dir']);

/** A short hash of the case names in order: equal for every shard of one suite. */
export function suiteFingerprint(names: readonly string[]): string {
  // One update of the same bytes (each name and a newline), not one per name.
  const text = names.length === 0 ? '' : `${names.join('\n')}\n`;
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

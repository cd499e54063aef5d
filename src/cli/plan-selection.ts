/** Which test cases a run covers: `--filter`, `--limit`, then `--shard`, recorded so a resume or merge can check. */
import { createHash } from 'node:crypto';
import type { TestCaseConfig } from '../core/config-types.js';
import type { RunSelection, ShardSpec } from '../reporters/run-record.js';
import { selectTestCases } from './select-test-cases.js';
import { shardSlice } from './shard.js';

export interface SelectionRequest {
  readonly filter: string | null;
  readonly limit: number | null;
  readonly shard: ShardSpec | null;
}

export type SelectionPlan =
  | { readonly ok: true; readonly cases: readonly TestCaseConfig[]; readonly selection: RunSelection }
  | { readonly ok: false; readonly message: string };

export function planSelection(all: readonly TestCaseConfig[], request: SelectionRequest): SelectionPlan {
  const selected = selectTestCases(all, request.filter ?? undefined, request.limit ?? undefined);
  if (!selected.ok) return selected;
  const selection: RunSelection = {
    filter: request.filter,
    limit: request.limit,
    shard: request.shard,
    suite_cases: selected.cases.length,
    suite_fingerprint: suiteFingerprint(selected.cases.map((testCase) => testCase.name)),
  };
  const cases = request.shard === null ? selected.cases : shardSlice(selected.cases, request.shard);
  return { ok: true, cases, selection };
}

/** A short hash of the case names in order: equal for every shard of one suite. */
export function suiteFingerprint(names: readonly string[]): string {
  const hash = createHash('sha256');
  for (const name of names) hash.update(`${name}\n`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The shards of a model matrix run on CI (`--model a --model b --shard i/n` in each job): each job leaves one
 * record per model, tied by the job's comparison id. Merged, they make one run per model, and the models'
 * runs one matrix again. Pure: the loaded shards in, the models and their shards out.
 */
import { basename } from 'node:path';
import { compareRunNames, parseRunName } from '../../core/run-record-name.js';
import type { UnfinishedRun } from './check-shards.js';
import type { LoadedShard } from './loaded-shard.js';
import { declaredModels } from './matrix-models.js';

export interface ModelGroup {
  /** `provider:name`, as the matrix labels it. */
  readonly model: string;
  readonly shards: readonly LoadedShard[];
  /** The logs of unfinished runs of this model (and, for the first model, those that name none). */
  readonly unfinished: readonly UnfinishedRun[];
}

/**
 * One group per model, in the matrix's model order, when the records are shards of a model matrix (each from a
 * matrix run, two models or more); null otherwise — then they are one run's shards, checked as such.
 */
export function modelGroups(shards: readonly LoadedShard[], unfinished: readonly UnfinishedRun[]): ModelGroup[] | null {
  const sharded = shards.filter(({ shard }) => shard.selection?.shard != null);
  if (sharded.length === 0 || sharded.some(({ metadata }) => metadata.comparison_id === undefined)) return null;
  const models = new Map<string, LoadedShard[]>();
  // A matrix job writes its models' records in the matrix's order, named at its start: the first shard's
  // records, by name, give the order.
  const ordered = [...shards].sort((a, b) => shardIndex(a) - shardIndex(b) || byRecordName(a.shard.path, b.shard.path));
  for (const loaded of ordered) {
    const model = loaded.shard.settings?.model ?? 'no model';
    models.set(model, [...(models.get(model) ?? []), loaded]);
  }
  // A matrix whose other models left no record anywhere is still a matrix: mergeMatrix names what is missing.
  if (models.size < 2 && declaredModels(sharded).length < 2) return null;
  return [...models].map(([model, group], i) => ({
    model,
    shards: group,
    unfinished: unfinished.filter((run) => run.model === model || (i === 0 && run.model === null)),
  }));
}

/**
 * Shards of a model matrix run given with shards of a one-model run: neither merge makes sense of both, and each
 * would refuse them with messages about overlapping cases or other models. Null when they are of one kind.
 */
export function mixedRunKindsProblem(shards: readonly LoadedShard[]): string | null {
  const sharded = shards.filter(({ shard }) => shard.selection?.shard != null);
  const matrix = sharded.find(({ metadata }) => metadata.comparison_id !== undefined);
  const single = sharded.find(({ metadata }) => metadata.comparison_id === undefined);
  if (matrix === undefined || single === undefined) return null;
  return `${matrix.shard.path} is a shard of a model matrix run (several --model), ${single.shard.path} of a one-model run: merge the shards of one run at a time`;
}

/**
 * Records in the order they were named: by their start time, then by the `-2`, `-3` a record started in the same
 * millisecond gets (`…284Z.json` before `…284Z-2.json`, which a plain comparison of the names reverses).
 */
function byRecordName(a: string, b: string): number {
  const [x, y] = [a, b].map((path) => parseRunName(basename(path).replace(/\.json$/, '')));
  const named = x === null || x === undefined || y === null || y === undefined ? 0 : compareRunNames(x, y);
  return named || (a < b ? -1 : a > b ? 1 : 0);
}

/** A record that is no shard (an earlier merge in the same folder) comes last: it is skipped, not ordered by. */
function shardIndex(loaded: LoadedShard): number {
  return loaded.shard.selection?.shard?.index ?? Number.POSITIVE_INFINITY;
}

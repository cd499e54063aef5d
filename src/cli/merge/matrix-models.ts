/**
 * The models of the model matrix a shard's job ran, so that a model whose records are missing from every shard
 * is named rather than left out of the merge. Pure: loaded shards in, problems out.
 */

import { parseModelOption } from '../parse-model-option.js';
import { formatShard } from '../shard.js';
import type { LoadedShard } from './loaded-shard.js';

/**
 * `provider:name` of each model of the matrix, in its order: as the record names them, else as the `--model`s of
 * its command line (records that do not name them); null when neither says (e.g. a matrix of `models:`).
 */
export function matrixModelsOf(metadata: LoadedShard['metadata']): readonly string[] | null {
  if (metadata.comparison_id === undefined) return null;
  if (metadata.comparison_models !== undefined) return metadata.comparison_models;
  const given: string[] = [];
  metadata.cli_args.forEach((arg, at) => {
    const value = arg === '--model' ? metadata.cli_args[at + 1] : arg.startsWith('--model=') ? arg.slice(8) : undefined;
    const parsed = value === undefined ? null : parseModelOption(value);
    if (parsed?.ok === true) given.push(`${parsed.value.provider}:${parsed.value.name}`);
  });
  return given.length > 1 ? given : null;
}

/** The models the shards' matrix ran, in order, over every shard record; empty when no record says. */
export function declaredModels(shards: readonly LoadedShard[]): string[] {
  const models = new Set<string>();
  for (const { shard, metadata } of shards) {
    if (shard.selection?.shard == null) continue;
    for (const model of matrixModelsOf(metadata) ?? []) models.add(model);
  }
  return [...models];
}

/** Each model the matrix ran of which no shard record is there, named with the shards found. */
export function absentModels(shards: readonly LoadedShard[], present: ReadonlySet<string>): string[] {
  const declared = declaredModels(shards);
  const found = [
    ...new Set(
      shards.flatMap(({ shard }) => (shard.selection?.shard == null ? [] : [formatShard(shard.selection.shard)])),
    ),
  ].sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
  return declared
    .filter((model) => !present.has(model))
    .map(
      (model) =>
        `${model}: no record of this model is among the shards (${found.join(', ')}), though their jobs ran it in ` +
        `a model matrix of ${declared.join(', ')}: give the records of every model of every shard`,
    );
}

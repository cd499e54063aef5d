/** `--shard i/n`: a deterministic slice of the selected test cases, for splitting a suite across machines. */
import type { ShardSpec } from '../records/run-record.js';

export type { ShardSpec } from '../records/run-record.js';

/**
 * Parses `2/4` (1-based index, then the number of shards), or `auto` (read from the CI's environment when the
 * run starts: shard-from-environment.ts); throws an Error saying what is wrong.
 */
export function parseShard(text: string): ShardSpec | 'auto' {
  if (text.trim().toLowerCase() === 'auto') return 'auto';
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (match === null) throw new Error(`expected INDEX/TOTAL such as 2/4, or auto, got "${text}"`);
  const index = Number(match[1]);
  const total = Number(match[2]);
  if (total < 1) throw new Error(`the number of shards must be at least 1, got ${total}`);
  if (index < 1 || index > total) throw new Error(`the shard index must be between 1 and ${total}, got ${index}`);
  return { index, total };
}

/**
 * Shard `index` of `total`: contiguous blocks in case order whose sizes differ by at most one, the larger
 * blocks first. Every case falls in exactly one shard, and concatenating the shards restores the order.
 */
export function shardSlice<T>(items: readonly T[], shard: ShardSpec): readonly T[] {
  const size = Math.floor(items.length / shard.total);
  const extra = items.length % shard.total;
  const i = shard.index - 1;
  const start = i * size + Math.min(i, extra);
  return items.slice(start, start + size + (i < extra ? 1 : 0));
}

export function formatShard(shard: ShardSpec): string {
  return `${shard.index}/${shard.total}`;
}

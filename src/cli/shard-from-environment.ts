/**
 * `--shard auto`: the shard index and count from the environment of the CI or batch system that started the
 * job — GitLab CI `parallel:`, CircleCI `parallelism`, Buildkite `parallelism`, a Kubernetes Indexed Job —
 * so a job template needs no shard arithmetic. Pure: the environment in, a shard or the reason out.
 */
import type { ShardSpec } from '../records/run-record.js';
import { formatShard } from './shard.js';

type Env = Readonly<Record<string, string | undefined>>;

interface Engine {
  readonly name: string;
  readonly index: string;
  /** The variable holding the number of shards; null when the engine has none (Kubernetes). */
  readonly total: string | null;
  /** The first index: GitLab counts from 1, the others from 0. */
  readonly base: 0 | 1;
}

/** The engines `--shard auto` reads, in the order they are tried (documented variables and bases). */
export const SHARD_ENGINES: readonly Engine[] = [
  { name: 'GitLab CI', index: 'CI_NODE_INDEX', total: 'CI_NODE_TOTAL', base: 1 },
  { name: 'CircleCI', index: 'CIRCLE_NODE_INDEX', total: 'CIRCLE_NODE_TOTAL', base: 0 },
  { name: 'Buildkite', index: 'BUILDKITE_PARALLEL_JOB', total: 'BUILDKITE_PARALLEL_JOB_COUNT', base: 0 },
  { name: 'a Kubernetes Indexed Job', index: 'JOB_COMPLETION_INDEX', total: null, base: 0 },
];

/** The number of shards of a Kubernetes Indexed Job (its `spec.completions`), when not given by `--shard-total`. */
export const SHARD_TOTAL_ENV = 'HOLODECK_SHARD_TOTAL';

export type AutoShard =
  | {
      readonly ok: true;
      readonly shard: ShardSpec;
      /** What was read, for the line the run prints: `shard 2/4 from GitLab CI (CI_NODE_INDEX=2, CI_NODE_TOTAL=4)`. */
      readonly source: string;
    }
  | { readonly ok: false; readonly message: string };

interface Read {
  readonly shard: ShardSpec;
  readonly source: string;
  /** False for one shard of one (GitLab sets CI_NODE_TOTAL=1 in every job without `parallel:`): another engine's wins. */
  readonly parallel: boolean;
}

/** `totalOption`: `--shard-total N`, which wins over HOLODECK_SHARD_TOTAL. */
export function shardFromEnvironment(env: Env, totalOption?: number): AutoShard {
  const given = givenTotal(env, totalOption);
  if (!given.ok) return given;
  const found: Read[] = [];
  for (const engine of SHARD_ENGINES) {
    const read = readEngine(engine, env, given);
    if (read === null) continue;
    if ('message' in read) return { ok: false, message: read.message };
    found.push(read);
  }
  const parallel = found.filter((f) => f.parallel);
  const chosen = parallel.length > 0 ? parallel : found;
  const first = chosen[0];
  if (first === undefined) return { ok: false, message: noneFound() };
  const other = chosen.find((f) => formatShard(f.shard) !== formatShard(first.shard));
  if (other !== undefined) {
    return {
      ok: false,
      message:
        `--shard auto: the environment names two different shards, ${formatShard(first.shard)} from ` +
        `${first.source} and ${formatShard(other.shard)} from ${other.source}; pass --shard I/N instead`,
    };
  }
  if (given.total !== null && given.total !== first.shard.total) {
    return {
      ok: false,
      message: `--shard auto: ${given.label} disagrees with ${first.source}, which makes ${first.shard.total} shards`,
    };
  }
  return { ok: true, shard: first.shard, source: first.source };
}

type GivenTotal = { readonly ok: true; readonly total: number | null; readonly label: string };

function givenTotal(
  env: Env,
  option: number | undefined,
): GivenTotal | { readonly ok: false; readonly message: string } {
  if (option !== undefined) return { ok: true, total: option, label: `--shard-total ${option}` };
  const raw = present(env[SHARD_TOTAL_ENV]);
  if (raw === null) return { ok: true, total: null, label: '' };
  const total = wholeNumber(raw);
  if (total === null || total < 1) {
    return { ok: false, message: `--shard auto: ${SHARD_TOTAL_ENV}="${raw}" is not a whole number >= 1` };
  }
  return { ok: true, total, label: `${SHARD_TOTAL_ENV}=${total}` };
}

function readEngine(engine: Engine, env: Env, given: GivenTotal): Read | { readonly message: string } | null {
  const rawIndex = present(env[engine.index]);
  const rawTotal = engine.total === null ? null : present(env[engine.total]);
  if (rawIndex === null && rawTotal === null) return null;
  const where = `--shard auto (${engine.name})`;
  let total: number;
  let totalText: string;
  if (engine.total === null) {
    if (given.total === null) {
      return {
        message:
          `${where}: ${engine.index}=${rawIndex} gives this pod's index but not the number of shards: pass ` +
          `--shard-total N or set ${SHARD_TOTAL_ENV}=N, N being the Job's spec.completions`,
      };
    }
    total = given.total;
    totalText = given.label;
  } else {
    if (rawTotal === null) return { message: `${where}: ${engine.index} is set but ${engine.total} is not` };
    const parsed = wholeNumber(rawTotal);
    if (parsed === null || parsed < 1) {
      return { message: `${where}: ${engine.total}="${rawTotal}" is not a whole number >= 1` };
    }
    total = parsed;
    totalText = `${engine.total}=${total}`;
  }
  if (rawIndex === null) {
    if (total !== 1) return { message: `${where}: ${totalText} is set but ${engine.index} is not` };
    return { shard: { index: 1, total: 1 }, source: `${engine.name}, not parallel (${totalText})`, parallel: false };
  }
  const index = wholeNumber(rawIndex);
  const last = total - 1 + engine.base;
  if (index === null || index < engine.base || index > last) {
    return {
      message:
        `${where}: ${engine.index}="${rawIndex}" is not an index from ${engine.base} to ${last}` +
        ` (${engine.name} counts from ${engine.base}; ${totalText})`,
    };
  }
  return {
    shard: { index: index - engine.base + 1, total },
    source: `${engine.name} (${engine.index}=${index}, ${totalText})`,
    parallel: total > 1,
  };
}
function noneFound(): string {
  const engines = SHARD_ENGINES.map((engine) =>
    engine.total === null
      ? `${engine.name} (${engine.index} with --shard-total or ${SHARD_TOTAL_ENV})`
      : `${engine.name} (${engine.index}, ${engine.total})`,
  );
  const list = `${engines.slice(0, -1).join(', ')} or ${engines.at(-1)}`;
  return `--shard auto found no shard in the environment; it reads ${list}. Elsewhere pass --shard I/N`;
}

function present(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? null : trimmed;
}

function wholeNumber(text: string): number | null {
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

export type ShardOption =
  | { readonly ok: true; readonly shard: ShardSpec | undefined; readonly notice: string | null }
  | { readonly ok: false; readonly message: string };

/** `holodeck test --shard`: I/N as parsed, or `auto` read from the environment; `--shard-total` only with auto. */
export function resolveShardOption(
  shard: ShardSpec | 'auto' | undefined,
  shardTotal: number | undefined,
  env: Env,
): ShardOption {
  if (shard !== 'auto') {
    if (shardTotal !== undefined) {
      return fail(`--shard-total goes with --shard auto (it gives a Kubernetes Indexed Job's number of shards)`);
    }
    return { ok: true, shard, notice: null };
  }
  const found = shardFromEnvironment(env, shardTotal);
  if (!found.ok) return fail(found.message);
  return { ok: true, shard: found.shard, notice: `shard ${formatShard(found.shard)} from ${found.source}` };
}

function fail(message: string): ShardOption {
  return { ok: false, message };
}

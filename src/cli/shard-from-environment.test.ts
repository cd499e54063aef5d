import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveShardOption, SHARD_ENGINES, shardFromEnvironment } from './shard-from-environment.js';

const found = (env: Record<string, string>, total?: number) => {
  const result = shardFromEnvironment(env, total);
  return result.ok ? { shard: result.shard, source: result.source } : { error: result.message };
};

describe('shardFromEnvironment', () => {
  it('reads each engine with its own base: GitLab from 1, CircleCI, Buildkite and Kubernetes from 0', () => {
    expect(found({ CI_NODE_INDEX: '2', CI_NODE_TOTAL: '4' })).toEqual({
      shard: { index: 2, total: 4 },
      source: 'GitLab CI (CI_NODE_INDEX=2, CI_NODE_TOTAL=4)',
    });
    expect(found({ CIRCLE_NODE_INDEX: '0', CIRCLE_NODE_TOTAL: '3' })).toEqual({
      shard: { index: 1, total: 3 },
      source: 'CircleCI (CIRCLE_NODE_INDEX=0, CIRCLE_NODE_TOTAL=3)',
    });
    expect(found({ BUILDKITE_PARALLEL_JOB: '4', BUILDKITE_PARALLEL_JOB_COUNT: '5' })).toEqual({
      shard: { index: 5, total: 5 },
      source: 'Buildkite (BUILDKITE_PARALLEL_JOB=4, BUILDKITE_PARALLEL_JOB_COUNT=5)',
    });
    expect(found({ JOB_COMPLETION_INDEX: '3', HOLODECK_SHARD_TOTAL: '4' })).toEqual({
      shard: { index: 4, total: 4 },
      source: 'a Kubernetes Indexed Job (JOB_COMPLETION_INDEX=3, HOLODECK_SHARD_TOTAL=4)',
    });
    expect(found({ JOB_COMPLETION_INDEX: '0', HOLODECK_SHARD_TOTAL: '9' }, 2)).toEqual({
      shard: { index: 1, total: 2 },
      source: 'a Kubernetes Indexed Job (JOB_COMPLETION_INDEX=0, --shard-total 2)',
    });
  });

  it('maps every index of every engine to exactly one shard of 1..N', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SHARD_ENGINES), fc.integer({ min: 1, max: 60 }), (engine, total) => {
        const shards = Array.from({ length: total }, (_, i) => {
          const env: Record<string, string> = { [engine.index]: String(i + engine.base) };
          if (engine.total !== null) env[engine.total] = String(total);
          const result = shardFromEnvironment(env, engine.total === null ? total : undefined);
          return result.ok ? result.shard.index : -1;
        });
        expect(shards).toEqual(Array.from({ length: total }, (_, i) => i + 1));
      }),
      { numRuns: 100 },
    );
  });

  it('takes a job without parallelism (GitLab: CI_NODE_TOTAL=1 alone) as the only shard, unless another engine shards', () => {
    expect(found({ CI_NODE_TOTAL: '1' })).toEqual({
      shard: { index: 1, total: 1 },
      source: 'GitLab CI, not parallel (CI_NODE_TOTAL=1)',
    });
    expect(found({ CI_NODE_TOTAL: '1', JOB_COMPLETION_INDEX: '1', HOLODECK_SHARD_TOTAL: '3' })).toMatchObject({
      shard: { index: 2, total: 3 },
    });
    expect(
      found({
        CIRCLE_NODE_INDEX: '0',
        CIRCLE_NODE_TOTAL: '1',
        BUILDKITE_PARALLEL_JOB: '2',
        BUILDKITE_PARALLEL_JOB_COUNT: '3',
      }),
    ).toEqual({
      shard: { index: 3, total: 3 },
      source: 'Buildkite (BUILDKITE_PARALLEL_JOB=2, BUILDKITE_PARALLEL_JOB_COUNT=3)',
    });
  });

  it('accepts engines that agree, refuses engines that name different shards', () => {
    expect(found({ CI_NODE_INDEX: '1', CI_NODE_TOTAL: '2', CIRCLE_NODE_INDEX: '0', CIRCLE_NODE_TOTAL: '2' })).toEqual({
      shard: { index: 1, total: 2 },
      source: 'GitLab CI (CI_NODE_INDEX=1, CI_NODE_TOTAL=2)',
    });
    expect(
      found({ CI_NODE_INDEX: '1', CI_NODE_TOTAL: '2', BUILDKITE_PARALLEL_JOB: '1', BUILDKITE_PARALLEL_JOB_COUNT: '2' }),
    ).toEqual({
      error:
        '--shard auto: the environment names two different shards, 1/2 from GitLab CI (CI_NODE_INDEX=1, ' +
        'CI_NODE_TOTAL=2) and 2/2 from Buildkite (BUILDKITE_PARALLEL_JOB=1, BUILDKITE_PARALLEL_JOB_COUNT=2); ' +
        'pass --shard I/N instead',
    });
  });

  it.each([
    [{}, /found no shard in the environment; it reads GitLab CI \(CI_NODE_INDEX, CI_NODE_TOTAL\), CircleCI/],
    [{ HOLODECK_SHARD_TOTAL: '4' }, /found no shard in the environment/],
    [
      { CI_NODE_INDEX: '0', CI_NODE_TOTAL: '4' },
      /CI_NODE_INDEX="0" is not an index from 1 to 4 \(GitLab CI counts from 1/,
    ],
    [{ CI_NODE_INDEX: '5', CI_NODE_TOTAL: '4' }, /CI_NODE_INDEX="5" is not an index from 1 to 4/],
    [{ CIRCLE_NODE_INDEX: '3', CIRCLE_NODE_TOTAL: '3' }, /CIRCLE_NODE_INDEX="3" is not an index from 0 to 2/],
    [{ BUILDKITE_PARALLEL_JOB: 'x', BUILDKITE_PARALLEL_JOB_COUNT: '2' }, /BUILDKITE_PARALLEL_JOB="x" is not an index/],
    [
      { BUILDKITE_PARALLEL_JOB: '-1', BUILDKITE_PARALLEL_JOB_COUNT: '2' },
      /BUILDKITE_PARALLEL_JOB="-1" is not an index/,
    ],
    [{ CI_NODE_INDEX: '1', CI_NODE_TOTAL: '0' }, /\(GitLab CI\): CI_NODE_TOTAL="0" is not a whole number >= 1/],
    [{ CI_NODE_INDEX: '1', CI_NODE_TOTAL: '2.5' }, /CI_NODE_TOTAL="2.5" is not a whole number/],
    [{ CI_NODE_INDEX: '1' }, /\(GitLab CI\): CI_NODE_INDEX is set but CI_NODE_TOTAL is not/],
    [{ CIRCLE_NODE_TOTAL: '4' }, /\(CircleCI\): CIRCLE_NODE_TOTAL=4 is set but CIRCLE_NODE_INDEX is not/],
    [
      { JOB_COMPLETION_INDEX: '2' },
      /JOB_COMPLETION_INDEX=2 gives this pod's index but not the number of shards: pass --shard-total N or set HOLODECK_SHARD_TOTAL=N/,
    ],
    [{ JOB_COMPLETION_INDEX: '4', HOLODECK_SHARD_TOTAL: '4' }, /JOB_COMPLETION_INDEX="4" is not an index from 0 to 3/],
    [
      { JOB_COMPLETION_INDEX: '1', HOLODECK_SHARD_TOTAL: 'four' },
      /HOLODECK_SHARD_TOTAL="four" is not a whole number >= 1/,
    ],
    [
      { CI_NODE_INDEX: '1', CI_NODE_TOTAL: '4', HOLODECK_SHARD_TOTAL: '3' },
      /HOLODECK_SHARD_TOTAL=3 disagrees with GitLab CI \(CI_NODE_INDEX=1, CI_NODE_TOTAL=4\), which makes 4 shards/,
    ],
  ])('refuses %j', (env, message) => {
    const result = shardFromEnvironment(env as Record<string, string>);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toMatch(message);
  });

  it('refuses a --shard-total that disagrees with the engine', () => {
    expect(found({ CIRCLE_NODE_INDEX: '1', CIRCLE_NODE_TOTAL: '4' }, 3)).toEqual({
      error:
        '--shard auto: --shard-total 3 disagrees with CircleCI (CIRCLE_NODE_INDEX=1, CIRCLE_NODE_TOTAL=4), which makes 4 shards',
    });
  });
});

describe('resolveShardOption', () => {
  it('passes I/N and no shard through, and resolves auto with the line the run prints', () => {
    expect(resolveShardOption({ index: 1, total: 2 }, undefined, { CI_NODE_INDEX: '2', CI_NODE_TOTAL: '2' })).toEqual({
      ok: true,
      shard: { index: 1, total: 2 },
      notice: null,
    });
    expect(resolveShardOption(undefined, undefined, {})).toEqual({ ok: true, shard: undefined, notice: null });
    expect(resolveShardOption('auto', undefined, { CI_NODE_INDEX: '2', CI_NODE_TOTAL: '2' })).toEqual({
      ok: true,
      shard: { index: 2, total: 2 },
      notice: 'shard 2/2 from GitLab CI (CI_NODE_INDEX=2, CI_NODE_TOTAL=2)',
    });
  });

  it('takes --shard-total only with --shard auto', () => {
    for (const shard of [undefined, { index: 1, total: 2 }]) {
      expect(resolveShardOption(shard, 2, {})).toEqual({
        ok: false,
        message: "--shard-total goes with --shard auto (it gives a Kubernetes Indexed Job's number of shards)",
      });
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { RunRecordMetadata } from '../../reporters/run-record-reporter.js';
import type { LoadedShard } from './loaded-shard.js';
import { mixedRunKindsProblem, modelGroups } from './model-groups.js';

function record(path: string, model: string, index: number | null, comparison: string | null = 'c'): LoadedShard {
  return {
    shard: {
      path,
      run_id: path,
      state: 'completed',
      agent_name: 'a',
      selection:
        index === null ? null : { limit: null, shard: { index, total: 2 }, suite_cases: 4, suite_fingerprint: 'f' },
      names: [],
      turns: 0,
      settings: { model, backend: 'ai_sdk', repeat: 1, min_pass_rate: null },
    },
    metadata: { comparison_id: comparison ?? undefined, cli_args: [] } as unknown as RunRecordMetadata,
    agent_config_path: '/p/agent.yaml',
    holodeck_version: '0.1.0',
  };
}

describe('modelGroups', () => {
  it('orders the models as the matrix job named their records, `-2` after the name without it', () => {
    const groups = modelGroups(
      [
        record('/r/s2/2026-12-07T00-00-01-000Z-3.json', 'openai:m3', 2),
        record('/r/s1/2026-12-07T00-00-00-284Z-2.json', 'openai:m2', 1),
        record('/r/s1/2026-12-07T00-00-00-284Z-3.json', 'openai:m3', 1),
        record('/r/s1/2026-12-07T00-00-00-284Z.json', 'openai:m1', 1),
        record('/r/s2/2026-12-07T00-00-01-000Z.json', 'openai:m1', 2),
        record('/r/s2/2026-12-07T00-00-01-000Z-2.json', 'openai:m2', 2),
      ],
      [],
    );
    expect(groups?.map((group) => group.model)).toEqual(['openai:m1', 'openai:m2', 'openai:m3']);
    expect(groups?.[1]?.shards.map((loaded) => loaded.shard.path)).toEqual([
      '/r/s1/2026-12-07T00-00-00-284Z-2.json',
      '/r/s2/2026-12-07T00-00-01-000Z-2.json',
    ]);
  });

  it('is no matrix when a shard record has no comparison id, or one model is all there is', () => {
    expect(
      modelGroups([record('/r/a.json', 'openai:m1', 1), record('/r/b.json', 'openai:m2', 2, null)], []),
    ).toBeNull();
    expect(modelGroups([record('/r/a.json', 'openai:m1', 1), record('/r/b.json', 'openai:m1', 2)], [])).toBeNull();
  });

  it('is a matrix when one model is all there is but the records name the matrix of more', () => {
    const named = (path: string, index: number): LoadedShard => {
      const loaded = record(path, 'openai:m1', index);
      return { ...loaded, metadata: { ...loaded.metadata, comparison_models: ['openai:m1', 'openai:m2'] } };
    };
    expect(modelGroups([named('/r/a.json', 1), named('/r/b.json', 2)], [])?.map((g) => g.model)).toEqual(['openai:m1']);
  });

  it('names a matrix shard given with a one-model shard, and is silent on shards of one kind', () => {
    expect(mixedRunKindsProblem([record('/r/a.json', 'openai:m1', 1), record('/r/b.json', 'openai:m1', 2, null)])).toBe(
      '/r/a.json is a shard of a model matrix run (several --model), /r/b.json of a one-model run: merge the shards of one run at a time',
    );
    expect(mixedRunKindsProblem([record('/r/a.json', 'openai:m1', 1), record('/r/b.json', 'openai:m2', 2)])).toBeNull();
    expect(
      mixedRunKindsProblem([record('/r/a.json', 'openai:m1', 1, null), record('/r/b.json', 'openai:m1', 2, null)]),
    ).toBeNull();
    // An earlier merge (no shard) in the folder is skipped later, whatever its kind.
    expect(
      mixedRunKindsProblem([record('/r/a.json', 'openai:m1', 1), record('/r/m.json', 'openai:m1', null, null)]),
    ).toBeNull();
  });
});

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chosenModel, configBases, configLabel, normalizeSelection, runGroup, selectionLabel } from './run-group.js';

/** A selection as `holodeck test` stores it in `metadata.selection`. */
function stored(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    filter: null,
    filters: [],
    grep: null,
    exclude: [],
    last_failed: null,
    limit: null,
    shard: null,
    suite_cases: 12,
    suite_fingerprint: '0123456789abcdef',
    ...fields,
  };
}

const PROJECT = join('/', 'work', 'project');
const CONFIG = join(PROJECT, 'agent.yaml');
const OTHER = join(PROJECT, 'evals', 'agent.yaml');
const bases = [PROJECT];

describe('normalizeSelection', () => {
  it('reads what decides which cases ran, and nothing when the record has no selection', () => {
    expect(normalizeSelection(stored({ filters: ['rev*', 'op*'], grep: '^a', limit: 5 }))).toEqual({
      filters: ['rev*', 'op*'],
      grep: '^a',
      exclude: [],
      last_failed: null,
      limit: 5,
      shard: null,
    });
    expect(normalizeSelection(undefined)).toBeNull();
    expect(normalizeSelection(null)).toBeNull();
  });

  it('takes the single filter of older records, the last-failed run and the shard', () => {
    const older = { filter: 'rev*', limit: null, shard: { index: 2, total: 3 } };
    expect(normalizeSelection(older)).toMatchObject({ filters: ['rev*'], shard: { index: 2, total: 3 } });
    const retried = stored({ last_failed: { run_id: 'fa/2026-12-01T09-00-00-000Z', names: ['a', 'b'] } });
    expect(normalizeSelection(retried)?.last_failed).toEqual({ run_id: 'fa/2026-12-01T09-00-00-000Z', cases: 2 });
    expect(normalizeSelection(stored({ shard: { index: 0, total: 3 }, limit: -1 }))).toMatchObject({
      shard: null,
      limit: null,
    });
  });
});

describe('selectionLabel', () => {
  it.each([
    [stored(), 'all test cases'],
    [stored({ filters: ['revenue*'] }), 'filter "revenue*"'],
    [stored({ filters: ['a*', 'b*'], exclude: ['slow*'] }), 'filter "a*", "b*" · exclude "slow*"'],
    [stored({ grep: 'turn [0-9]', limit: 5 }), 'grep /turn [0-9]/ · limit 5'],
    [stored({ shard: { index: 1, total: 3 } }), 'shard 1/3'],
    [stored({ last_failed: { run_id: 'fa/1', names: ['x'] } }), 'last failed'],
  ])('labels %j as %s', (selection, label) => {
    expect(selectionLabel(normalizeSelection(selection))).toBe(label);
  });

  it('says when the record kept no selection', () => {
    expect(selectionLabel(null)).toBe('selection not recorded');
  });
});

describe('configLabel', () => {
  it('shows the config relative to the nearest base folder that holds it', () => {
    expect(configLabel(CONFIG, bases)).toBe('agent.yaml');
    expect(configLabel(OTHER, bases)).toBe('evals/agent.yaml');
    expect(configLabel(OTHER, [join(PROJECT, 'evals'), PROJECT])).toBe('agent.yaml');
    expect(configLabel(CONFIG, [join(PROJECT, 'evals'), PROJECT])).toBe('agent.yaml');
    // Results kept in a temporary folder: its parent holds everything, but the project is nearer.
    expect(configLabel(OTHER, [join('/'), PROJECT])).toBe('evals/agent.yaml');
  });

  it('keeps a path outside every base, a relative one and an unknown one as recorded', () => {
    const elsewhere = join('/', 'ci', 'build', 'agent.yaml');
    expect(configLabel(elsewhere, bases)).toBe(elsewhere);
    expect(configLabel('agent.yaml', bases)).toBe('agent.yaml');
    expect(configLabel('', bases)).toBe('');
    expect(configLabel(PROJECT, bases)).toBe(PROJECT);
  });

  it('takes the folder holding the results folder, then the working directory', () => {
    expect(configBases(join(PROJECT, 'results'), join('/', 'elsewhere'))).toEqual([PROJECT, join('/', 'elsewhere')]);
  });
});

describe('runGroup', () => {
  const group = (path: string, selection: Record<string, unknown> | null, slug = 'fa') =>
    runGroup(path, normalizeSelection(selection), slug, bases);

  it('is one group for runs of one config with the same selection, whatever the suite size or pattern order', () => {
    const a = group(CONFIG, stored({ filters: ['a*', 'b*'] }));
    const b = group(CONFIG, stored({ filters: ['b*', 'a*'], suite_cases: 40, suite_fingerprint: 'ffff' }));
    expect(a.key).toBe(b.key);
    expect(a.key).toMatch(/^[0-9a-f]{12}$/);
    expect(group(CONFIG, stored({ last_failed: { run_id: 'x', names: ['1'] } })).key).toBe(
      group(CONFIG, stored({ last_failed: { run_id: 'y', names: ['2', '3'] } })).key,
    );
  });

  it('separates config files, filters, grep, exclusions, limits, shards, last-failed runs and unknown selections', () => {
    const keys = [
      group(CONFIG, stored()),
      group(OTHER, stored()),
      group(CONFIG, stored({ filters: ['a*'] })),
      group(CONFIG, stored({ grep: 'a' })),
      group(CONFIG, stored({ exclude: ['a*'] })),
      group(CONFIG, stored({ limit: 5 })),
      group(CONFIG, stored({ shard: { index: 1, total: 2 } })),
      group(CONFIG, stored({ shard: { index: 2, total: 2 } })),
      group(CONFIG, stored({ last_failed: { run_id: 'x', names: [] } })),
      group(CONFIG, null),
      group('', stored()),
    ].map((g) => g.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('does not depend on the agent name when the config is known, and falls back to it when not', () => {
    expect(group(CONFIG, stored(), 'fa').key).toBe(group(CONFIG, stored(), 'renamed-agent').key);
    expect(group('', stored(), 'fa').key).not.toBe(group('', stored(), 'bot').key);
  });

  it('carries the labels people read', () => {
    expect(group(OTHER, stored({ limit: 5 }))).toMatchObject({
      config_path: OTHER,
      config_label: 'evals/agent.yaml',
      selection_label: 'limit 5',
    });
  });
});

describe('chosenModel', () => {
  const model = { provider: 'openai', name: 'gpt-4o' };
  it('splits a history by the model only when the command line or a matrix chose it', () => {
    expect(chosenModel(model, ['test', 'agent.yaml'], null)).toBeNull();
    expect(chosenModel(model, ['test', '--model', 'openai:gpt-4o'], null)).toBe(model);
    expect(chosenModel(model, ['test', '--model=openai:gpt-4o'], null)).toBe(model);
    expect(chosenModel(model, ['test'], 'matrix-1')).toBe(model);
    expect(chosenModel(null, ['test', '--model', 'x:y'], 'matrix-1')).toBeNull();
  });

  it('keeps the key of runs without a chosen model, and gives each chosen model its own', () => {
    const config = join(PROJECT, 'agent.yaml');
    const plain = runGroup(config, null, 'fa', bases);
    expect(runGroup(config, null, 'fa', bases, null).key).toBe(plain.key);
    const gpt = runGroup(config, null, 'fa', bases, model);
    const other = runGroup(config, null, 'fa', bases, { provider: 'openai', name: 'gpt-4o-mini' });
    expect(new Set([plain.key, gpt.key, other.key]).size).toBe(3);
    expect(gpt.selection_label).toBe('selection not recorded · model openai:gpt-4o');
  });
});

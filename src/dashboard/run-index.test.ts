import { mkdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { conversationCase, singleCase } from '../../test/support/dashboard/sample-results.js';
import { type TempDir, tempDir } from '../../test/support/dashboard/temp-dir.js';
import { selectionOf, writePartialRun, writeRun } from '../../test/support/dashboard/write-records.js';
import { STALE_PARTIAL_MS } from './read-run-file.js';
import { RunIndex } from './run-index.js';

let temp: TempDir;
beforeEach(async () => {
  temp = await tempDir();
});
afterEach(async () => {
  await temp.cleanup();
});

describe('RunIndex', () => {
  it('lists every run newest first, unreadable files included with their reason', async () => {
    await writeRun(temp.dir, { startedAt: '2026-12-01T09:00:00Z', results: [singleCase('a', true)] });
    await writeRun(temp.dir, {
      agentName: 'support bot',
      startedAt: '2026-12-02T09:00:00Z',
      results: [singleCase('b', false)],
    });
    await writeFile(join(temp.dir, 'financial-assistant', '2026-12-03T00-00-00-000Z.json'), '{"report": ');
    await writeFile(join(temp.dir, 'financial-assistant', 'notes.txt'), 'ignored');
    await writeFile(join(temp.dir, 'financial-assistant', '.x.json.123.tmp'), 'ignored');
    await writeFile(join(temp.dir, 'README.json'), '{}');
    const runs = await new RunIndex(temp.dir).refresh();
    expect(runs.map((r) => [r.id, r.state])).toEqual([
      ['financial-assistant/2026-12-03T00-00-00-000Z', 'unreadable'],
      ['support-bot/2026-12-02T09-00-00-000Z', 'completed'],
      ['financial-assistant/2026-12-01T09-00-00-000Z', 'completed'],
    ]);
    expect(runs[0]?.error).toMatch(/not valid JSON/);
  });

  it('is empty when the results folder does not exist yet', async () => {
    expect(await new RunIndex(join(temp.dir, 'missing')).refresh()).toEqual([]);
  });

  it('reuses a summary while the file is unchanged and re-reads it when it changes', async () => {
    const index = new RunIndex(temp.dir);
    await writeRun(temp.dir, { startedAt: '2026-12-01T09:00:00Z', results: [singleCase('a', true)] });
    const [first] = await index.refresh();
    const version = index.version;
    const [again] = await index.refresh();
    expect(again).toBe(first);
    expect(index.version).toBe(version);
    await writeRun(temp.dir, {
      startedAt: '2026-12-01T09:00:00Z',
      results: [singleCase('a', true), singleCase('b', false)],
    });
    const [changed] = await index.refresh();
    expect(changed).not.toBe(first);
    expect(changed?.summary.total_tests).toBe(2);
    expect(index.version).toBe(version + 1);
  });

  it('forgets removed runs', async () => {
    const index = new RunIndex(temp.dir);
    await writeRun(temp.dir, { startedAt: '2026-12-01T09:00:00Z', results: [] });
    expect(await index.refresh()).toHaveLength(1);
    await rm(join(temp.dir, 'financial-assistant'), { recursive: true });
    expect(await index.refresh()).toEqual([]);
    expect(index.get('financial-assistant/2026-12-01T09-00-00-000Z')).toBeNull();
  });

  it('shows an in-progress log as running, then incomplete once it stops growing', async () => {
    let now = Date.now();
    const index = new RunIndex(temp.dir, { now: () => now });
    const id = await writePartialRun(temp.dir, { startedAt: '2026-12-01T09:00:00Z', results: [conversationCase('a')] });
    expect((await index.refresh())[0]).toMatchObject({ id, state: 'running', summary: { total_tests: 1 } });
    const version = index.version;
    now += STALE_PARTIAL_MS + 1000;
    expect((await index.refresh())[0]?.state).toBe('incomplete');
    expect(index.version).toBe(version + 1);
  });

  it('prefers the finished record over the log of the same run', async () => {
    await writePartialRun(temp.dir, { startedAt: '2026-12-01T09:00:00Z', results: [singleCase('a', true)] });
    await writeRun(temp.dir, {
      startedAt: '2026-12-01T09:00:00Z',
      results: [singleCase('a', true), singleCase('b', true)],
      state: 'interrupted',
    });
    const runs = await new RunIndex(temp.dir).refresh();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ state: 'interrupted', summary: { total_tests: 2 } });
  });

  it('does not follow symbolic links out of the folder', async () => {
    const outside = await tempDir();
    try {
      await writeRun(outside.dir, { agentName: 'elsewhere', startedAt: '2026-12-01T09:00:00Z', results: [] });
      await symlink(join(outside.dir, 'elsewhere'), join(temp.dir, 'elsewhere'));
      await mkdir(join(temp.dir, 'agent'));
      await symlink(
        join(outside.dir, 'elsewhere', '2026-12-01T09-00-00-000Z.json'),
        join(temp.dir, 'agent', '2026.json'),
      );
      expect(await new RunIndex(temp.dir).refresh()).toEqual([]);
    } finally {
      await outside.cleanup();
    }
  });

  it('answers concurrent refreshes with a state at least as new as each call', async () => {
    const index = new RunIndex(temp.dir);
    await writeRun(temp.dir, { startedAt: '2026-12-01T09:00:00Z', results: [] });
    const first = index.refresh();
    await writeRun(temp.dir, { startedAt: '2026-12-02T09:00:00Z', results: [] });
    const second = index.refresh();
    const third = index.refresh();
    expect((await first).length).toBeGreaterThanOrEqual(1);
    expect((await second).length).toBe(2);
    expect(await third).toBe(await second);
  });

  it('finds the previous run of the same config file and selection, not of the same agent', async () => {
    const project = join(temp.dir, 'project');
    const results = join(project, 'results');
    const agent = join(project, 'agent.yaml');
    const smoke = join(project, 'evals', 'smoke.yaml');
    const index = new RunIndex(results);
    const run = (startedAt: string, configPath: string, selection = selectionOf(1)) =>
      writeRun(results, { startedAt, configPath, selection, results: [singleCase('a', true)] });
    const first = await run('2026-12-01T09:00:00Z', agent);
    const fromSmoke = await run('2026-12-02T09:00:00Z', smoke);
    const filtered = await run('2026-12-03T09:00:00Z', agent, selectionOf(1, { filters: ['a*'] }));
    const sharded = await run('2026-12-04T09:00:00Z', agent, selectionOf(1, { shard: { index: 1, total: 2 } }));
    const latest = await run('2026-12-05T09:00:00Z', agent);
    const filteredAgain = await run('2026-12-06T09:00:00Z', agent, selectionOf(1, { filters: ['a*'] }));
    await index.refresh();
    expect(index.previousRun(latest)).toBe(first);
    expect(index.previousRun(filteredAgain)).toBe(filtered);
    expect(index.previousRun(fromSmoke)).toBeNull();
    expect(index.previousRun(sharded)).toBeNull();
    const groups = new Map(index.runs.map((r) => [r.id, r.group]));
    expect(groups.get(latest)).toMatchObject({ config_label: 'agent.yaml', selection_label: 'all test cases' });
    expect(groups.get(fromSmoke)).toMatchObject({ config_label: 'evals/smoke.yaml', config_path: smoke });
    expect(groups.get(sharded)?.selection_label).toBe('shard 1/2');
  });

  it('keeps the models of a matrix, and a model chosen by --model, in histories of their own', async () => {
    const results = join(temp.dir, 'project', 'results');
    const configPath = join(temp.dir, 'project', 'agent.yaml');
    const index = new RunIndex(results);
    const mini = { provider: 'openai', name: 'gpt-4o-mini' };
    const llama = { provider: 'ollama', name: 'llama3.2:1b' };
    const matrixArgs = ['test', 'agent.yaml', '--model', 'openai:gpt-4o-mini', '--model', 'ollama:llama3.2:1b'];
    const run = (startedAt: string, spec: { model?: typeof mini; cliArgs?: string[]; comparisonId?: string } = {}) =>
      writeRun(results, {
        startedAt,
        configPath,
        selection: selectionOf(1),
        results: [singleCase('a', true)],
        ...spec,
      });
    const plain = await run('2026-12-01T09:00:00Z');
    const firstMini = await run('2026-12-02T09:00:00Z', { model: mini, cliArgs: matrixArgs, comparisonId: 'm1' });
    const firstLlama = await run('2026-12-02T09:00:01Z', { model: llama, cliArgs: matrixArgs, comparisonId: 'm1' });
    const listedMini = await run('2026-12-03T09:00:00Z', { model: mini, comparisonId: 'm2' });
    const listedLlama = await run('2026-12-03T09:00:01Z', { model: llama, comparisonId: 'm2' });
    const overridden = await run('2026-12-04T09:00:00Z', {
      model: llama,
      cliArgs: ['test', '--model=ollama:llama3.2:1b'],
    });
    const plainAgain = await run('2026-12-05T09:00:00Z', { model: mini });
    await index.refresh();
    expect(index.previousRun(firstLlama)).toBeNull();
    expect(index.previousRun(listedMini)).toBe(firstMini);
    expect(index.previousRun(listedLlama)).toBe(firstLlama);
    expect(index.previousRun(overridden)).toBe(listedLlama);
    // The config's own model is part of the config: changing it in agent.yaml keeps the history.
    expect(index.previousRun(plainAgain)).toBe(plain);
    const labels = new Map(index.runs.map((r) => [r.id, r.group.selection_label]));
    expect(labels.get(firstLlama)).toBe('all test cases · model ollama:llama3.2:1b');
    expect(labels.get(plainAgain)).toBe('all test cases');
  });

  it('groups a run in progress by the config and selection of its log header', async () => {
    const project = join(temp.dir, 'project');
    const results = join(project, 'results');
    const header = {
      record_version: 2,
      run_id: 'run-1',
      agent_name: 'financial-assistant',
      agent_config_path: join(project, 'agent.yaml'),
      timestamp: '2026-12-01T09:00:00.000Z',
      holodeck_version: '0.1.0',
      metadata: {
        cli_args: ['test', 'agent.yaml', '--grep', '^rev'],
        config_snapshot: null,
        git_commit: null,
        holodeck_version: '0.1.0',
        node_version: 'v20.19.0',
        backend: 'ai_sdk',
        model: { provider: 'ollama', name: 'qwen3:8b' },
        started_at: '2026-12-01T09:00:00.000Z',
        selection: selectionOf(3, { grep: '^rev' }),
      },
    };
    await mkdir(join(results, 'financial-assistant'), { recursive: true });
    await writeFile(
      join(results, 'financial-assistant', '2026-12-01T09-00-00-000Z.partial.jsonl'),
      `${JSON.stringify(header)}\n${JSON.stringify(singleCase('a', true))}\n`,
    );
    const [running] = await new RunIndex(results).refresh();
    expect(running?.state).toBe('running');
    expect(running?.group).toMatchObject({ config_label: 'agent.yaml', selection_label: 'grep /^rev/' });
  });

  it('finds the previous readable run, skipping unreadable files', async () => {
    const index = new RunIndex(temp.dir);
    const a = await writeRun(temp.dir, { startedAt: '2026-12-01T09:00:00Z', results: [] });
    await writeRun(temp.dir, { agentName: 'other', startedAt: '2026-12-02T09:00:00Z', results: [] });
    await writeFile(join(temp.dir, 'financial-assistant', '2026-12-02T10-00-00-000Z.json'), 'broken');
    await utimes(
      join(temp.dir, 'financial-assistant', '2026-12-02T10-00-00-000Z.json'),
      new Date('2026-12-02T10:00:00Z'),
      new Date('2026-12-02T10:00:00Z'),
    );
    const b = await writeRun(temp.dir, { startedAt: '2026-12-03T09:00:00Z', results: [] });
    await index.refresh();
    expect(index.previousRun(b)).toBe(a);
    expect(index.previousRun(a)).toBeNull();
    expect(index.previousRun('nope/nope')).toBeNull();
  });
});

/**
 * A model matrix split across CI jobs (`--model a --model b --shard i/2` in each) leaves one record per model
 * per job. `merge-reports` over the folder merges each model's shards into that model's run, ties the merged
 * runs by a new comparison id and prints the side-by-side table — the same verdicts as the unsharded matrix.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { type RunRecord, readRunRecord } from '../../src/records/run-record.js';
import { createModelMatrixScript } from '../fakes/model-matrix-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const ANSWERS = { q1: '1', q2: '2', q3: '3', q4: '4', q5: '5' };
const MATRIX = ['--model', 'openai:good', '--model', 'openai:bad'];

function agentYaml(url: string): string {
  const cases = Object.entries(ANSWERS).map(([q, a]) => `  - { name: case-${q}, input: ${q}, ground_truth: "${a}" }`);
  return `name: shards
model: { provider: openai, name: good, endpoint: "${url}/v1", api_key: sk-test-0123456789 }
instructions: { inline: "Answer." }
evaluations: { metrics: [{ type: standard, metric: equality }] }
test_cases:
${cases.join('\n')}
`;
}

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function recordsIn(folder: string): Promise<{ path: string; record: RunRecord }[]> {
  const names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    names.map(async (name) => ({ path: join(folder, name), record: await readRunRecord(join(folder, name)) })),
  );
}

function verdicts(record: RunRecord): Record<string, string> {
  return Object.fromEntries(record.report.results.map((result) => [result.test_name, result.status]));
}

async function startProject(): Promise<string> {
  server = await startFakeModelServer(createModelMatrixScript({ answers: ANSWERS, wrong: { bad: ['q2', 'q5'] } }));
  return writeProject({ 'agent.yaml': agentYaml(server.url) });
}

describe('merge-reports over a sharded model matrix', () => {
  it('merges each model’s shards into its run, tied as one matrix, with the verdicts of the unsharded matrix', {
    timeout: 120_000,
  }, async () => {
    const dir = await startProject();
    const whole = await runCli(['test', 'agent.yaml', ...MATRIX, '--results-dir', 'whole', '-q'], { cwd: dir });
    expect(whole.code).toBe(1);
    const unsharded = await recordsIn(join(dir, 'whole', 'shards'));
    const expected = Object.fromEntries(
      unsharded.map(({ record }) => [`${record.metadata.model?.name}`, verdicts(record)]),
    );
    for (const shard of ['1/2', '2/2']) {
      const run = await runCli(['test', 'agent.yaml', ...MATRIX, '--shard', shard, '-q'], { cwd: dir });
      expect(run.code, shard).toBe(1); // the bad model fails a case in each shard
    }
    const shardRecords = await recordsIn(join(dir, 'results', 'shards'));
    expect(shardRecords).toHaveLength(4);

    const merge = await runCli(['merge-reports', 'results', '--output', 'compare.md', '--output', 'merged.json'], {
      cwd: dir,
    });
    expect(merge.code).toBe(1);
    expect(merge.stdout.indexOf('── openai:good ──')).toBeLessThan(merge.stdout.indexOf('── openai:bad ──'));
    const table = merge.stdout.slice(merge.stdout.indexOf('Model matrix'));
    expect(table).toMatch(/^Model matrix · 5 test cases × 2 models · comparison [0-9a-f-]{36}$/m);
    expect(table).toMatch(/^ {2}case-q2 +✓ passed +✗ failed +← differs$/m);
    expect(table).toMatch(/^ {2}pass rate +100\.0% \(5\/5\) +60\.0% \(3\/5\)$/m);
    expect(table).toMatch(/^compare +holodeck compare results\/shards\/\S+\.json results\/shards\/\S+\.json$/m);
    expect(merge.stderr.match(/^merged 2 shards into /gm)).toHaveLength(2);

    const merged = (await recordsIn(join(dir, 'results', 'shards'))).filter(
      ({ record }) => record.metadata.merged_from,
    );
    expect(merged).toHaveLength(2);
    const ids = new Set(merged.map(({ record }) => record.metadata.comparison_id));
    const shardIds = new Set(shardRecords.map(({ record }) => record.metadata.comparison_id));
    expect(ids.size).toBe(1);
    expect(shardIds.has([...ids][0] as string)).toBe(false);
    for (const { record } of merged) {
      expect(record.report.comparison_id).toBe([...ids][0]);
      expect(record.metadata.selection?.shard).toBeNull();
      expect(verdicts(record)).toEqual(expected[`${record.metadata.model?.name}`]);
      expect(new Set(record.metadata.merged_from?.map((from) => from.shard?.index))).toEqual(new Set([1, 2]));
    }
    const markdown = await readFile(join(dir, 'compare.md'), 'utf8');
    expect(markdown).toContain('| case-q5 | ✅ passed | ❌ failed |');
    const bad = JSON.parse(await readFile(join(dir, 'merged.openai-bad.json'), 'utf8')) as RunReport;
    expect(bad.summary).toMatchObject({ total_tests: 5, passed: 3, failed: 2 });
    expect(bad.model).toBe('openai:bad');

    // Merging the folder again skips the earlier merges and keeps the matrix's model order.
    const again = await runCli(['merge-reports', 'results', '-q'], { cwd: dir });
    expect(again.code).toBe(1);
    expect(again.stderr.match(/^skipped .*: not a shard record$/gm)).toHaveLength(2);
    expect(again.stdout.indexOf('── openai:good ──')).toBeLessThan(again.stdout.indexOf('── openai:bad ──'));
  });

  it('refuses a matrix whose model lacks a shard, naming the model, and writes nothing', {
    timeout: 120_000,
  }, async () => {
    const dir = await startProject();
    for (const shard of ['1/2', '2/2']) {
      await runCli(['test', 'agent.yaml', ...MATRIX, '--shard', shard, '-q'], { cwd: dir });
    }
    const folder = join(dir, 'results', 'shards');
    const missing = (await recordsIn(folder)).find(
      ({ record }) => record.metadata.model?.name === 'bad' && record.metadata.selection?.shard?.index === 2,
    );
    await rm(missing?.path as string);
    const merge = await runCli(['merge-reports', 'results', '--output', 'compare.md'], { cwd: dir });
    expect(merge.code).toBe(2);
    expect(merge.stderr).toContain('error: cannot merge these run records:\n  - openai:bad: shard 2/2 is missing\n');
    expect(merge.stdout).toBe('');
    expect(await recordsIn(folder)).toHaveLength(3);
    await expect(readFile(join(dir, 'compare.md'))).rejects.toThrow(/ENOENT/);
  });

  it('refuses a matrix shard given with a shard of a one-model run, saying so', { timeout: 120_000 }, async () => {
    const dir = await startProject();
    await runCli(['test', 'agent.yaml', ...MATRIX, '--shard', '1/2', '--results-dir', 'matrix', '-q'], { cwd: dir });
    await runCli(['test', 'agent.yaml', '--shard', '2/2', '--results-dir', 'single', '-q'], { cwd: dir });
    const matrixShard = (await recordsIn(join(dir, 'matrix', 'shards')))[0]?.path as string;
    const merge = await runCli(['merge-reports', matrixShard, 'single'], { cwd: dir });
    expect(merge.code).toBe(2);
    expect(merge.stderr).toMatch(
      /^ {2}- \S+\.json is a shard of a model matrix run \(several --model\), \S+\.json of a one-model run: merge the shards of one run at a time$/m,
    );
    expect(merge.stderr).not.toMatch(/overlap|another model/);
  });
});

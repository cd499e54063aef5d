/**
 * Sharding across machines: `--shard i/n` runs a deterministic slice; `merge-reports` combines the shards'
 * run records into one run (record for the dashboard, JSON and JUnit reports, exit code) and refuses a set
 * that is incomplete or overlaps.
 */
import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { readRunRecord } from '../../src/records/run-record.js';
import { createConvFinQaScript } from '../fakes/convfinqa-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { startCli } from './cli-process.js';
import { caseName, writeSuiteProject } from './suite-project.js';

const CASES = 10;
const failing = (index: number) => index === 2 || index === 7;
const allNames = Array.from({ length: CASES }, (_, i) => caseName(i, CASES));

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** Runs the three shards as three CI jobs would, each into its own results folder. */
async function runShards(dir: string): Promise<string[][]> {
  const slices: string[][] = [];
  for (const index of [1, 2, 3]) {
    const run = await runCli(
      ['test', dir, '-q', '-j', '4', '--shard', `${index}/3`, '--results-dir', `shard-${index}`],
      {
        cwd: dir,
      },
    );
    expect(run.code, run.stderr).toBe(index === 1 || index === 3 ? 1 : 0);
    const folder = join(dir, `shard-${index}`, 'reliability');
    const [file] = await readdir(folder);
    const record = await readRunRecord(join(folder, file as string));
    expect(record.metadata.selection?.shard).toEqual({ index, total: 3 });
    slices.push(record.report.results.map((r) => r.test_name));
  }
  return slices;
}

describe('sharded runs', () => {
  it('cover the suite in deterministic contiguous slices and merge into one run', { timeout: 120_000 }, async () => {
    server = await startFakeModelServer(createConvFinQaScript());
    const dir = await writeSuiteProject({ url: server.url, cases: CASES, failing });
    const slices = await runShards(dir);
    expect(slices).toEqual([allNames.slice(0, 4), allNames.slice(4, 7), allNames.slice(7)]);

    const merged = await runCli(
      ['merge-reports', 'shard-1', 'shard-2', 'shard-3', '--output', 'merged.json', '--output', 'merged.xml'],
      { cwd: dir },
    );
    expect(merged.code, merged.stderr).toBe(1);
    expect(merged.stderr).toMatch(/merged 3 shards into .*results\/reliability\/.*\.json/);
    expect(merged.stdout).toMatch(/8 passed · 2 failed · 10 total/);

    const folder = join(dir, 'results', 'reliability');
    const [file] = await readdir(folder);
    const record = await readRunRecord(join(folder, file as string));
    expect(record.state).toBe('completed');
    expect(record.report.results.map((r) => [r.test_name, r.passed])).toEqual(
      allNames.map((name, i) => [name, !failing(i)]),
    );
    expect(record.report.summary).toMatchObject({ total_tests: 10, failed: 2, total_turns: 40 });
    expect(record.metadata.selection).toMatchObject({ shard: null, suite_cases: 10 });
    expect(record.metadata.merged_from?.map((m) => m.shard)).toEqual([1, 2, 3].map((index) => ({ index, total: 3 })));

    const report = JSON.parse(await readFile(join(dir, 'merged.json'), 'utf8')) as RunReport;
    expect(report.results.map((r) => r.test_name)).toEqual(allNames);
    const junit = await readFile(join(dir, 'merged.xml'), 'utf8');
    expect(junit.match(/<testcase /g)).toHaveLength(10);
    expect(junit).toMatch(/<testsuite name="reliability" tests="10" failures="2"/);

    // Merging again from the parent folder skips the merged run it finds there.
    const again = await runCli(['merge-reports', '.', '-q'], { cwd: dir });
    expect(again.code, again.stderr).toBe(1);
    expect(again.stderr).toMatch(/skipped .*results\/reliability\/.*\.json: not a shard record/);
  });

  it('refuses to merge a missing or duplicated shard, exiting 2 before writing anything', {
    timeout: 120_000,
  }, async () => {
    server = await startFakeModelServer(createConvFinQaScript());
    const dir = await writeSuiteProject({ url: server.url, cases: CASES, failing });
    await runShards(dir);
    const missing = await runCli(['merge-reports', 'shard-1', 'shard-3'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/shard 2\/3 is missing/);

    const folder = join(dir, 'shard-1', 'reliability');
    const [file] = await readdir(folder);
    // A report written over a shard's own record would destroy it.
    const shardRecord = join(folder, file as string);
    const before = await readFile(shardRecord, 'utf8');
    const over = await runCli(['merge-reports', 'shard-1', 'shard-2', 'shard-3', '--output', shardRecord], {
      cwd: dir,
    });
    expect(over.code).toBe(2);
    // The records are not at fault: the message is about the report alone.
    expect(over.stderr).toBe(
      `error: cannot write the report ${shardRecord}: it is ${shardRecord}, which the run reads — choose another file name\n`,
    );
    expect(await readFile(shardRecord, 'utf8')).toBe(before);

    await copyFile(join(folder, file as string), join(dir, 'shard-2', 'copy-of-shard-1.json'));
    const duplicated = await runCli(['merge-reports', 'shard-1', 'shard-2', 'shard-3'], { cwd: dir });
    expect(duplicated.code).toBe(2);
    expect(duplicated.stderr).toMatch(/shard 1\/3 appears 2 times/);
    expect(duplicated.stderr).toMatch(/test case "case-0001" is in both/);
    expect(await readdir(dir)).not.toContain('results');
  });

  it('skips the record a stopped shard left (SIGTERM) once its retry completed the shard', {
    timeout: 120_000,
  }, async () => {
    server = await startFakeModelServer(createConvFinQaScript(), { latency_ms: 80 });
    const dir = await writeSuiteProject({ url: server.url, cases: CASES, failing });
    await runShards(dir);
    // The job of shard 2 was stopped mid-run (a pod evicted) before its retry: its record says interrupted.
    const stopped = startCli(['test', dir, '-j', '1', '--shard', '2/3', '--results-dir', 'shard-2'], {
      cwd: dir,
    });
    // Once its first case is in the record (a signal before any case ran leaves no record at all).
    await stopped.waitForLines(/^[✓✗] case-/, 1, 30_000);
    stopped.child.kill('SIGTERM');
    expect((await stopped.exited).code, stopped.stderr()).toBe(130);
    const folder = join(dir, 'shard-2', 'reliability');
    const names = (await readdir(folder)).filter((name) => name.endsWith('.json'));
    const records = await Promise.all(names.map((name) => readRunRecord(join(folder, name))));
    expect(records.map((record) => record.state).sort()).toEqual(['completed', 'interrupted']);

    const merged = await runCli(['merge-reports', '.', '-q'], { cwd: dir });
    expect(merged.code, merged.stderr).toBe(1);
    expect(merged.stderr).toMatch(
      /^skipped .*shard-2\/reliability\/.*\.json: an interrupted run of shard 2\/3, which is complete in .*shard-2\/reliability\/.*\.json$/m,
    );
    expect(merged.stdout).toMatch(/8 passed · 2 failed · 10 total/);
  });

  it('refuses to merge shards that ran different versions of the suite', { timeout: 120_000 }, async () => {
    server = await startFakeModelServer(createConvFinQaScript());
    const dir = await writeSuiteProject({ url: server.url, cases: CASES, failing });
    const shardRun = (index: number) =>
      runCli(['test', dir, '-q', '--shard', `${index}/2`, '--results-dir', `shard-${index}`], { cwd: dir });
    await shardRun(1);
    const yaml = join(dir, 'agent.yaml');
    const text = await readFile(yaml, 'utf8');
    await writeFile(yaml, text.replace('Answer with the number only.', 'Answer with the number only, please.'));
    await shardRun(2);
    const merged = await runCli(['merge-reports', 'shard-1', 'shard-2'], { cwd: dir });
    expect(merged.code).toBe(2);
    expect(merged.stderr).toMatch(
      /ran different versions of the suite: test cases, instructions, tools or metrics, or the files/,
    );
    expect(await readdir(dir)).not.toContain('results');
  });

  it('refuses to merge shards run with different verdict settings (--fail-on-tool-error)', {
    timeout: 120_000,
  }, async () => {
    server = await startFakeModelServer(createConvFinQaScript());
    const dir = await writeSuiteProject({ url: server.url, cases: 4, failing: () => false });
    const shardRun = (index: number, more: string[]) =>
      runCli(['test', dir, '-q', '--shard', `${index}/2`, '--results-dir', `shard-${index}`, ...more], { cwd: dir });
    await shardRun(1, ['--fail-on-tool-error']);
    await shardRun(2, []);
    const merged = await runCli(['merge-reports', 'shard-1', 'shard-2'], { cwd: dir });
    expect(merged.code).toBe(2);
    expect(merged.stderr).toMatch(/ran with execution\.fail_on_tool_error false, \S+ with true: it decides verdicts/);
    expect(await readdir(dir)).not.toContain('results');
  });

  it('names the merged run after its last shard, so that latest is the merge, not a shard', {
    timeout: 120_000,
  }, async () => {
    server = await startFakeModelServer(createConvFinQaScript());
    const dir = await writeSuiteProject({ url: server.url, cases: 4, failing: () => false });
    for (const index of [1, 2]) {
      const shard = await runCli(['test', dir, '-q', '--shard', `${index}/2`], { cwd: dir });
      expect(shard.code, shard.stderr).toBe(0);
    }
    const merged = await runCli(['merge-reports', 'results', '-q'], { cwd: dir });
    expect(merged.code, merged.stderr).toBe(0);
    const folder = join(dir, 'results', 'reliability');
    const names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
    expect(names).toHaveLength(3);
    const newest = await readRunRecord(join(folder, names.at(-1) as string));
    expect(newest.metadata.merged_from).toHaveLength(2);
    const compared = await runCli(['compare', 'latest~1', 'latest', '--results-dir', 'results'], { cwd: dir });
    expect(compared.stdout).toContain(names.at(-1));
  });
});

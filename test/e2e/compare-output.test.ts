/**
 * What `holodeck compare` prints: the secrets of the environment it runs in are masked, as the dashboard and
 * `--export` do (a record written elsewhere may hold a value this machine knows to be a secret), and cases of run
 * A that run B did not run are said to be so.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { singleCase } from '../support/dashboard/sample-results.js';
import { selectionOf, writeRun } from '../support/dashboard/write-records.js';

describe('holodeck compare', () => {
  it('masks the secrets of its environment in what it prints', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-compare-'));
    const secret = 'zzSECRETabcdef123';
    const a = await writeRun(dir, { startedAt: '2026-12-01T10:00:00.000Z', results: [singleCase('kept', true)] });
    const b = await writeRun(dir, {
      startedAt: '2026-12-01T11:00:00.000Z',
      results: [singleCase('kept', false), singleCase(`case ${secret}`, true)],
    });
    const run = await runCli(['compare', a, b, '--results-dir', dir], { env: { MY_API_TOKEN: secret } });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain('case ***MY_API_TOKEN');
    expect(`${run.stdout}${run.stderr}`).not.toContain(secret);
  });

  it('says that cases of run A did not run in a run B that selected fewer, rather than let B read as better', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-compare-'));
    const names = ['n1', 'n2', 'n3', 'n4', 'n5'];
    const a = await writeRun(dir, {
      startedAt: '2026-12-01T10:00:00.000Z',
      results: names.map((name) => singleCase(name, name !== 'n2')),
    });
    const b = await writeRun(dir, {
      startedAt: '2026-12-01T11:00:00.000Z',
      results: [singleCase('n1', true)],
      selection: selectionOf(1, { filters: ['n1'] }),
    });
    const run = await runCli(['compare', a, b, '--results-dir', dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      '4 test cases of run A did not run in run B (it ran filter "n1", run A all test cases): they are listed as removed, not compared, and run B\'s rates are of the cases it ran',
    );
  });

  it('says the runs were repeated otherwise, so a verdict or cost that moved is not read as the agent', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-compare-'));
    const execution = (min_pass_rate: number) => ({
      parallel_test_cases: 4,
      llm_timeout: 60,
      repeat: 5,
      min_pass_rate,
    });
    const a = await writeRun(dir, {
      startedAt: '2026-12-01T10:00:00.000Z',
      results: [singleCase('flaky', false)],
      execution: execution(1),
    });
    const b = await writeRun(dir, {
      startedAt: '2026-12-01T11:00:00.000Z',
      results: [singleCase('flaky', true)],
      execution: execution(0.5),
    });
    const run = await runCli(['compare', a, b, '--results-dir', dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'run A ran each test case 5 times, passing at 1, run B 5 times, passing at 0.5: verdicts, tokens and cost follow different repeat settings',
    );
    const once = await writeRun(dir, { startedAt: '2026-12-01T12:00:00.000Z', results: [singleCase('flaky', true)] });
    const again = await runCli(['compare', b, once, '--results-dir', dir]);
    expect(again.stdout).toContain('run A ran each test case 5 times, passing at 0.5, run B once:');
    const same = await runCli(['compare', once, once, '--results-dir', dir]);
    expect(same.stdout).not.toContain('repeat settings');
  });
});

/**
 * Interruption and resume through the built CLI: Ctrl-C saves every finished case and exits 130; a crash
 * (kill -9) leaves the finished cases in the run's log; `--resume` runs only the rest and completes the
 * same run record, from the log when the interrupted record is too large to read.
 */
import { constants } from 'node:buffer';
import { mkdir, readdir, readFile, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { type RunRecord, readRunRecord } from '../../src/records/run-record.js';
import { createConvFinQaScript } from '../fakes/convfinqa-script.js';
import { lastUserText } from '../fakes/fake-request-view.js';
import type { FakeScript } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { startCli } from './cli-process.js';
import { caseName, writeSuiteProject } from './suite-project.js';

const CASES = 24;
const FINISHED_LINE = /^[✓✗] case-\d+/;
let server: FakeModelServer | null = null;
afterEach(async () => {
  slowCases.clear();
  await server?.close();
  server = null;
});

/** Cases whose model requests take 5 s more, so they are still running when the run is interrupted. */
const slowCases = new Set<string>();

async function project(latencyMs: number): Promise<string> {
  const script = createConvFinQaScript();
  const slow: FakeScript = async (request) => {
    const reply = await script(request);
    const slowCase = [...slowCases].some((name) => lastUserText(request).includes(`[${name}]`));
    return slowCase ? { ...reply, delay_ms: 5_000 } : reply;
  };
  server = await startFakeModelServer(slow, { latency_ms: latencyMs });
  return writeSuiteProject({ url: server.url, cases: CASES, failing: (i) => i % 5 === 4 });
}

const folderOf = (dir: string) => join(dir, 'results', 'reliability');
const finishedNames = (lines: readonly string[]) =>
  lines.filter((line) => FINISHED_LINE.test(line)).map((line) => line.split(' ')[1] as string);
const allNames = Array.from({ length: CASES }, (_, i) => caseName(i, CASES));

async function onlyRecord(dir: string): Promise<{ path: string; record: RunRecord }> {
  const files = (await readdir(folderOf(dir))).filter((name) => name.endsWith('.json'));
  expect(files).toHaveLength(1);
  const path = join(folderOf(dir), files[0] as string);
  return { path, record: await readRunRecord(path) };
}

async function logNames(dir: string): Promise<string[]> {
  const logs = (await readdir(folderOf(dir))).filter((name) => name.endsWith('.partial.jsonl'));
  expect(logs).toHaveLength(1);
  const text = await readFile(join(folderOf(dir), logs[0] as string), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.startsWith('{"test_name"'))
    .map((line) => (JSON.parse(line) as { test_name: string }).test_name);
}

/** Resumes, and checks that the one record now holds every case, in order, with the earlier cases kept. */
async function resumeAndCheck(dir: string, kept: readonly string[], runId: string | null, options = ['-j', '6']) {
  const resumed = await runCli(['test', dir, '--resume', ...options, '--output', join(dir, 'report.json')]);
  expect(resumed.code, resumed.stderr).toBe(1);
  const ranAgain = finishedNames(resumed.stdout.split('\n'));
  expect(ranAgain.filter((name) => kept.includes(name))).toEqual([]);
  expect([...ranAgain, ...kept].sort()).toEqual(allNames);
  const { record } = await onlyRecord(dir);
  expect(record.state).toBe('completed');
  if (runId !== null) expect(record.run_id).toBe(runId);
  expect(record.report.results.map((r) => r.test_name)).toEqual(allNames);
  expect(record.report.summary).toMatchObject({
    total_tests: CASES,
    failed: allNames.filter((_, i) => i % 5 === 4).length,
    total_turns: CASES * 4,
  });
  expect(await readdir(folderOf(dir))).toHaveLength(1);
  const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
  expect(report.results.map((r) => [r.test_name, r.passed])).toEqual(allNames.map((name, i) => [name, i % 5 !== 4]));
  return resumed;
}

describe('interrupting a run', () => {
  it('Ctrl-C lets running cases finish, saves the record as interrupted, exits 130; --resume completes it', {
    timeout: 90_000,
  }, async () => {
    const dir = await project(40);
    const cli = startCli(['test', dir, '-j', '3']);
    await cli.waitForLines(FINISHED_LINE, 4);
    cli.child.kill('SIGINT');
    const exit = await cli.exited;
    expect(exit.code, cli.stderr()).toBe(130);
    expect(cli.stderr()).toMatch(/interrupted: no new test case starts/);
    expect(cli.stderr()).toMatch(/run the rest with: npx holodeck test \S+ -j 3 --resume reliability\/\S+/);
    const printed = finishedNames(cli.stdoutLines());
    const { record } = await onlyRecord(dir);
    expect(record.state).toBe('interrupted');
    expect(record.report.results.map((r) => r.test_name)).toEqual(allNames.filter((n) => printed.includes(n)));
    expect(printed.length).toBeGreaterThanOrEqual(4);
    expect(printed.length).toBeLessThan(CASES);
    expect(record.report.results.every((r) => r.turns?.length === 4 && !r.turns.some((t) => t.skipped))).toBe(true);
    await resumeAndCheck(dir, printed, record.run_id);
  });

  it('resumes from the run log when the interrupted record is too large to read, and says why compare cannot read it', {
    timeout: 90_000,
  }, async () => {
    const dir = await project(40);
    const cli = startCli(['test', dir, '-j', '3']);
    await cli.waitForLines(FINISHED_LINE, 4);
    cli.child.kill('SIGINT');
    expect((await cli.exited).code, cli.stderr()).toBe(130);
    const { path, record } = await onlyRecord(dir);
    // A record past the longest string (about 512 MB), as a run of very long answers leaves: sparse, no disk used.
    await truncate(path, constants.MAX_STRING_LENGTH + 1);
    const compared = await runCli(['compare', path, path]);
    expect(compared.code).toBe(2);
    expect(compared.stderr).toContain('the run record is too large to read (');
    expect(compared.stderr).toContain('a record can be read up to; --max-text-length keeps a run');
    await resumeAndCheck(dir, await logNames(dir), record.run_id);
  });

  it('Ctrl-C when the run record cannot be written says nothing was saved, offers no resume, and exits 3', {
    timeout: 90_000,
  }, async () => {
    const dir = await project(40);
    const cli = startCli(['test', dir, '-j', '3']);
    await cli.waitForLines(FINISHED_LINE, 2);
    // A folder where the record goes: writing it fails as on a full disk.
    const log = (await readdir(folderOf(dir))).find((name) => name.endsWith('.partial.jsonl')) as string;
    const recordPath = join(folderOf(dir), log.replace(/\.partial\.jsonl$/, '.json'));
    await mkdir(recordPath);
    cli.child.kill('SIGINT');
    const exit = await cli.exited;
    expect(exit.code, cli.stderr()).toBe(3);
    expect(cli.stderr()).toContain(
      `error: the finished test cases could not be saved: the run record ${recordPath} failed to be written (see the error above)`,
    );
    // The error names the record: the system's own words here (a rename onto a folder) already do.
    expect(
      cli
        .stderr()
        .split('\n')
        .find((line) => line.startsWith('reporter error: ')),
    ).toContain(recordPath);
    expect(cli.stderr()).not.toContain('saved the finished test cases');
    expect(cli.stderr()).not.toContain('--resume');
  });

  it('after the grace period, cancels running cases and leaves them for --resume', { timeout: 90_000 }, async () => {
    slowCases.add(caseName(1, CASES)).add(caseName(2, CASES));
    const dir = await project(20);
    const cli = startCli(['test', dir, '-j', '3', '--grace-period', '0.3']);
    await cli.waitForLines(FINISHED_LINE, 1);
    const sent = Date.now();
    cli.child.kill('SIGINT');
    const exit = await cli.exited;
    expect(exit.code).toBe(130);
    expect(exit.at - sent).toBeLessThan(8_000);
    expect(cli.stderr()).toMatch(/cancelling the running test cases/);
    const printed = finishedNames(cli.stdoutLines());
    const { record } = await onlyRecord(dir);
    expect(record.report.results.map((r) => r.test_name).sort()).toEqual([...printed].sort());
    expect(printed).not.toContain(caseName(1, CASES));
    expect(printed).not.toContain(caseName(2, CASES));
    slowCases.clear();
    await resumeAndCheck(dir, printed, record.run_id);
  });

  it('a second Ctrl-C cancels the running cases at once and still saves the run and its reports', {
    timeout: 90_000,
  }, async () => {
    slowCases.add(caseName(1, CASES)).add(caseName(2, CASES));
    const dir = await project(150);
    const cli = startCli(['test', dir, '-j', '4', '--grace-period', '120', '--output', `${dir}/out/r.json`]);
    await cli.waitForLines(FINISHED_LINE, 1);
    cli.child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = Date.now();
    cli.child.kill('SIGINT');
    const exit = await cli.exited;
    expect(exit.code).toBe(130);
    expect(exit.at - sent).toBeLessThan(8_000);
    expect(cli.stderr()).toMatch(/cancelling the running test cases \(Ctrl-C again to quit at once/);
    const printed = finishedNames(cli.stdoutLines());
    const { record } = await onlyRecord(dir);
    expect(record.state).toBe('interrupted');
    expect(record.report.results.map((r) => r.test_name).sort()).toEqual([...printed].sort());
    expect(printed).not.toContain(caseName(1, CASES));
    const report = JSON.parse(await readFile(join(dir, 'out', 'r.json'), 'utf8')) as RunReport;
    expect(report.interrupted).toEqual({ selected_tests: CASES, not_run: CASES - printed.length, reason: 'signal' });
    slowCases.clear();
    await resumeAndCheck(dir, printed, record.run_id);
  });

  it('a hang-up (SIGHUP) cancels the running cases at once and saves the run and its reports', {
    timeout: 90_000,
  }, async () => {
    slowCases.add(caseName(1, CASES)).add(caseName(2, CASES));
    const dir = await project(150);
    const cli = startCli(['test', dir, '-j', '4', '--grace-period', '120', '--output', `${dir}/out/r.json`]);
    await cli.waitForLines(FINISHED_LINE, 1);
    const sent = Date.now();
    cli.child.kill('SIGHUP');
    const exit = await cli.exited;
    expect(exit.code).toBe(130);
    expect(exit.at - sent).toBeLessThan(8_000);
    const printed = finishedNames(cli.stdoutLines());
    const { record } = await onlyRecord(dir);
    expect(record.state).toBe('interrupted');
    expect(record.report.results.map((r) => r.test_name).sort()).toEqual([...printed].sort());
    const report = JSON.parse(await readFile(join(dir, 'out', 'r.json'), 'utf8')) as RunReport;
    expect(report.interrupted).toEqual({ selected_tests: CASES, not_run: CASES - printed.length, reason: 'signal' });
    slowCases.clear();
  });

  it('a third Ctrl-C quits at once; the log keeps the finished cases for --resume', { timeout: 90_000 }, async () => {
    slowCases.add(caseName(1, CASES));
    const dir = await project(150);
    // A grace period too long to end by itself, and a slow case that the cancellation would have to wait for.
    const cli = startCli(['test', dir, '-j', '4', '--grace-period', '120']);
    await cli.waitForLines(FINISHED_LINE, 1);
    cli.child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 300));
    cli.child.kill('SIGINT');
    const sent = Date.now();
    cli.child.kill('SIGINT');
    const exit = await cli.exited;
    expect(exit.code).toBe(130);
    expect(exit.at - sent).toBeLessThan(3_000);
    const kept = await logNames(dir);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    // The case that had finished before the first Ctrl-C is in the log. Cases finishing in the last instant may
    // have their log line or their console line still on the way when the process quits, so no more is asked.
    expect(kept).toContain(finishedNames(cli.stdoutLines())[0]);
    slowCases.clear();
    await resumeAndCheck(dir, kept, null);
  });
});

describe('a crash (kill -9)', () => {
  it('loses only the cases in flight: the log holds every finished case and --resume completes the run', {
    timeout: 90_000,
  }, async () => {
    const dir = await project(40);
    const cli = startCli(['test', dir, '-j', '3']);
    await cli.waitForLines(FINISHED_LINE, 5);
    // While it runs, the run is its own: a --resume refuses to take it over.
    const meanwhile = await runCli(['test', dir, '--resume']);
    expect(meanwhile.code).toBe(2);
    expect(meanwhile.stderr).toMatch(
      new RegExp(`the run is still going \\(holodeck process ${cli.child.pid} is writing .*\\.partial\\.jsonl\\)`),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    cli.child.kill('SIGKILL');
    const exit = await cli.exited;
    expect(exit.signal).toBe('SIGKILL');
    const files = await readdir(folderOf(dir));
    expect(files.filter((name) => name.endsWith('.json'))).toEqual([]);
    const kept = await logNames(dir);
    expect(kept.length).toBeGreaterThanOrEqual(5);
    // The console lists cases in the configuration's order, so what it printed before the crash is a prefix.
    const printed = finishedNames(cli.stdoutLines());
    expect(printed).toEqual(allNames.slice(0, printed.length));
    // Without -j, the resumed run keeps the parallelism the run started with.
    const resumed = await resumeAndCheck(dir, kept, null, []);
    expect(resumed.stdout).toMatch(/^Running \d+ test cases .* · 3 in parallel$/m);
  });
});

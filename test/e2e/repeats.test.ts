/**
 * `--repeat N` through the built CLI against the fake OpenAI server: a model that gets one turn wrong 30 % of
 * the time (seeded, so the run is deterministic) gives pass rates and pass^k within what the estimators
 * expect, every report carries them, `--min-pass-rate` gates the verdict and the exit code, and `--resume`
 * runs only the repeats an interrupted run did not finish.
 */
import type { ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { readRunRecord } from '../../src/records/run-record.js';
import { lastUserText } from '../fakes/fake-request-view.js';
import { createFlakyTurnScript } from '../fakes/flaky-turn-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, writeProject } from './e2e-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const CASES = 6;
const REPEAT = 8;
const FAIL_RATE = 0.3;
const answers: Record<string, string> = { 'stable question': '42' };
for (let i = 0; i < CASES; i += 1) answers[`flaky question ${i}`] = String(100 + i);

function agentYaml(url: string, extra = ''): string {
  const cases = Array.from(
    { length: CASES },
    (_, i) => `  - name: flaky-${i}
    turns:
      - { input: stable question, ground_truth: "42" }
      - { input: flaky question ${i}, ground_truth: "${100 + i}" }`,
  );
  return `name: flaky-agent
${modelBlock('openai', url)}
instructions: { inline: "Answer with the number only." }
evaluations:
  metrics:
    - { type: standard, metric: equality }
${extra}
test_cases:
  - name: steady
    input: stable question
    ground_truth: "42"
${cases.join('\n')}
`;
}

async function run(args: string[], extra = '') {
  server = await startFakeModelServer(
    createFlakyTurnScript({
      answers,
      flaky: Object.keys(answers).filter((q) => q.startsWith('flaky')),
      fail_rate: FAIL_RATE,
      seed: 7,
    }),
  );
  const dir = await writeProject({ 'agent.yaml': agentYaml(server.url, extra) });
  const outputs = ['report.json', 'report.md', 'junit.xml'].map((name) => join(dir, name));
  const cli = await runCli(['test', dir, '-j', '3', ...outputs.flatMap((o) => ['--output', o]), ...args]);
  const [json, markdown, junit] = await Promise.all(outputs.map((o) => readFile(o, 'utf8').catch(() => '')));
  return { cli, dir, report: JSON.parse(json || 'null') as RunReport, markdown: markdown!, junit: junit! };
}

function binomial(n: number, k: number): number {
  let value = 1;
  for (let i = 1; i <= k; i += 1) value = (value * (n - k + i)) / i;
  return value;
}

const flakyCases = (report: RunReport) => report.results.filter((r) => r.test_name.startsWith('flaky'));

describe('--repeat 8 over a model that gets one turn wrong 30 % of the time', () => {
  it('reports rates and pass^k within the estimators’ expectation, in every report', async () => {
    const { cli, report, markdown, junit } = await run(['--repeat', String(REPEAT)]);
    expect(server!.requests).toHaveLength(REPEAT * (1 + 2 * CASES));
    const steady = report.results.find((r) => r.test_name === 'steady')!;
    expect(steady.repeat_stats).toMatchObject({ runs: 8, passed: 8, flaky: false, pass_hat_k: new Array(8).fill(1) });
    expect(steady.status).toBe('passed');
    let passes = 0;
    for (const result of flakyCases(report)) {
      const stats = result.repeat_stats!;
      const c = stats.passed;
      passes += c;
      expect(stats.runs).toBe(REPEAT);
      expect(result.repeats).toHaveLength(REPEAT);
      expect(result.repeats!.filter((r) => r.status === 'passed')).toHaveLength(c);
      // The first turn never fails; the second carries all the flakiness.
      expect(stats.turns![0]).toMatchObject({ passed: REPEAT, flaky: false });
      expect(stats.turns![1]!.passed).toBe(c);
      for (let k = 1; k <= REPEAT; k += 1) {
        expect(stats.pass_hat_k[k - 1]).toBeCloseTo(binomial(c, k) / binomial(REPEAT, k), 10);
        expect(stats.pass_at_k[k - 1]).toBeCloseTo(1 - binomial(REPEAT - c, k) / binomial(REPEAT, k), 10);
      }
      expect(stats.flaky).toBe(c > 0 && c < REPEAT);
      expect(result.status).toBe(c === REPEAT ? 'passed' : 'failed');
    }
    // 48 draws at p = 0.7: the pooled rate is within 3 standard deviations of 0.7.
    const trials = CASES * REPEAT;
    const rate = passes / trials;
    expect(Math.abs(rate - (1 - FAIL_RATE))).toBeLessThan(3 * Math.sqrt((FAIL_RATE * (1 - FAIL_RATE)) / trials));
    // pass^k is unbiased for p^k: averaged over the cases, pass^2 is near 0.49 (and far below pass@1).
    const meanHat2 = flakyCases(report).reduce((sum, r) => sum + r.repeat_stats!.pass_hat_k[1]!, 0) / CASES;
    expect(Math.abs(meanHat2 - 0.49)).toBeLessThan(0.2);
    expect(report.summary).toMatchObject({
      total_tests: CASES + 1,
      repeats: REPEAT,
      total_turns: REPEAT * (1 + 2 * CASES),
      flaky_tests: flakyCases(report).filter((r) => r.repeat_stats!.flaky).length,
    });
    const anyFlaky = flakyCases(report).find((r) => r.repeat_stats!.flaky)!;
    const c = anyFlaky.repeat_stats!.passed;
    const percent = `${((c / REPEAT) * 100).toFixed(1)}%`;
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain('Running 7 test cases (104 turns) of flaky-agent · 8 repeats each');
    expect(cli.stdout).toMatch(/Flakiness \(\d+ flaky test cases?\)/);
    expect(cli.stdout).toContain(`✗ ${anyFlaky.test_name}  ${c}/8 passed (${percent})`);
    expect(cli.stdout).toContain(`turn 2/2  ${c}/8 passed (${percent})`);
    expect(cli.stdout).toMatch(/Repeats 8 per test case · \d+ flaky/);
    expect(markdown).toContain(`**Repeats:** ${c}/8 passed (${percent}) · ⚠️ flaky`);
    expect(markdown).toMatch(/\| turn 2\/2 \| \d\/8 \|/);
    expect(junit).toMatch(
      new RegExp(
        `<failure message="${c}/8 repeats passed \\(${percent.replace('.', '\\.')}\\), min pass rate 100\\.0%`,
      ),
    );
    expect(junit).toContain('<rerunFailure message="repeat ');
  });

  it('--min-pass-rate passes the cases that reach it, keeps them flaky in JUnit, and sets the exit code', async () => {
    const loose = await run(['--repeat', String(REPEAT), '--min-pass-rate', '0.25']);
    const cases = flakyCases(loose.report);
    const expectPass = cases.every((r) => r.repeat_stats!.pass_rate >= 0.25);
    for (const result of cases) {
      expect(result.status).toBe(result.repeat_stats!.pass_rate >= 0.25 ? 'passed' : 'failed');
      expect(result.repeat_stats!.min_pass_rate).toBe(0.25);
    }
    expect(loose.cli.code).toBe(expectPass ? 0 : 1);
    const flakyPassed = cases.find((r) => r.status === 'passed' && r.repeat_stats!.flaky)!;
    const block = loose.junit.slice(loose.junit.indexOf(`<testcase name="${flakyPassed.test_name}"`));
    const element = block.slice(0, block.indexOf('</testcase>'));
    expect(element).not.toMatch(/<failure|<error/);
    expect(element.match(/<flakyFailure /g)).toHaveLength(REPEAT - flakyPassed.repeat_stats!.passed);
    await server?.close();

    const strict = await run(['--repeat', String(REPEAT), '--min-pass-rate', '100%']);
    expect(strict.cli.code).toBe(1);
    expect(flakyCases(strict.report).filter((r) => r.status === 'passed')).toHaveLength(
      flakyCases(strict.report).filter((r) => r.repeat_stats!.passed === REPEAT).length,
    );
  });

  it('execution.repeat and min_pass_rate in agent.yaml do the same; the flags win over them', async () => {
    const { report } = await run(['--min-pass-rate', '0.5'], 'execution:\n  repeat: 3\n  min_pass_rate: 0.9');
    expect(report.summary.repeats).toBe(3);
    expect(report.results.every((r) => r.repeat_stats?.runs === 3 && r.repeat_stats.min_pass_rate === 0.5)).toBe(true);
  });

  it.each([
    [
      ['--repeat', '0'],
      "option '--repeat <n>' argument '0' is invalid. expected a whole number of runs from 1 to 1000",
    ],
    [['--repeat', '2.5'], 'expected a whole number of runs from 1 to 1000'],
    [['--min-pass-rate', '0'], 'expected a share of passing repeats above 0 and at most 1 (e.g. 0.8 or 80%)'],
    [['--min-pass-rate', '120%'], 'expected a share of passing repeats above 0 and at most 1'],
  ])('%j is a usage error (exit 2) saying what is expected', async (args, message) => {
    const cli = await runCli(['test', 'agent.yaml', ...args]);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain(message);
  });

  it('an invalid execution.repeat is a config error located in agent.yaml', async () => {
    const dir = await writeProject({ 'agent.yaml': agentYaml('http://127.0.0.1:9', 'execution:\n  repeat: 0') });
    const cli = await runCli(['test', dir]);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toMatch(/agent\.yaml:\d+:\d+.*execution\.repeat/);
  });

  it('a pass-rate bar below 1 without repeats is warned of as having no effect, by test and validate', async () => {
    const single = await run(['--min-pass-rate', '0.5']);
    expect(single.cli.stderr).toContain(
      'warning: min_pass_rate 0.5 has no effect with repeat 1: each test case runs once and passes only if that run passes',
    );
    const repeated = await run(['--repeat', '2', '--min-pass-rate', '0.5']);
    expect(repeated.cli.stderr).not.toContain('has no effect');
    const dir = await writeProject({
      'agent.yaml': agentYaml('http://127.0.0.1:9', 'execution:\n  min_pass_rate: 80%'),
    });
    const validate = await runCli(['validate', dir]);
    expect(validate.code).toBe(0);
    expect(validate.stderr).toContain('warning: min_pass_rate 0.8 has no effect with repeat 1');
  });

  it('without --repeat writes no repeat fields', async () => {
    const { report, markdown, cli } = await run([]);
    for (const result of report.results) {
      expect(Object.keys(result)).not.toContain('repeats');
      expect(Object.keys(result)).not.toContain('repeat_stats');
    }
    expect(Object.keys(report.summary).filter((key) => /repeat|flaky/.test(key))).toEqual([]);
    expect(markdown).not.toContain('Repeats');
    expect(cli.stdout).not.toContain('Flakiness');
  });

  it('--resume after a crash runs only the repeats the run had not finished, and completes the record', async () => {
    const script = createFlakyTurnScript({
      answers,
      flaky: Object.keys(answers).filter((q) => q.startsWith('flaky')),
      fail_rate: FAIL_RATE,
      seed: 7,
    });
    let child: ChildProcess | null = null;
    let crashAt = 'flaky question 2';
    let asked = 0;
    // The third time case flaky-2 reaches its second turn, the CLI is killed: every case has finished two
    // repeats by then, steady, flaky-0 and flaky-1 all three.
    server = await startFakeModelServer(async (request) => {
      if (lastUserText(request) === crashAt && ++asked === 3) {
        // The CLI waits for this answer meanwhile: what the finished repeats left to write (appended as they
        // end, not awaited) lands before the kill, however busy the machine.
        setTimeout(() => child?.kill('SIGKILL'), 1_000);
        return { ...(await script(request)), delay_ms: 5_000 };
      }
      return script(request);
    });
    const dir = await writeProject({ 'agent.yaml': agentYaml(server.url) });
    const crashed = await runCli(['test', dir, '--repeat', '3'], { onSpawn: (spawned) => (child = spawned) });
    expect(crashed.signal).toBe('SIGKILL');
    crashAt = '';
    const before = server.requests.length;
    // Other repeat settings would judge the rest of the run by another rule: refused, and nothing runs.
    for (const other of [
      ['--repeat', '2'],
      ['--min-pass-rate', '50%'],
    ]) {
      const refused = await runCli(['test', dir, '--resume', ...other]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(
        /ran with --repeat 3 --min-pass-rate 1; resuming it with --repeat (2 --min-pass-rate 1|3 --min-pass-rate 0\.5) would judge its cases by two rules in one record/,
      );
    }
    expect(server.requests.length).toBe(before);
    const json = join(dir, 'report.json');
    const resumed = await runCli(['test', dir, '--resume', '--output', json]);
    expect(resumed.stderr).toMatch(/resuming .*\n.*finished repeats of unfinished test cases are kept, not run again/);
    // Left to run: the third repeat of flaky-2 to flaky-5, two turns each.
    const rerun = server.requests.slice(before).map((r) => lastUserText(r));
    expect(rerun.sort()).toEqual([2, 3, 4, 5].flatMap((i) => ['stable question', `flaky question ${i}`]).sort());
    const folder = join(dir, 'results', 'flaky-agent');
    const records = (await readdir(folder)).filter((name) => name.endsWith('.json'));
    expect(records).toHaveLength(1);
    const record = await readRunRecord(join(folder, records[0]!));
    expect(record.state).toBe('completed');
    expect(record.metadata.execution).toMatchObject({ repeat: 3, min_pass_rate: 1 });
    expect(record.report.results.map((r) => [r.test_name, r.repeats?.length])).toEqual(
      ['steady', ...Array.from({ length: CASES }, (_, i) => `flaky-${i}`)].map((name) => [name, 3]),
    );
    const report = JSON.parse(await readFile(json, 'utf8')) as RunReport;
    expect(report.summary).toMatchObject({ total_tests: CASES + 1, repeats: 3, total_turns: 3 * (1 + 2 * CASES) });
    expect(resumed.code).toBe(report.summary.failed > 0 ? 1 : 0);
  });

  it('merge-reports combines shard records of a repeated run, every repeat and figure kept', async () => {
    const { dir } = await run(['--repeat', '2', '--shard', '1/2']);
    const second = await runCli(['test', dir, '--repeat', '2', '--shard', '2/2', '-q']);
    expect(second.code, second.stderr).not.toBe(2);
    const merged = join(dir, 'merged.json');
    const cli = await runCli([
      'merge-reports',
      join(dir, 'results'),
      '--results-dir',
      join(dir, 'merged'),
      '--output',
      merged,
    ]);
    const report = JSON.parse(await readFile(merged, 'utf8')) as RunReport;
    expect(cli.code, cli.stderr).toBe(report.summary.failed > 0 ? 1 : 0);
    expect(report.results.map((r) => r.test_name)).toEqual([
      'steady',
      ...Array.from({ length: CASES }, (_, i) => `flaky-${i}`),
    ]);
    expect(report.results.every((r) => r.repeats?.length === 2 && r.repeat_stats?.runs === 2)).toBe(true);
    expect(report.summary).toMatchObject({ total_tests: CASES + 1, repeats: 2, total_turns: 2 * (1 + 2 * CASES) });
    expect(report.summary.flaky_tests).toBe(report.results.filter((r) => r.repeat_stats?.flaky).length);
    expect(cli.stdout).toContain('Repeats 2 per test case');
    // The header counts every repeat's turns, as the run's own did.
    expect(cli.stdout).toContain(`Running ${CASES + 1} test cases (${2 * (1 + 2 * CASES)} turns) of`);
    expect(cli.stdout).toMatch(/ · 2 repeats each\n/);
  });
});

/**
 * `--workers N` through the built CLI: the same verdicts as a run in the main thread; a worker thread that
 * ends under its case (here an exit that escapes the process guard, which turns process.exit into an error of
 * its turn as in the main thread) fails only that case, as `error` naming the cause, and the run goes on on a
 * new thread (exit 1, every report written); HOLODECK_WORKERS sets it; what cannot run on workers yet is
 * refused (exit 2). Interruption, resume and the process guard under workers: the suites `npm run
 * test:workers` runs with HOLODECK_WORKERS=2 (vitest.workers.config.ts).
 */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { createConvFinQaScript } from '../fakes/convfinqa-script.js';
import { FAKE_MCP_SERVER } from '../fakes/fixtures/tool-configs.js';
import { startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { REPO_ROOT, runCli } from '../helpers/run-cli.js';
import { writeSuiteProject } from '../reliability/suite-project.js';
import { writeModuleProject } from './cli-project.js';
import { writeProject } from './e2e-project.js';

const AGENT = `export function create() {
  return {
    async send(turn) {
      const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      if (turn.input === 'exit') process.exit(7);
      if (turn.input === 'end-thread') process.reallyExit(9);
      await wait(30);
      return turn.input;
    },
  };
}
`;

function crashProject(inputs: readonly string[]): Promise<string> {
  const cases = inputs
    .map(
      (input, i) =>
        `  - name: c${i}-${input}\n    turns:\n      - { input: ${input}, ground_truth: ${input} }\n      - { input: again, ground_truth: again }`,
    )
    .join('\n');
  return writeProject({
    'agent.mjs': AGENT,
    'agent.yaml': `name: workers\nbackend: { module: "agent.mjs:create" }\nevaluations:\n  metrics: [{ type: standard, metric: equality }]\ntest_cases:\n${cases}\n`,
  });
}

async function report(dir: string): Promise<RunReport> {
  return JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
}

describe('--workers', () => {
  it('gives the same verdicts as the main thread, each conversation kept on one worker', async () => {
    const inputs = ['a', 'wrong:b', 'slow:60', 'd', 'wrong:e', 'f', 'slow:20', 'h'];
    const dir = await writeModuleProject(inputs.map((input, i) => ({ name: `case-${i}`, input })));
    const verdicts = async (args: readonly string[]) => {
      const run = await runCli(['test', dir, '-j', '3', '-q', '--output', join(dir, 'report.json'), ...args]);
      expect(run.code, run.stderr).toBe(1);
      return (await report(dir)).results.map((r) => [r.test_name, r.passed, r.turns?.[0]?.response]);
    };
    const inProcess = await verdicts([]);
    expect(await verdicts(['--workers', '2'])).toEqual(inProcess);
    expect(inProcess.filter(([, passed]) => passed === false)).toHaveLength(2);
  });

  it('a case whose agent ends its worker thread errors with the cause; the others pass on a new thread (exit 1)', {
    timeout: 60_000,
  }, async () => {
    const dir = await crashProject(['a', 'end-thread', 'b', 'exit', 'c', 'd', 'end-thread', 'e']);
    const run = await runCli(['test', dir, '--workers', '2', '-j', '2', '--output', join(dir, 'report.json')]);
    expect(run.code, run.stderr).toBe(1);
    const results = (await report(dir)).results;
    const ended = "the case's worker thread ended (exit code 9)";
    expect(results.map((r) => [r.test_name, r.status, r.status === 'error' ? r.errors[0] : null])).toEqual([
      ['c0-a', 'passed', null],
      ['c1-end-thread', 'error', ended],
      ['c2-b', 'passed', null],
      ['c3-exit', 'error', expect.stringMatching(/called process\.exit\(7\): user code may not end the run$/)],
      ['c4-c', 'passed', null],
      ['c5-d', 'passed', null],
      ['c6-end-thread', 'error', ended],
      ['c7-e', 'passed', null],
    ]);
    // process.exit is caught by the guard in the worker too: an error of its turn, the next turn runs.
    const exitTurns = results.find((r) => r.test_name === 'c3-exit')?.turns ?? [];
    expect(exitTurns[0]?.errors.join()).toMatch(/called process\.exit\(7\): user code may not end the run/);
    expect(exitTurns[1]?.passed).toBe(true);
    expect(run.stdout).toMatch(/^! c1-end-thread {2}ERROR .*worker thread ended \(exit code 9\)/m);
  });

  it('HOLODECK_WORKERS sets the number of worker threads; a value that is not a count is refused', async () => {
    const dir = await crashProject(['a', 'end-thread']);
    const run = await runCli(['test', dir, '-q', '--output', join(dir, 'report.json')], {
      env: { HOLODECK_WORKERS: '2' },
    });
    expect(run.code, run.stderr).toBe(1);
    const ended = (await report(dir)).results.find((r) => r.test_name === 'c1-end-thread');
    expect(ended?.errors).toContain("the case's worker thread ended (exit code 9)");
    const bad = await runCli(['test', dir], { env: { HOLODECK_WORKERS: 'two' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('error: HOLODECK_WORKERS must be a positive whole number, got "two"\n');
    const zero = await runCli(['test', dir, '--workers', '0']);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain("option '--workers <n>' argument '0' is invalid");
  });

  it('refuses what cannot run on worker threads yet: --record, --replay, --cache and rate limits', async () => {
    const dir = await writeModuleProject(
      [{ name: 'a', input: 'a' }],
      'execution: { rate_limit: { requests_per_minute: 60 } }\n',
    );
    const limited = await runCli(['test', dir, '--workers', '2']);
    expect(limited.code).toBe(2);
    expect(limited.stderr).toBe(
      'error: --workers does not work with rate_limit yet (each worker thread would get its own limit)\n',
    );
    const plain = await writeModuleProject([{ name: 'a', input: 'a' }]);
    const record = await runCli(['test', plain, '--record', join(plain, 'c.jsonl')], {
      env: { HOLODECK_WORKERS: '3' },
    });
    expect(record.code).toBe(2);
    expect(record.stderr).toBe(
      'error: HOLODECK_WORKERS does not work with --record, --replay or --cache (execution.cache) yet\n',
    );
  });

  it('each worker connects its own MCP servers; every MCP child process is gone when the run ends', {
    timeout: 60_000,
  }, async () => {
    const server = await startFakeModelServer(createConvFinQaScript());
    try {
      const dir = await writeSuiteProject({ url: server.url, cases: 6 });
      const marker = join(dir, 'mcp.pid');
      const mcp = `tools:\n  - { name: finance, type: mcp, command: ${process.execPath}, args: [--import, tsx, ${FAKE_MCP_SERVER}, --pid-file, ${marker}], cwd: ${REPO_ROOT} }`;
      const agent = join(dir, 'agent.yaml');
      const yaml = (await readFile(agent, 'utf8')).replace(/^tools:[\s\S]*?(?=\nevaluations:)/m, mcp);
      await writeFile(agent, yaml);
      const run = await runCli(['test', dir, '--workers', '2', '-j', '4', '-q', '--output', join(dir, 'report.json')]);
      expect(run.code, run.stderr).toBe(0);
      expect((await report(dir)).summary).toMatchObject({ total_tests: 6, passed: 6 });
      expect(Number(await readFile(marker, 'utf8'))).toBeGreaterThan(0);
      const left = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.includes(marker));
      expect(left).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

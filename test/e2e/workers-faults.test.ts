/**
 * `--workers` when user code misbehaves: a module agent that ends its worker thread, returns what cannot cross
 * threads, crashes its thread, or computes deaf to a cancel. A worker that ends fails only the case that ended it;
 * nothing hangs, and an error is never a pass.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { runCli } from '../helpers/run-cli.js';
import { startCli } from '../reliability/cli-process.js';
import { writeProject } from './e2e-project.js';

const AGENT = `export function create() {
  let first = null;
  return {
    async send(turn) {
      const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      first ??= turn.input;
      if (turn.input === 'exit') process.exit(7);
      if (turn.input === 'end-thread') process.reallyExit(9);
      if (turn.turn_index === 1 && first === 'end-later') process.reallyExit(9);
      if (turn.input === 'symbol') return { response: 'symbol', tool_invocations: [{ name: 'lookup', args: {}, result: Symbol('s') }] };
      if (turn.input === 'reject') {
        void Promise.reject(new Error('unhandled boom'));
        return new Promise(() => {});
      }
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

describe('--workers with user code that ends, crashes or will not stop', () => {
  it('a case whose agent ends its worker thread errors with the cause; the others pass on a new thread (exit 1)', {
    timeout: 60_000,
  }, async () => {
    const dir = await crashProject(['a', 'end-thread', 'b', 'exit', 'c', 'd', 'end-thread', 'e', 'end-later']);
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
      ['c8-end-later', 'error', ended],
    ]);
    // The turn that ended before the thread did keeps its result; the one it ended in is the error.
    const later = results.find((r) => r.test_name === 'c8-end-later')?.turns ?? [];
    expect(later.map((turn) => [turn.status, turn.response])).toEqual([
      ['passed', 'end-later'],
      ['error', ''],
    ]);
    expect(later[1]?.errors).toEqual([ended]);
    // process.exit is caught by the guard in the worker too: an error of its turn, the next turn runs.
    const exitTurns = results.find((r) => r.test_name === 'c3-exit')?.turns ?? [];
    expect(exitTurns[0]?.errors.join()).toMatch(/called process\.exit\(7\): user code may not end the run/);
    expect(exitTurns[1]?.passed).toBe(true);
    expect(run.stdout).toMatch(/^! c1-end-thread {2}ERROR .*worker thread ended \(exit code 9\)/m);
  });

  it('a case that ends the thread it shares with others errors alone: the others run again on threads of their own', {
    timeout: 60_000,
  }, async () => {
    const dir = await crashProject(['a', 'b', 'c', 'end-thread', 'd', 'e', 'f', 'g']);
    const run = await runCli(['test', dir, '--workers', '2', '-j', '8', '--output', join(dir, 'report.json')]);
    expect(run.code, run.stderr).toBe(1);
    const results = (await report(dir)).results;
    expect(results.map((r) => [r.test_name, r.status])).toEqual([
      ['c0-a', 'passed'],
      ['c1-b', 'passed'],
      ['c2-c', 'passed'],
      ['c3-end-thread', 'error'],
      ['c4-d', 'passed'],
      ['c5-e', 'passed'],
      ['c6-f', 'passed'],
      ['c7-g', 'passed'],
    ]);
    expect(results[3]?.errors[0]).toBe("the case's worker thread ended (exit code 9)");
    // Each case's turns were reported once, though some ran twice.
    expect(run.stdout.match(/^✓ /gm)).toHaveLength(7);
    expect((await report(dir)).summary).toMatchObject({ total_turns: 16, passed_turns: 14 });
  });

  it('a value that cannot cross threads is dropped as without workers; a crash in a worker stops the run (exit 3), not hangs it', {
    timeout: 60_000,
  }, async () => {
    const symbol = await crashProject(['a', 'symbol', 'b']);
    for (const workers of [[], ['--workers', '2']]) {
      const run = await runCli(['test', symbol, ...workers, '--timeout', '5'], { timeoutMs: 30_000 });
      expect(run.code, `${workers} ${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/3 passed · 0 failed · 3 total/);
    }
    const crash = await crashProject(['a', 'reject']);
    const run = await runCli(['test', crash, '--workers', '2', '--timeout', '20'], { timeoutMs: 30_000 });
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain('unhandled promise rejection: Error: unhandled boom');
    const [record] = (await readdir(join(crash, 'results', 'workers'))).filter((name) => name.endsWith('.json'));
    expect(record).toBeDefined();
  });

  it('a second Ctrl-C stops a worker whose case computes, within 2 s: the run is saved, the case left for --resume', {
    timeout: 60_000,
  }, async () => {
    const dir = await writeProject({
      'agent.mjs':
        'export function create() {\n  return {\n    send(turn) {\n      if (turn.input === "spin") { const end = Date.now() + 30_000; while (Date.now() < end) {} }\n      return turn.input;\n    },\n  };\n}\n',
      'agent.yaml': `name: busy\nbackend: { module: "agent.mjs:create" }\nexecution: { llm_timeout: 60 }\nevaluations:\n  metrics: [{ type: standard, metric: equality }]\ntest_cases:\n  - { name: fast, input: fast, ground_truth: fast }\n  - { name: spin, input: spin, ground_truth: spin }\n`,
    });
    const cli = startCli(['test', 'agent.yaml', '--workers', '2', '--grace-period', '30'], { cwd: dir });
    await cli.waitForLines(/^✓ fast/, 1, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    cli.child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = Date.now();
    cli.child.kill('SIGINT');
    const exit = await cli.exited;
    expect(exit.code, cli.stderr()).toBe(130);
    expect(exit.at - second).toBeLessThan(8_000);
    const folder = join(dir, 'results', 'busy');
    const [file] = (await readdir(folder)).filter((name) => name.endsWith('.json'));
    const record = JSON.parse(await readFile(join(folder, file as string), 'utf8')) as {
      state: string;
      report: RunReport;
    };
    expect(record.state).toBe('interrupted');
    expect(record.report.results.map((result) => result.test_name)).toEqual(['fast']);
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
    // A count no machine runs is refused before anything starts (it was an array too long to make, or no memory left).
    const huge = await runCli(['test', dir, '--workers', '99999999999']);
    expect(huge.code).toBe(2);
    expect(huge.stderr).toBe(
      'error: --workers must be at most 256 (each worker thread loads the agent and its tools), got 99999999999\n',
    );
    const hugeEnv = await runCli(['test', dir], { env: { HOLODECK_WORKERS: '4294967295' } });
    expect(hugeEnv.code).toBe(2);
    expect(hugeEnv.stderr).toContain('error: HOLODECK_WORKERS must be at most 256');
  });
});

/**
 * User code cannot end or crash a run unnoticed: process.exit/abort/kill from an agent become errors of the
 * turn they ran in (the run goes on, reports are written, exit 1); an uncaught exception or unhandled
 * rejection stops the run with exit 3 after the reports and the run record are saved; a module that exits
 * while it loads is a config error; timers user code leaves behind do not keep a finished run from ending.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const AGENT = `export function create() {
  return {
    async send(turn) {
      const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      switch (turn.input) {
        case 'exit': process.exit(0);
        case 'exit-code': process.exit(1);
        case 'abort': process.abort();
        case 'really-exit': process.reallyExit(0);
        case 'exit-hook':
          process.on('exit', () => { process.exitCode = 0; });
          process.on('exit', () => process.reallyExit(0));
          return 'not what was asked';
        case 'kill': process.kill(process.pid, 'SIGKILL');
        case 'probe': return process.kill(process.pid, 0) === true ? 'probe' : 'no';
        case 'caught-exit':
          try { process.exit(0); } catch { return 'caught-exit'; }
        case 'exit-from-timer':
          setTimeout(() => process.exit(0), 5);
          await wait(100);
          return turn.input;
        case 'throw-from-timer':
          setTimeout(() => { throw new Error('boom from a timer'); }, 5);
          await wait(100);
          return turn.input;
        case 'unhandled':
          Promise.reject(new Error('nobody catches me \\x1b[2J\\x1b[32mGREEN'));
          await wait(100);
          return turn.input;
        case 'exit-after-return':
          setTimeout(() => process.exit(0), 30);
          return turn.input;
        case 'underscore-kill':
          process._kill(process.pid, 15);
          return turn.input;
        case 'slow':
          await wait(400);
          return turn.input;
        case 'leave-timers':
          setInterval(() => {}, 1000);
          setTimeout(() => {}, 600_000);
          return turn.input;
        default:
          return turn.input;
      }
    },
  };
}
`;

function project(inputs: readonly string[], extra: Record<string, string> = {}): Promise<string> {
  const cases = inputs
    .map((input, i) => `  - name: c${i}-${input}\n    input: ${input}\n    ground_truth: ${input}`)
    .join('\n');
  return writeProject({
    'agent.mjs': AGENT,
    'agent.yaml': `name: guard\nbackend: { module: "agent.mjs:create" }\nevaluations:\n  metrics: [{ type: standard, metric: equality }]\ntest_cases:\n${cases}\n`,
    ...extra,
  });
}

interface Report {
  summary: { total_tests: number; passed: number; failed: number; errored: number };
  results: { test_name: string; status: string; passed: boolean; errors: string[] }[];
}

async function runRecord(dir: string): Promise<{ state: string; report: Report }> {
  const agentDir = join(dir, 'results', 'guard');
  const files = (await readdir(agentDir)).filter((f) => f.endsWith('.json'));
  expect(files).toHaveLength(1);
  return JSON.parse(await readFile(join(agentDir, files[0]!), 'utf8'));
}

describe('user code that tries to end the run', () => {
  beforeAll(() => {
    expect(existsSync(join(__dirname, '../../dist/cli/main.js'))).toBe(true);
  });

  it('turns process.exit, abort and kill into errors of their turn; the run goes on and reports everything', async () => {
    const dir = await project([
      'ok',
      'exit',
      'exit-code',
      'abort',
      'kill',
      'caught-exit',
      'exit-from-timer',
      'probe',
      'last',
    ]);
    const run = await runCli(['test', 'agent.yaml', '--output', 'report.json'], { cwd: dir, timeoutMs: 60_000 });
    expect(run.signal).toBeNull();
    expect(run.code).toBe(1);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as Report;
    expect(report.results.map((r) => [r.test_name, r.status])).toEqual([
      ['c0-ok', 'passed'],
      ['c1-exit', 'error'],
      ['c2-exit-code', 'error'],
      ['c3-abort', 'error'],
      ['c4-kill', 'error'],
      ['c5-caught-exit', 'error'],
      ['c6-exit-from-timer', 'error'],
      // Signal 0 sends nothing: asking whether the process is there is no attempt to end it.
      ['c7-probe', 'passed'],
      ['c8-last', 'passed'],
    ]);
    expect(report.summary).toMatchObject({ total_tests: 9, passed: 3, failed: 6, errored: 6 });
    const errors = (name: string) => report.results.find((r) => r.test_name === name)!.errors.join('\n');
    expect(errors('c1-exit')).toMatch(/send \(.*agent\.mjs:\d+:\d+\) called process\.exit\(0\)/);
    expect(errors('c2-exit-code')).toContain('called process.exit(1)');
    expect(errors('c3-abort')).toContain('called process.abort()');
    expect(errors('c4-kill')).toContain('called process.kill(');
    // Catching the error does not hide the attempt.
    expect(errors('c5-caught-exit')).toContain('called process.exit(0)');
    expect(errors('c6-exit-from-timer')).toContain('called process.exit(0)');
    const record = await runRecord(dir);
    expect(record.state).toBe('completed');
    expect(record.report.summary.errored).toBe(6);
    expect(run.stdout).toContain('! c1-exit  ERROR');
  });

  it.each([[[]], [['--workers', '2', '-j', '1']]])(
    'refuses process._kill of the process, and says an exit tried by code its turn left running (%j)',
    async (args) => {
      const dir = await project(['underscore-kill', 'exit-after-return', 'slow', 'last']);
      const run = await runCli(['test', 'agent.yaml', '--output', 'report.json', ...args], {
        cwd: dir,
        timeoutMs: 60_000,
      });
      expect(run.signal).toBeNull();
      expect(run.code, run.stderr).toBe(1);
      const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as Report;
      expect(report.results.map((r) => [r.test_name, r.status])).toEqual([
        ['c0-underscore-kill', 'error'],
        ['c1-exit-after-return', 'passed'],
        ['c2-slow', 'passed'],
        ['c3-last', 'passed'],
      ]);
      expect(report.results[0]?.errors.join('\n')).toMatch(
        /called process\._kill\(\d+, 15\): user code may not end the run/,
      );
      expect(run.stderr).toMatch(
        /warning: .*agent\.mjs:\d+:\d+\) called process\.exit\(0\): user code may not end the run — outside any running turn: refused, and no turn failed for it/,
      );
    },
  );

  it('refuses process.reallyExit, and keeps the failing exit code from exit hooks that would make it 0', async () => {
    const dir = await project(['really-exit', 'exit-hook', 'ok']);
    const run = await runCli(['test', 'agent.yaml', '--output', 'report.json'], { cwd: dir, timeoutMs: 60_000 });
    expect(run.code).toBe(1);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as Report;
    expect(report.results.map((r) => [r.test_name, r.status])).toEqual([
      ['c0-really-exit', 'error'],
      ['c1-exit-hook', 'failed'],
      ['c2-ok', 'passed'],
    ]);
    // In the main thread the call is refused; under --workers it ends the case's thread alone.
    expect(report.results[0]!.errors.join('\n')).toMatch(
      /called process\.reallyExit\(0\)|the case's worker thread ended \(exit code 0\)/,
    );
    expect((await runRecord(dir)).state).toBe('completed');
  });

  it('stops the run with exit 3 on an uncaught exception, after saving the reports and the record', async () => {
    const dir = await project(['ok', 'throw-from-timer', 'slow', 'slow', 'slow']);
    await writeFile(join(dir, 'report.html'), 'an older report\n');
    const outputs = ['--output', 'report.json', '--output', 'report.xml', '--output', 'report.html'];
    const run = await runCli(['test', 'agent.yaml', ...outputs], { cwd: dir, timeoutMs: 60_000 });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('uncaught exception: Error: boom from a timer');
    expect(run.stderr).toContain('stopping the run');
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as Report;
    expect(report.results[0]).toMatchObject({ test_name: 'c0-ok', status: 'passed' });
    expect(report.results.length).toBeLessThan(5);
    expect(report.results.some((r) => r.status === 'passed' && r.test_name !== 'c0-ok')).toBe(false);
    expect(existsSync(join(dir, 'report.xml'))).toBe(true);
    expect((await runRecord(dir)).state).toBe('interrupted');
    // The HTML report too is of this run, as it ended: not the older one left in place.
    const html = await readFile(join(dir, 'report.html'), 'utf8');
    expect(html).not.toContain('an older report');
    expect(html).toMatch(/"state":"interrupted"/);
    expect(html).toContain('c0-ok');
  });

  it('stops the run with exit 3 on an unhandled rejection', async () => {
    const dir = await project(['ok', 'unhandled', 'slow', 'slow']);
    const run = await runCli(['test', 'agent.yaml', '--output', 'report.json'], { cwd: dir, timeoutMs: 60_000 });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('unhandled promise rejection: Error: nobody catches me');
    // Its message is shown as text: the escape sequences it holds do not reach the terminal.
    expect(run.stderr).toContain('nobody catches me \\x1b[2J\\x1b[32mGREEN');
    expect(run.stderr).not.toContain('\x1b[2J');
    expect(existsSync(join(dir, 'report.json'))).toBe(true);
  });

  it('ends a finished run at once, even when user code left timers that would keep Node alive', async () => {
    const dir = await project(['ok', 'leave-timers', 'last']);
    const started = Date.now();
    const run = await runCli(['test', 'agent.yaml', '--output', 'report.json'], { cwd: dir, timeoutMs: 60_000 });
    expect(run.signal).toBeNull();
    expect(run.code).toBe(0);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(run.stdout).toContain('3 passed');
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as Report;
    expect(report.results.map((r) => r.status)).toEqual(['passed', 'passed', 'passed']);
    expect((await runRecord(dir)).state).toBe('completed');
  });

  it('ends validate and test at once when a module leaves a timer running while it loads', async () => {
    const dir = await project(['ok'], { 'agent.mjs': `setInterval(() => {}, 1000);\n${AGENT}` });
    for (const command of ['validate', 'test']) {
      const run = await runCli([command, 'agent.yaml'], { cwd: dir, timeoutMs: 20_000 });
      expect(run.signal).toBeNull();
      expect(run.code).toBe(0);
    }
  });

  it('reports a module that exits while it loads as a config error, in validate and test', async () => {
    const dir = await project(['ok'], { 'agent.mjs': 'process.exit(0);\nexport function create() {}\n' });
    for (const command of ['validate', 'test']) {
      const run = await runCli([command, 'agent.yaml'], { cwd: dir, timeoutMs: 60_000 });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/agent\.mjs.*called process\.exit\(0\)/s);
    }
  });

  it('reports a module whose top level awaits what nothing will settle as a config error, at once', async () => {
    const never = 'await new Promise(() => {});\n';
    const agentYaml = (extra: string) =>
      `name: guard\nbackend: { module: "agent.mjs:create" }\n${extra}test_cases:\n  - { name: c, input: ok, ground_truth: ok }\n`;
    const projects = [
      { file: 'agent.mjs', dir: await project(['ok'], { 'agent.mjs': `${never}${AGENT}` }), key: /backend\.module/ },
      {
        file: 'tools.mts',
        key: /tools\[0\]\.file/,
        dir: await project(['ok'], {
          'tools.mts': `${never}export function add(args: { a: number }): number {\n  return args.a + 1;\n}\n`,
          'agent.yaml': agentYaml(
            'tools:\n  - { name: add, type: function, file: tools.mts, parameters: { type: object, properties: { a: { type: number } } } }\n',
          ),
        }),
      },
      {
        file: 'grader.mjs',
        key: /evaluations\.metrics\[0\]\.grader/,
        dir: await project(['ok'], {
          'grader.mjs': `${never}export function grade() {\n  return 1;\n}\n`,
          'agent.yaml': agentYaml('evaluations:\n  metrics: [{ type: code, grader: "grader.mjs:grade", name: g }]\n'),
        }),
      },
    ];
    for (const { file, dir, key } of projects) {
      for (const command of ['validate', 'test']) {
        const run = await runCli([command, 'agent.yaml'], { cwd: dir, timeoutMs: 30_000 });
        expect(run.signal).toBeNull();
        expect(run.code).toBe(2);
        expect(run.stderr).toMatch(key);
        expect(run.stderr).toContain(
          `${file} never finished: its top level awaits something that nothing is left to settle`,
        );
        expect(run.stderr).toContain('let the top level finish (it runs when the configuration loads)');
      }
      expect(existsSync(join(dir, 'results'))).toBe(false);
    }
  });
});

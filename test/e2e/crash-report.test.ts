/**
 * A run a crash stopped (an uncaught exception in user code, exit 3) says so, with the crash, in its record and
 * every report; the case that ran when it crashed is an error saying it, the cases never started did not run,
 * and `--resume` runs both again.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const SECRET = 'tok-crash-secret-0123456789';

const AGENT = `export function createAgent() {
  return {
    async send(turn) {
      if (turn.input === 'crash' && process.env.CRASH_AGENT === '1') {
        setTimeout(() => { throw new Error('async boom ' + process.env.CRASH_SECRET); }, 10);
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
      return turn.input;
    },
  };
}
`;

const CONFIG = `name: crashing
backend: { module: "./agent.mjs:createAgent" }
evaluations:
  metrics: [{ type: standard, metric: equality }]
test_cases:
  - { name: a, input: ok, ground_truth: ok }
  - { name: b, input: crash, ground_truth: crash }
  - { name: c, input: ok, ground_truth: ok }
`;

const OUTPUTS = ['--output', 'r.json', '--output', 'r.md', '--output', 'r.xml'];
const ENV = { CRASH_AGENT: '1', CRASH_SECRET: SECRET };

interface Result {
  test_name: string;
  status: string;
  errors: string[];
  stopped_by_crash?: boolean;
}
interface Report {
  interrupted?: { selected_tests: number; not_run: number; reason?: string; error?: string };
  results: Result[];
}

async function record(dir: string): Promise<{ state: string; report: Report }> {
  const agentDir = join(dir, 'results', 'crashing');
  const files = (await readdir(agentDir)).filter((file) => file.endsWith('.json'));
  expect(files).toHaveLength(1);
  return JSON.parse(await readFile(join(agentDir, files[0]!), 'utf8'));
}

async function expectCrashReported(dir: string, run: { code: number | null; stdout: string; stderr: string }) {
  expect(run.code, run.stderr).toBe(3);
  expect(run.stderr).toContain('uncaught exception: Error: async boom');
  const crash = 'uncaught exception: Error: async boom ***CRASH_SECRET';
  const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as Report;
  expect(report.interrupted).toEqual({ selected_tests: 3, not_run: 1, reason: 'crash', error: crash });
  expect(report.results.map((result) => [result.test_name, result.status])).toEqual([
    ['a', 'passed'],
    ['b', 'error'],
  ]);
  const b = report.results[1]!;
  expect(b.stopped_by_crash).toBe(true);
  expect(b.errors[0]).toBe(`the run stopped: ${crash} while this case ran`);
  const saved = await record(dir);
  expect(saved.state).toBe('interrupted');
  expect(saved.report.interrupted).toEqual(report.interrupted);
  const markdown = await readFile(join(dir, 'r.md'), 'utf8');
  const escaped = crash.replace(/[*_]/g, (c) => `\\${c}`);
  expect(markdown).toContain(`💥 the run crashed (${escaped}): 1 of 3 test cases did not run`);
  const junit = await readFile(join(dir, 'r.xml'), 'utf8');
  expect(junit).toContain(`message="the run crashed (${crash}): 1 of 3 test cases did not run`);
  expect(junit).toContain('type="crash"');
  expect(junit).toContain('<property name="interrupted_by" value="crash"/>');
  expect(run.stdout).toContain(`Run crashed — crashing: 2 of 3 test cases finished (${crash})`);
  for (const text of [JSON.stringify(report), markdown, junit, run.stdout, JSON.stringify(saved)]) {
    expect(text).not.toContain(SECRET);
  }
}

describe('a run stopped by a crash', () => {
  beforeAll(() => {
    expect(existsSync(join(__dirname, '../../dist/cli/main.js'))).toBe(true);
  });

  it('records and reports the crash; the running case is an error, and --resume runs it and the rest', async () => {
    const dir = await writeProject({ 'agent.mjs': AGENT, 'agent.yaml': CONFIG });
    const args = ['test', 'agent.yaml', '-j', '1', '--redact', 'CRASH_SECRET', ...OUTPUTS];
    const run = await runCli(args, { cwd: dir, env: ENV, timeoutMs: 60_000 });
    await expectCrashReported(dir, run);

    const resumed = await runCli(['test', 'agent.yaml', '--resume', ...OUTPUTS], { cwd: dir, timeoutMs: 60_000 });
    expect(resumed.code, resumed.stderr).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as Report;
    expect(report.interrupted).toBeUndefined();
    expect(report.results.map((result) => [result.test_name, result.status, result.stopped_by_crash])).toEqual([
      ['a', 'passed', undefined],
      ['b', 'passed', undefined],
      ['c', 'passed', undefined],
    ]);
    expect((await record(dir)).state).toBe('completed');
  });

  it('says the same of a crash in a case worker thread (--workers 2)', async () => {
    const dir = await writeProject({ 'agent.mjs': AGENT, 'agent.yaml': CONFIG });
    const args = ['test', 'agent.yaml', '-j', '1', '--workers', '2', '--redact', 'CRASH_SECRET', ...OUTPUTS];
    const run = await runCli(args, { cwd: dir, env: ENV, timeoutMs: 60_000 });
    await expectCrashReported(dir, run);
  });
});

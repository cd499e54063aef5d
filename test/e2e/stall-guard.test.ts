/**
 * User code that never returns to the event loop cannot hold a run for ever. A module agent runs in the main
 * thread: a synchronous endless loop in its `send` stops the run (exit 3) once the turn timeout + 5 s have
 * passed, naming where it is stuck, with the cases finished before kept in the run record for `--resume`.
 * Under `--workers` the stuck case worker is stopped instead, its case ends as `error` and the run goes on. A
 * module agent's module looping at its top level while the configuration loads is a configuration error (exit 2);
 * a grader's module loads in a grader thread, which is stopped, and the grader's entry is the located error.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const AGENT = `export function create() {
  return {
    send(turn) {
      if (turn.input === 'loop') {
        while (true) {}
      }
      return turn.input;
    },
  };
}
`;

const CASES = ['first', 'loop', 'third']
  .map((input) => `  - name: ${input}\n    input: ${input}\n    ground_truth: ${input}`)
  .join('\n');

function loopingAgentProject(): Promise<string> {
  return writeProject({
    'agent.mjs': AGENT,
    'agent.yaml': `name: stall\nbackend: { module: "agent.mjs:create" }\nexecution: { llm_timeout: 1 }\nevaluations:\n  metrics: [{ type: standard, metric: equality }]\ntest_cases:\n${CASES}\n`,
  });
}

async function recordLines(dir: string): Promise<string[]> {
  const folder = join(dir, 'results', 'stall');
  // The run's log (or record); a stopped run also leaves the lock of its process, which is gone.
  const files = (await readdir(folder)).filter((name) => !name.endsWith('.lock'));
  expect(files).toHaveLength(1);
  return (await readFile(join(folder, files[0] as string), 'utf8')).split('\n').filter((line) => line !== '');
}

describe('user code that never returns to the event loop', () => {
  it("stops the run at a module agent's synchronous endless loop, naming where it is stuck (exit 3)", async () => {
    const dir = await loopingAgentProject();
    const started = Date.now();
    const run = await runCli(['test', 'agent.yaml', '-j', '1', '--workers', '1'], { cwd: dir, timeoutMs: 30_000 });
    const took = Date.now() - started;
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('error: the run was stopped: its main thread has not returned to its event loop for');
    expect(run.stderr).toContain('the limit is the turn timeout + 5 s: 6.0 s');
    expect(run.stderr).toMatch(/stuck in\n {4}at send \(agent\.mjs:5:9\)\nA module agent/);
    expect(run.stderr).toContain(
      "no report was written; the cases finished before are in the run's log, results/<agent>/<start>.partial.jsonl (holodeck test --resume",
    );
    expect(took).toBeGreaterThan(6000);
    expect(took).toBeLessThan(20_000);
    // The case finished before the loop is in the run record; the looping one and the one after are not.
    const lines = await recordLines(dir);
    expect(lines.some((line) => line.includes(`"test_name":"first"`))).toBe(true);
    expect(lines.some((line) => line.includes(`"test_name":"loop"`))).toBe(false);
    expect(lines.some((line) => line.includes(`"test_name":"third"`))).toBe(false);

    // --resume goes on from there once the agent is fixed: only the two unfinished cases run.
    await writeFile(join(dir, 'agent.mjs'), AGENT.replace("turn.input === 'loop'", 'false'));
    const resumed = await runCli(['test', 'agent.yaml', '--resume', '--workers', '1'], { cwd: dir });
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain('1 of 3 test cases finished before');
  }, 60_000);

  it('under --workers stops the stuck case worker: its case is an error, the others pass (exit 1)', async () => {
    const dir = await loopingAgentProject();
    const run = await runCli(['test', 'agent.yaml', '-j', '1', '--workers', '2', '--output', 'report.json'], {
      cwd: dir,
      timeoutMs: 30_000,
    });
    expect(run.code).toBe(1);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as {
      results: { test_name: string; status: string; errors: string[] }[];
    };
    const byName = new Map(report.results.map((result) => [result.test_name, result]));
    expect(byName.get('first')?.status).toBe('passed');
    expect(byName.get('third')?.status).toBe('passed');
    expect(byName.get('loop')?.status).toBe('error');
    expect(byName.get('loop')?.errors.join('\n')).toMatch(
      /the case's worker thread was stopped: it did not return to its event loop for [\d.]+ s, stuck at send \(agent\.mjs:5:9\) \(limit 6\.0 s: the turn timeout \+ 5\.0 s\): a module agent's factory, send or close, or a module's top level, runs a synchronous loop that never returns/,
    );
  }, 60_000);

  it('under --workers lets a turn compute past the 30 s limit of loading, within its own turn timeout', async () => {
    const dir = await writeProject({
      'agent.mjs':
        'export function create() {\n  return {\n    send(turn) {\n      const end = Date.now() + 31_000;\n      while (Date.now() < end) {}\n      return turn.input;\n    },\n  };\n}\n',
      'agent.yaml': `name: long\nbackend: { module: "agent.mjs:create" }\nexecution: { llm_timeout: 60 }\nevaluations:\n  metrics: [{ type: standard, metric: equality }]\ntest_cases:\n  - { name: long, input: done, ground_truth: done }\n`,
    });
    const run = await runCli(['test', 'agent.yaml', '--workers', '2'], { cwd: dir, timeoutMs: 60_000 });
    expect(run.stderr).not.toContain('event loop');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/1 passed · 0 failed · 1 total/);
  }, 90_000);

  it("is a configuration error when a module agent's module loops at its top level (exit 2)", async () => {
    const dir = await writeProject({
      'agent.mjs': `while (true) {}\n${AGENT}`,
      'agent.yaml': `name: stall\nbackend: { module: "agent.mjs:create" }\ntest_cases:\n  - name: first\n    input: first\n`,
    });
    const run = await runCli(['validate', 'agent.yaml'], { cwd: dir, timeoutMs: 60_000 });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('error: the configuration could not be loaded: its main thread has not returned');
    expect(run.stderr).toContain('the limit while loading is 30.0 s');
    expect(run.stderr).toMatch(/at <anonymous> \(agent\.mjs:1:\d+\)/);
  }, 90_000);

  it("is a located configuration error when a grader's module loops at its top level: it loads in a grader thread (exit 2)", async () => {
    const dir = await writeProject({
      'grader.mjs': 'while (true) {}\nexport function grade() {\n  return 1;\n}\n',
      'agent.mjs': AGENT,
      'agent.yaml': `name: stall\nbackend: { module: "agent.mjs:create" }\nevaluations:\n  metrics: [{ type: code, grader: "grader.mjs:grade", name: g }]\ntest_cases:\n  - name: first\n    input: first\n`,
    });
    const run = await runCli(['validate', 'agent.yaml'], { cwd: dir, timeoutMs: 60_000 });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /agent\.yaml:4:\d+ +evaluations\.metrics\[0\]\.grader\n +cannot load grader "grader\.mjs:grade": importing .*grader\.mjs did not finish within 30 s/,
    );
    expect(run.stderr).not.toContain('its main thread has not returned');
  }, 90_000);
});

/**
 * Code graders that misbehave in their worker threads, through the built CLI: stuck ones that fill the pool,
 * one that leaves a loop running after it returned, one whose timer crashes after it returned. The run always
 * ends with its verdicts and reports; no other case pays for them.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

// Each answer takes a moment, so a grader's late timer has fired before the next grader call is sent.
const AGENT =
  'export const createAgent = () => ({ send: async (turn) => { await new Promise((r) => setTimeout(r, 100)); return "echo " + turn.input; } });\n';
const GRADERS = `export const loopsEarly = (ctx) => { if (ctx.turn_index < 2) for (;;) {} return true; };
export const lateLoop = () => { setTimeout(() => { for (;;) {} }, 5); return true; };
export const lateReject = () => { Promise.reject(new Error('floating\\x1b[2J')); return true; };
export const pass = () => true;
export const flood = () => { for (let i = 0; i < 12000; i++) console.log('flood ' + 'x'.repeat(1000)); return true; };
export const noisy = () => { for (let i = 0; i < 50000; i++) console.log('grader line ' + i); console.log('GRADER DONE'); return true; };
`;

function project(cases: string): Promise<string> {
  return writeProject({
    'agent.mjs': AGENT,
    'graders.mjs': GRADERS,
    'agent.yaml': `name: grader-threads\nbackend: { module: "agent.mjs:createAgent" }\ntest_cases:\n${cases}`,
  });
}

const grader = (name: string, timeout = 1000) =>
  `    evaluations: [{ type: code, name: ${name}, grader: "graders.mjs:${name}", timeout_ms: ${timeout} }]\n`;

/** Case `culprit` graded by `culprit`, then two cases graded by `pass`, one at a time: all three pass. */
async function culpritFirst(culprit: string) {
  const cases = ['culprit', 'by1', 'by2']
    .map((name) => `  - name: ${name}\n    input: ${name}\n${grader(name === 'culprit' ? culprit : 'pass')}`)
    .join('');
  const run = await runCli(['test', await project(cases), '-j', '1']);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain('3 passed');
  return run;
}

describe('code graders that misbehave in their threads', () => {
  it('finishes the run, with its reports, when stuck graders have taken every thread of the pool', async () => {
    const dir = await project(
      `  - name: conv\n    turns: [{ input: a }, { input: b }, { input: c }]\n${grader('loopsEarly', 300)}`,
    );
    const json = join(dir, 'r.json');
    const run = await runCli(['test', dir, '--output', json, '--output', join(dir, 'r.xml')]);
    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(await readFile(json, 'utf8')) as RunReport;
    expect(report.results[0]?.turns?.map((turn) => turn.status)).toEqual(['error', 'error', 'passed']);
    expect(await readFile(join(dir, 'r.xml'), 'utf8')).toContain('<testsuite');
  });

  it('sends the next grader past a thread a returned grader left blocked, and names that grader', async () => {
    const run = await culpritFirst('lateLoop');
    expect(run.stderr).toContain(
      'warning: code that grader graders.mjs:lateLoop (case "culprit", turn 1) left running blocked its worker thread after its call had returned',
    );
  }, 60_000);

  it('keeps a grader whose timer crashed after it returned from failing another case, and names it', async () => {
    const run = await culpritFirst('lateReject');
    expect(run.stderr).toContain(
      // Its message shown as text: the escape sequence it holds does not reach the terminal.
      'warning: grader graders.mjs:lateReject (case "culprit", turn 1) crashed (Error: floating\\x1b[2J) in its worker thread after it had returned',
    );
  });

  it('shows everything a grader printed, before its case line, when the run ends right after it', async () => {
    const run = await runCli(['test', await project(`  - name: loud\n    input: x\n${grader('noisy', 30000)}`)]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines.filter((line) => line.startsWith('grader line ')).length).toBe(50000);
    const done = lines.indexOf('GRADER DONE');
    expect(done).toBeGreaterThan(0);
    expect(lines.findIndex((line) => line.startsWith('✓ loud'))).toBeGreaterThan(done);
  }, 60_000);

  it('says how much of a grader flood of output was dropped, before its case line, when the run ends right after it', async () => {
    const run = await runCli(['test', await project(`  - name: flooded\n    input: x\n${grader('flood', 30000)}`)]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    // 8 MB of it waits at most (bound-thread-output.ts); the rest is dropped, and a line says how much.
    expect(lines.filter((line) => line.startsWith('flood ')).length).toBeGreaterThan(7000);
    const note = lines.findIndex((line) => /^\[holodeck: \d+ characters of output dropped here/.test(line));
    expect(note).toBeGreaterThan(0);
    expect(lines.findIndex((line) => line.startsWith('✓ flooded'))).toBeGreaterThan(note);
  }, 60_000);
});

/**
 * User code in a worker thread printing faster than its output can be taken: past a bound what it prints is
 * dropped, and a line says how much, instead of every byte waiting in memory until the call ends.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const LOUD = `export function loud() {
  const line = 'x'.repeat(1024 * 1024 - 1) + '\\n';
  for (let i = 0; i < 24; i += 1) process.stdout.write(line);
  return { score: 1 };
}
export function endless() {
  for (;;) console.log('y'.repeat(1000));
}
`;

const AGENT = `export function create() {
  return {
    send() {
      const line = 'z'.repeat(1024 * 1024 - 1) + '\\n';
      for (let i = 0; i < 24; i += 1) process.stderr.write(line);
      return 'ok';
    },
  };
}
`;

function project(metric: string): Promise<string> {
  return writeProject({
    'agent.mjs': AGENT,
    'graders.mjs': LOUD,
    'agent.yaml': `name: loud
backend: { module: "agent.mjs:create" }
evaluations:
  metrics: [${metric}]
test_cases:
  - { name: a, input: hello }
`,
  });
}

describe('output of a worker thread', () => {
  it('keeps 8 MB of a grader printing 24 MB at once and says how much it dropped', async () => {
    const dir = await project('{ type: code, grader: "graders.mjs:loud" }');
    const run = await runCli(['test', 'agent.yaml', '--workers', '2'], { cwd: dir });
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    expect(run.stdout).toMatch(
      /\[holodeck: \d+ characters of output dropped here, written faster than they could be shown\]/,
    );
    expect(run.stdout.length).toBeLessThan(10 * 1024 * 1024);
    expect(run.stdout.length).toBeGreaterThan(8 * 1024 * 1024);
    // The module agent's thread (--workers 2) prints 24 MB to stderr: bounded the same way.
    expect(run.stderr).toMatch(/\[holodeck: \d+ characters of output dropped here/);
    expect(run.stderr.length).toBeLessThan(10 * 1024 * 1024);
  });

  it('errors a grader that prints without end at its time limit', async () => {
    const dir = await project('{ type: code, grader: "graders.mjs:endless", timeout_ms: 2000 }');
    const run = await runCli(['test', 'agent.yaml'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('grader graders.mjs:endless timed out after 2000 ms');
  });
});

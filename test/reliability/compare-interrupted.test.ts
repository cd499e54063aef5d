/**
 * `holodeck compare` with a run that was interrupted: its missing cases were never run, so run B cannot show
 * that nothing regressed (exit 1, said first); an interrupted run A is said, no more.
 */
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeProject } from '../e2e/e2e-project.js';
import { runCli } from '../helpers/run-cli.js';
import { startCli } from './cli-process.js';

/** A module agent that answers at once, except on `hold` cases while the file `hold` exists. */
const AGENT = (dir: string) => `
import { existsSync } from 'node:fs';
export const createAgent = () => ({
  async send(turn: { input: string }) {
    while (turn.input.startsWith('hold') && existsSync(${JSON.stringify(join(dir, 'hold'))})) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return turn.input;
  },
});
`;

const YAML = `name: gate
backend: { module: "agent.ts:createAgent" }
evaluations:
  metrics: [{ type: standard, metric: equality }]
test_cases:
  - { name: first, input: now, ground_truth: now }
  - { name: second, input: hold-1, ground_truth: hold-1 }
  - { name: third, input: hold-2, ground_truth: hold-2 }
`;

describe('compare with an interrupted run', () => {
  it('exits 1 when run B did not finish, and says so first', { timeout: 60_000 }, async () => {
    const dir = await writeProject({ 'agent.yaml': YAML });
    await writeFile(join(dir, 'agent.ts'), AGENT(dir));
    const complete = await runCli(['test', 'agent.yaml', '-q'], { cwd: dir });
    expect(complete.code, complete.stderr).toBe(0);
    await writeFile(join(dir, 'hold'), '');
    const cli = startCli(['test', 'agent.yaml', '--grace-period', '0'], { cwd: dir });
    await cli.waitForLines(/^✓ first/, 1);
    cli.child.kill('SIGINT');
    expect((await cli.exited).code).toBe(130);
    await rm(join(dir, 'hold'));
    const [a, b] = (await readdir(join(dir, 'results', 'gate'))).filter((name) => name.endsWith('.json')).sort();
    const [runA, runB] = [join('results', 'gate', a as string), join('results', 'gate', b as string)];

    const gate = await runCli(['compare', runA, runB], { cwd: dir });
    expect(gate.code, gate.stderr).toBe(1);
    expect(gate.stdout.split('\n')[0]).toBe(
      'run B was interrupted: 2 of its 3 test cases did not run (exit 1: it cannot show that nothing regressed; holodeck test --resume completes it)',
    );
    const reverse = await runCli(['compare', runB, runA], { cwd: dir });
    expect(reverse.code, reverse.stderr).toBe(0);
    expect(reverse.stdout.split('\n')[0]).toBe('run A was interrupted: 2 of its 3 test cases did not run');
  });

  it('says when the runs are of two agents, or cases of one name asked other questions', {
    timeout: 60_000,
  }, async () => {
    const dir = await writeProject({ 'agent.yaml': YAML });
    await writeFile(join(dir, 'agent.ts'), AGENT(dir));
    expect((await runCli(['test', 'agent.yaml', '-q'], { cwd: dir })).code).toBe(0);
    const changed = YAML.replace('name: gate', 'name: other').replace(
      'input: now, ground_truth: now',
      'input: x, ground_truth: y',
    );
    await writeFile(join(dir, 'other.yaml'), changed);
    expect((await runCli(['test', 'other.yaml', '-q'], { cwd: dir })).code).toBe(1);
    const [a] = await readdir(join(dir, 'results', 'gate'));
    const [b] = await readdir(join(dir, 'results', 'other'));
    const run = await runCli(['compare', join('results', 'gate', a as string), join('results', 'other', b as string)], {
      cwd: dir,
    });
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n').slice(0, 3)).toEqual([
      'run A is of agent "gate", run B of agent "other": test cases are compared by name',
      '1 test case of the same name asked other questions or expected other answers in run B: "first" — their verdicts compare different tests',
      '',
    ]);
  });
});

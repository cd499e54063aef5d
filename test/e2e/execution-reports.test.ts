/**
 * `execution.output`, `execution.verbose` and `execution.quiet` of agent.yaml, through the built CLI: reports
 * relative to the config's folder, replaced by --output on the command line, the detail -v / -q would give, and
 * the located errors of reports whose format cannot be told, of verbose with quiet and of a misplaced backend.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { runCli } from '../helpers/run-cli.js';
import { type CaseSpec, moduleAgentYaml } from './cli-project.js';
import { writeProject } from './e2e-project.js';

const CASES: readonly CaseSpec[] = [
  { name: 'alpha', input: 'first question' },
  { name: 'beta', input: 'second question' },
];

/** A project whose agent.yaml is in `evals/`, run from the project's root. */
async function nestedProject(execution: string): Promise<string> {
  const dir = await writeProject({});
  await mkdir(join(dir, 'evals'));
  await writeFile(join(dir, 'evals', 'agent.yaml'), moduleAgentYaml(CASES, `execution:\n${execution}`));
  return dir;
}

const NO_ENV = { HOLODECK_OUTPUT: undefined, HOLODECK_VERBOSE: undefined, HOLODECK_QUIET: undefined };

describe('execution: output, verbose and quiet', () => {
  it('writes the reports of execution.output beside agent.yaml, and --output replaces them', async () => {
    const dir = await nestedProject('  output: [reports/r.json, reports/r.md]\n');
    const run = await runCli(['test', 'evals/agent.yaml'], { cwd: dir, env: NO_ENV });
    expect(run.code, run.stderr).toBe(0);
    const json = join(dir, 'evals', 'reports', 'r.json');
    const report = JSON.parse(await readFile(json, 'utf8')) as RunReport;
    expect(report.results.map((result) => result.test_name)).toEqual(['alpha', 'beta']);
    expect(await readFile(join(dir, 'evals', 'reports', 'r.md'), 'utf8')).toContain('cli-project');
    // The run says where they went.
    expect(run.stdout).toContain(join('evals', 'reports', 'r.json'));
    expect(run.stdout).toContain(join('evals', 'reports', 'r.md'));

    await rm(join(dir, 'evals', 'reports'), { recursive: true });
    const cli = await runCli(['test', 'evals/agent.yaml', '--output', 'x.json'], {
      cwd: dir,
      env: { ...NO_ENV, HOLODECK_OUTPUT: 'env.json' },
    });
    expect(cli.code, cli.stderr).toBe(0);
    expect(existsSync(join(dir, 'x.json'))).toBe(true);
    expect(existsSync(join(dir, 'evals', 'reports'))).toBe(false);
    expect(existsSync(join(dir, 'env.json'))).toBe(false);
  });

  it('takes execution.output over HOLODECK_OUTPUT', async () => {
    const dir = await nestedProject('  output: r.json\n');
    const run = await runCli(['test', 'evals/agent.yaml', '-q'], { cwd: dir, env: { HOLODECK_OUTPUT: 'env.json' } });
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(dir, 'evals', 'r.json'))).toBe(true);
    expect(existsSync(join(dir, 'env.json'))).toBe(false);
  });

  it('prints every turn with execution.verbose: true, and -q on the command line wins', async () => {
    const dir = await nestedProject('  verbose: true\n');
    const run = await runCli(['test', 'evals/agent.yaml'], { cwd: dir, env: { ...NO_ENV, HOLODECK_QUIET: 'true' } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/input\W+first question/);
    const quiet = await runCli(['test', 'evals/agent.yaml', '-q'], { cwd: dir, env: NO_ENV });
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stdout).not.toContain('first question');
    expect(quiet.stdout).not.toContain('run record');
  });

  it('refuses a report over an input file, as --output', async () => {
    const dir = await nestedProject('  output: agent.json\n');
    await writeFile(join(dir, 'evals', 'agent.json'), '{}');
    const yaml = await readFile(join(dir, 'evals', 'agent.yaml'), 'utf8');
    const withFile = yaml.replace(/test_cases:[\s\S]*$/, 'test_cases_file: agent.json\n');
    await writeFile(join(dir, 'evals', 'agent.yaml'), withFile);
    await writeFile(join(dir, 'evals', 'agent.json'), JSON.stringify([{ name: 'a', input: 'q', ground_truth: 'q' }]));
    const run = await runCli(['test', 'evals/agent.yaml'], { cwd: dir, env: NO_ENV });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/agent\.json/);
    expect(JSON.parse(await readFile(join(dir, 'evals', 'agent.json'), 'utf8'))).toHaveLength(1);
  });

  it('says where a report whose format cannot be told, verbose with quiet, and backend are written, in test and validate', async () => {
    const dir = await nestedProject('  output: [r.json, r.txt]\n  verbose: true\n  quiet: true\n  backend: ai_sdk\n');
    for (const command of ['test', 'validate']) {
      const run = await runCli([command, 'evals/agent.yaml'], { cwd: dir, env: NO_ENV });
      expect(run.code, command).toBe(2);
      expect(run.stderr).toMatch(
        /agent\.yaml:\d+:\d+ +execution\.output\[1\]\n.*cannot tell the report format of "r\.txt"/,
      );
      expect(run.stderr).toMatch(/agent\.yaml:\d+:\d+ +execution\.quiet\n.*`verbose` and `quiet` are both true/);
      expect(run.stderr).toMatch(/agent\.yaml:\d+:\d+ +execution\.backend\n.*it is a top-level key of agent\.yaml/);
    }
    expect(existsSync(join(dir, 'evals', 'results'))).toBe(false);
  });
});

/**
 * The environment variables of `holodeck test`, through the built CLI: every boolean variable reads the same
 * spellings (`true` or `false`, in any case; `1` and `0` are refused, naming the variable), and a variable set
 * empty or blank is unset, whichever it is.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { runCli } from '../helpers/run-cli.js';
import { type CaseSpec, writeModuleProject } from './cli-project.js';

const CASES: readonly CaseSpec[] = [
  { name: 'alpha', input: 'a' },
  { name: 'beta', input: 'b' },
];

const BOOLEANS = [
  'HOLODECK_CACHE',
  'HOLODECK_FAIL_ON_TOOL_ERROR',
  'HOLODECK_DISTINCT_CALLS',
  'HOLODECK_VERBOSE',
  'HOLODECK_QUIET',
] as const;

describe('environment variables', () => {
  it('reads every boolean variable as true or false, and refuses 1 and 0 naming the variable', async () => {
    const dir = await writeModuleProject(CASES);
    for (const variable of BOOLEANS) {
      for (const value of ['1', '0']) {
        const run = await runCli(['test', 'agent.yaml', '--dry-run'], { cwd: dir, env: { [variable]: value } });
        expect(run.code, `${variable}=${value}`).toBe(2);
        expect(run.stderr).toContain(`environment variable ${variable}="${value}" is invalid: expected true or false`);
      }
      const read = await runCli(['test', 'agent.yaml', '--dry-run'], { cwd: dir, env: { [variable]: 'False' } });
      expect(read.code, `${variable}=False: ${read.stderr}`).toBe(0);
    }
  }, 120_000);

  it('takes a variable set empty or blank as unset', async () => {
    const dir = await writeModuleProject(CASES);
    const env = {
      HOLODECK_FILTER: '  ',
      HOLODECK_LIMIT: '',
      HOLODECK_REPEAT: ' ',
      HOLODECK_VERBOSE: '',
      HOLODECK_QUIET: ' ',
      HOLODECK_OUTPUT: ' ',
      HOLODECK_BACKEND: ' ',
    };
    const run = await runCli(['test', 'agent.yaml', '--output', 'r.json'], { cwd: dir, env });
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as RunReport;
    expect(report.results.map((result) => result.test_name)).toEqual(['alpha', 'beta']);
    expect(report.summary.repeats).toBeUndefined();
  });
});

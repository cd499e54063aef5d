/**
 * The financial-assistant sample copied out of the repository, as a user would copy it: the reference agent
 * runs through the built CLI, and the converter runs under tsx, writing JSON without the yaml package and
 * saying what to install for YAML.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, runCli } from '../helpers/run-cli.js';

const SAMPLE = join(REPO_ROOT, 'sample/financial-assistant');
const TSX_CLI = join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');

let copy = '';

beforeAll(async () => {
  const parent = await mkdtemp(join(tmpdir(), 'holodeck-sample-copy-'));
  copy = join(parent, 'financial-assistant');
  await cp(SAMPLE, copy, { recursive: true, filter: (path) => !path.startsWith(join(SAMPLE, 'results')) });
});

afterAll(async () => {
  if (copy !== '') await rm(join(copy, '..'), { recursive: true, force: true });
});

async function convert(out: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = [TSX_CLI, 'scripts/convert_convfinqa.ts', '--source', 'convfinqa/convfinqa_dev.json', '--n', '2'];
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...args, '--out', out], { cwd: copy });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the financial-assistant sample in a copy outside the repository', () => {
  it('is not inside a folder that holds node_modules', () => {
    expect(copy.startsWith(`${REPO_ROOT.replace(/[\\/]$/, '')}${sep}`)).toBe(false);
  });

  it('runs the reference agent: every case and turn passes', async () => {
    const run = await runCli(['test', 'oracle.yaml'], { cwd: copy });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/10 passed · 0 failed · 10 total/);
    expect(run.stdout).toMatch(/40 passed · 0 failed · 0 skipped · 40 total/);
    expect(run.code).toBe(0);
  });

  it('converts to JSON under tsx', async () => {
    const result = await convert('two.json');
    expect(result).toMatchObject({ code: 0, stderr: '', stdout: 'wrote 2 test cases (9 turns) to two.json\n' });
    const cases = JSON.parse(await readFile(join(copy, 'two.json'), 'utf8')) as { test_cases: unknown[] };
    expect(cases.test_cases).toHaveLength(2);
  });

  it('exits 2 on a YAML --out, naming the package to install', async () => {
    const result = await convert('two.yaml');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: writing --out two.yaml needs the yaml package, which is not installed here: run npm install yaml, or use JSON\n',
    );
  });
});

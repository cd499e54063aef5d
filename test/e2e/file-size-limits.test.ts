/**
 * A configuration or test cases file above its size limit ends `holodeck test` and `holodeck validate` with
 * exit 2 at once, naming the file, its size and `--max-file-size`; the option and HOLODECK_MAX_FILE_SIZE move
 * the limit.
 */
import { truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConvFinQaScript } from '../fakes/convfinqa-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, writeProject } from './e2e-project.js';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(createConvFinQaScript());
});
afterAll(() => server.close());

const CASES = Array.from({ length: 50 }, (_, i) => `- name: case-${i}\n  input: "question number ${i}"\n`).join('');

async function project(): Promise<string> {
  const agent = `name: sizes\n${modelBlock('openai', server.url)}\ntest_cases_file: cases.yaml\n`;
  return writeProject({ 'agent.yaml': agent, 'cases.yaml': CASES });
}

describe('file size limits', () => {
  it('validate: a test cases file above --max-file-size is exit 2 naming the file, its size and the option', async () => {
    const dir = await project();
    const run = await runCli(['validate', dir, '--max-file-size', '0.001'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /agent\.yaml:\d+:\d+ {2}test_cases_file\n {2}\S*cases\.yaml is \d+\.\d KB, above the 1\.0 KB limit for a test cases file — raise the limit with --max-file-size 1 \(or HOLODECK_MAX_FILE_SIZE=1\)/,
    );
    const raised = await runCli(['validate', dir, '--max-file-size', '1'], { cwd: dir });
    expect(raised.code, raised.stderr).toBe(0);
  });

  it('test: HOLODECK_MAX_FILE_SIZE below the configuration is exit 2 before any model request', async () => {
    const dir = await project();
    server.reset();
    const run = await runCli(['test', dir], { env: { HOLODECK_MAX_FILE_SIZE: '0.0001' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/agent\.yaml is \d+ bytes, above the 104 bytes limit for a configuration file/);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a 20 GB test cases file at once, by its size, under the default limit', async () => {
    const dir = await project();
    await writeFile(join(dir, 'cases.yaml'), '');
    await truncate(join(dir, 'cases.yaml'), 20 * 1024 ** 3);
    const run = await runCli(['validate', dir], { timeoutMs: 20_000 });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/cases\.yaml is 20480 MB, above the 100 MB limit for a test cases file/);
    expect(run.stderr).toMatch(/--max-file-size 20480/);
  });

  it('rejects a --max-file-size that is not a positive number as a usage error', async () => {
    const dir = await project();
    const run = await runCli(['validate', dir, '--max-file-size', 'lots']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--max-file-size.*expected a number of megabytes > 0/);
  });
});

/**
 * The financial-assistant sample through the built CLI: the README's main job, a broken grader path, and the
 * offline reference agent over the whole ConvFinQA dev split (every one of the 1,490 turns must pass).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runConverter } from '../../sample/financial-assistant/scripts/convert_convfinqa.js';
import type { RunReport } from '../../src/core/results.js';
import { answer } from '../fakes/fake-script.js';
import { startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { REPO_ROOT, runCli } from '../helpers/run-cli.js';

const SAMPLE = join(REPO_ROOT, 'sample/financial-assistant');
const DEV_SPLIT = join(SAMPLE, 'convfinqa/convfinqa_dev.json');

/** A variant of oracle.yaml written beside it (so its relative paths hold), removed after the test. */
async function withOracleVariant<T>(edit: (yaml: string) => string, use: (path: string) => Promise<T>): Promise<T> {
  const yaml = await readFile(join(SAMPLE, 'oracle.yaml'), 'utf8');
  const path = join(SAMPLE, `.oracle-variant-${process.pid}-${Date.now()}.yaml`);
  await writeFile(path, edit(yaml));
  try {
    return await use(path);
  } finally {
    await rm(path, { force: true });
  }
}

describe('the financial-assistant sample', () => {
  it("runs the README's main job offline, prints every turn, and exits 0", async () => {
    const results = await mkdtemp(join(tmpdir(), 'holodeck-results-'));
    const run = await runCli(['test', 'sample/financial-assistant/oracle.yaml', '-v', '--results-dir', results]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/10 passed · 0 failed · 10 total/);
    expect(run.stdout).toMatch(/40 passed · 0 failed · 0 skipped · 40 total/);
    expect(run.stdout).toMatch(/✓ tool subtract\(a≈60\.94, b≈25\.14\) — matched call #2/);
  });

  it('exits 2 naming a broken grader path', async () => {
    const run = await withOracleVariant(
      (yaml) => yaml.replace('turn_program_equivalence.ts', 'turn_program_equivalnce.ts'),
      (config) => runCli(['test', config]),
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/evaluations\.metrics\[1\]\.grader\n.*turn_program_equivalnce\.ts/);
  });

  it('the reference agent passes all 1,490 turns of the 421 dev dialogues', { timeout: 300_000 }, async () => {
    expect(existsSync(DEV_SPLIT), `the ConvFinQA dev split is expected at ${DEV_SPLIT}`).toBe(true);
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-dev-'));
    const cases = join(dir, 'convfinqa_dev_all.json');
    const errors: string[] = [];
    const io = { cwd: dir, stdout: () => {}, stderr: (line: string) => void errors.push(line) };
    const code = await runConverter(['--source', DEV_SPLIT, '--split', 'dev', '--n', '421', '--out', cases], io);
    expect(errors).toEqual([]);
    expect(code).toBe(0);
    const report = join(dir, 'report.json');
    const run = await withOracleVariant(
      (yaml) => yaml.replace(/^test_cases_file: .*$/m, `test_cases_file: ${JSON.stringify(cases)}`),
      (config) =>
        runCli(['test', config, '-q', '-j', '8', '--output', report, '--results-dir', dir], {
          env: { CONVFINQA_DOCUMENTS: cases },
          timeoutMs: 280_000,
        }),
    );
    const summary = (JSON.parse(await readFile(report, 'utf8')) as RunReport).summary;
    expect(summary).toMatchObject({ total_tests: 421, passed: 421, total_turns: 1490, passed_turns: 1490 });
    expect(run.code).toBe(0);
  });

  it('reaches Ollama at OLLAMA_HOST written as Ollama takes it, host:port without a scheme', async () => {
    const server = await startFakeModelServer(() => answer('I cannot tell.'));
    try {
      const results = await mkdtemp(join(tmpdir(), 'holodeck-results-'));
      const hostPort = server.url.replace(/^http:\/\//, '');
      const args = ['test', 'sample/financial-assistant/agent.yaml', '--limit', '1', '--results-dir', results];
      const run = await runCli(args, { env: { OLLAMA_HOST: hostPort, HOLODECK_MODEL: 'qwen2.5' } });
      expect(run.code, run.stderr).toBe(1);
      expect(server.requests.length).toBeGreaterThan(0);
      expect(server.requests.every((r) => r.protocol === 'ollama' && r.model === 'qwen2.5')).toBe(true);
    } finally {
      await server.close();
    }
  });
});

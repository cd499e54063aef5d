/**
 * The financial-assistant sample with a model that passes its operands in dollars, as the arithmetic tools'
 * description offers (`"$ 60.94"`, `"$ 1,234.5"`): the expected_tools the converter writes accept them, so
 * every turn passes on its tool calls as on its number and its program.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { createSampleScript, dollars, type SampleCase } from '../fakes/convfinqa-sample-script.js';
import { startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { REPO_ROOT, runCli } from '../helpers/run-cli.js';

const SUBSET = join(REPO_ROOT, 'sample/financial-assistant/data/convfinqa_subset.json');

describe('the financial-assistant sample with operands in dollars', () => {
  it('writes dollars as the tools describe them', () => {
    expect(dollars(1234.5)).toBe('$ 1,234.5');
    expect(dollars(-0.134)).toBe('-$ 0.134');
    expect(dollars(206588)).toBe('$ 206,588');
  });

  it('passes every expected_tools assertion of the subset', { timeout: 60_000 }, async () => {
    const cases = (JSON.parse(await readFile(SUBSET, 'utf8')) as { test_cases: SampleCase[] }).test_cases;
    const server = await startFakeModelServer(createSampleScript(cases));
    try {
      const dir = await mkdtemp(join(tmpdir(), 'holodeck-dollars-'));
      const report = join(dir, 'report.json');
      const args = ['test', 'sample/financial-assistant/agent.yaml', '--results-dir', dir, '--output', report];
      const env = { OLLAMA_HOST: server.url, HOLODECK_MODEL: 'fake' };
      const run = await runCli(args, { env, timeoutMs: 55_000 });
      const turns = (JSON.parse(await readFile(report, 'utf8')) as RunReport).results.flatMap((r) => r.turns ?? []);
      const failed = turns.flatMap((turn) => turn.arg_match_details.filter((a) => !a.passed).map((a) => a.reason));
      expect(failed).toEqual([]);
      const operands = turns.flatMap((turn) => turn.tool_invocations.map((call) => call.args['a']));
      expect(operands).toContain('$ 60.94');
      expect(operands.every((operand) => typeof operand === 'string' && operand.includes('$ '))).toBe(true);
      const asserting = cases.flatMap((c) => c.turns).filter((turn) => turn.expected_tools !== undefined);
      expect(turns.filter((turn) => turn.tools_matched === true)).toHaveLength(asserting.length);
      expect(run.stdout).toMatch(/40 passed · 0 failed · 0 skipped · 40 total/);
      expect(run.code, run.stderr).toBe(0);
    } finally {
      await server.close();
    }
  });
});

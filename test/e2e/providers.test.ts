/**
 * Issue: a single-turn suite against the fake server passes end to end with each provider, with tool calls
 * and token usage in the JSON report; the same suite against a fake answering wrongly exits 1.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProviderName } from '../../src/core/config-types.js';
import type { RunReport } from '../../src/core/results.js';
import { createConvFinQaScript } from '../fakes/convfinqa-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, TOOLS_BLOCK, writeProject } from './e2e-project.js';

const PROVIDERS: ProviderName[] = ['openai', 'azure_openai', 'anthropic', 'ollama', 'openai_compatible'];

function singleTurnSuite(provider: ProviderName, url: string): string {
  return `name: single-turn-${provider}
${modelBlock(provider, url)}
instructions: { inline: "Answer with the number only. Use the tools." }
${TOOLS_BLOCK}
evaluations:
  metrics:
    - { type: standard, metric: numeric, absolute_tolerance: 0.00001 }
test_cases:
  - name: net-cash-2009
    input: what is the net cash from operating activities in 2009?
    ground_truth: "206588"
    expected_tools: [lookup]
  - name: difference
    input: what is the difference?
    ground_truth: 25587
    expected_tools: [{ name: subtract, args: { a: 206588, b: { fuzzy: "181,001" } } }]
`;
}

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe.each(PROVIDERS)('single-turn suite over %s', (provider) => {
  it('passes end to end with tool calls and token usage in the JSON report', async () => {
    server = await startFakeModelServer(createConvFinQaScript());
    const dir = await writeProject({ 'agent.yaml': singleTurnSuite(provider, server.url) });
    const run = await runCli(['test', dir, '--output', join(dir, 'report.json')]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
    expect(report.summary).toMatchObject({ total_tests: 2, passed: 2, failed: 0, pass_rate: 1 });
    const [netCash, difference] = report.results;
    expect(netCash!.tool_invocations).toEqual([
      expect.objectContaining({
        name: 'lookup',
        args: { row: 'net cash from operating activities', column: '2009' },
        result: 206588,
        error: null,
      }),
    ]);
    expect(difference!.tool_invocations[0]).toMatchObject({
      name: 'subtract',
      args: { a: 206588, b: 181001 },
      result: 25587,
    });
    expect(difference!.tools_matched).toBe(true);
    expect(difference!).not.toHaveProperty('turns');
    for (const result of report.results) {
      expect(result.token_usage.prompt_tokens).toBeGreaterThan(0);
      expect(result.token_usage.completion_tokens).toBeGreaterThan(0);
      expect(result.token_usage.total_tokens).toBe(
        result.token_usage.prompt_tokens + result.token_usage.completion_tokens,
      );
    }
    expect(report.summary.token_usage.prompt_tokens).toBe(
      report.results.reduce((sum, r) => sum + r.token_usage.prompt_tokens, 0),
    );
    expect(server.requests.length).toBe(4);
  });

  it('exits 1 when the fake answers wrongly', async () => {
    server = await startFakeModelServer(createConvFinQaScript({ wrong_answer_turn: 1, wrong_answer_text: '25000' }));
    const dir = await writeProject({ 'agent.yaml': singleTurnSuite(provider, server.url) });
    const run = await runCli(['test', dir]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/✗ net-cash-2009/);
    expect(run.stdout).toMatch(/25000/);
  });
});

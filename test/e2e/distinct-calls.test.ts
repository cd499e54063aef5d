/**
 * `distinct_calls` through the built CLI and the real OpenAI client, against a scripted fake model: one call
 * that satisfies two entries satisfies only one of them under distinct_calls (and both without it), and two
 * calls that both satisfy one entry are assigned by maximum matching, whatever order the entries are listed in.
 * The assignment shows in the JSON report (assigned_calls), the Markdown report and the verbose console.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { lastUserText, toolResultsSinceLastUser } from '../fakes/fake-request-view.js';
import { answer, callTools, type FakeScript } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, TOOLS_BLOCK, writeProject } from './e2e-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** Per question, the calls the model makes (all at once) before it answers. */
const CALLS: Readonly<Record<string, readonly { name: string; args: Record<string, number> }[]>> = {
  'one call': [{ name: 'subtract', args: { a: 1, b: 2 } }],
  'two calls': [
    { name: 'subtract', args: { a: 1, b: 2 } },
    { name: 'subtract', args: { a: 1, b: 5 } },
  ],
};

const script: FakeScript = (request) => {
  const calls = CALLS[lastUserText(request)] ?? [];
  if (calls.length > 0 && toolResultsSinceLastUser(request).length === 0) return callTools(...calls);
  return answer('done');
};

function agentYaml(url: string, twoCallsEntries: string): string {
  return `name: distinct
${modelBlock('openai', url)}
instructions: { inline: "Use the tools." }
${TOOLS_BLOCK}
execution: { distinct_calls: true }
test_cases:
  - name: one call, two entries
    input: one call
    expected_tools: [{ name: subtract, args: { a: 1 } }, { name: subtract, args: { b: 2 } }]
  - name: one call, two entries, turn opts out
    input: one call
    distinct_calls: false
    expected_tools: [{ name: subtract, args: { a: 1 } }, { name: subtract, args: { b: 2 } }]
  - name: two calls match one entry
    input: two calls
    expected_tools: ${twoCallsEntries}
`;
}

async function run(entries: string) {
  const dir = await writeProject({ 'agent.yaml': agentYaml(server?.url ?? '', entries) });
  const json = join(dir, 'report.json');
  const markdown = join(dir, 'report.md');
  const cli = await runCli(['test', dir, '-v', '--output', json, '--output', markdown]);
  const report = JSON.parse(await readFile(json, 'utf8')) as RunReport;
  return { cli, report, markdown: await readFile(markdown, 'utf8') };
}

describe('distinct_calls, end to end', () => {
  it('gives each entry its own call, by maximum matching, and reports which', async () => {
    server = await startFakeModelServer(script);
    // `subtract` alone is listed first: first fit would give it call #0, which add(b=2) needs.
    const { cli, report, markdown } = await run('[subtract, { name: subtract, args: { b: 2 } }]');
    expect(cli.code).toBe(1);
    const [shared, optedOut, matched] = report.results;

    expect(shared?.passed).toBe(false);
    expect(shared?.arg_match_details).toEqual([
      {
        tool: 'subtract',
        args: { a: 1 },
        count: 1,
        passed: true,
        matched_call_index: 0,
        matching_calls: 1,
        assigned_calls: [0],
        reason: null,
      },
      {
        tool: 'subtract',
        args: { b: 2 },
        count: 1,
        passed: false,
        matched_call_index: -1,
        matching_calls: 1,
        assigned_calls: [],
        reason:
          'its matching call went to other entries: #0 to expected_tools[0] subtract(a=1); each call satisfies one entry (distinct_calls)',
      },
    ]);

    expect(optedOut?.passed).toBe(true);
    expect(optedOut?.arg_match_details?.map((a) => [a.passed, a.matched_call_index, a.assigned_calls])).toEqual([
      [true, 0, undefined],
      [true, 0, undefined],
    ]);

    expect(matched?.passed).toBe(true);
    expect(matched?.tool_invocations.map((call) => call.args)).toEqual([
      { a: 1, b: 2 },
      { a: 1, b: 5 },
    ]);
    expect(matched?.arg_match_details?.map((a) => [a.tool, a.args, a.assigned_calls])).toEqual([
      ['subtract', null, [1]],
      ['subtract', { b: 2 }, [0]],
    ]);

    expect(cli.stdout).toContain('subtract — assigned call #1');
    expect(cli.stdout).toContain('subtract(b=2) — assigned call #0');
    expect(cli.stdout).toContain('subtract(b=2) — its matching call went to other entries: #0 to expected_tools[0]');
    // Markdown details the failed case: its assertion that passed shows its call.
    expect(markdown).toContain('subtract(a=1) — assigned call \\#0');
    expect(markdown).toContain(
      'subtract(b=2) — its matching call went to other entries: \\#0 to expected\\_tools\\[0\\]',
    );
  });

  it('reaches the same verdicts with the entries listed the other way round', async () => {
    server = await startFakeModelServer(script);
    const { report } = await run('[{ name: subtract, args: { b: 2 } }, subtract]');
    expect(report.results.map((r) => r.passed)).toEqual([false, true, true]);
    expect(report.results[2]?.arg_match_details?.map((a) => [a.args, a.assigned_calls])).toEqual([
      [{ b: 2 }, [0]],
      [null, [1]],
    ]);
  });

  it('rejects a distinct_calls that is not true or false, located', async () => {
    server = await startFakeModelServer(script);
    const dir = await writeProject({
      'agent.yaml': agentYaml(server.url, '[subtract]').replace('distinct_calls: true', 'distinct_calls: sometimes'),
    });
    const cli = await runCli(['test', dir]);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toMatch(
      /agent\.yaml:\d+:\d+ +execution\.distinct_calls\n +expected true or false, got "sometimes"/,
    );
  });
});

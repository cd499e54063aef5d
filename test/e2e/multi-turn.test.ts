/**
 * The 4-turn ConvFinQA-shaped conversation (net cash 2009 → 2008 → difference via subtract → percentage via
 * divide) through the built CLI and the real OpenAI client, against the scripted fake model.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport, TurnResult } from '../../src/core/results.js';
import { type ConvFinQaScriptOptions, createConvFinQaScript } from '../fakes/convfinqa-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { GRADERS_MODULE, JKHY_TURNS, modelBlock, TOOLS_BLOCK, writeProject } from './e2e-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

function agentYaml(url: string, extra = ''): string {
  return `name: jkhy
${modelBlock('openai', url)}
instructions: { inline: "Answer with the number only. Use the tools." }
${TOOLS_BLOCK}
evaluations:
  metrics:
    - { type: standard, metric: numeric, absolute_tolerance: 0.00001 }
    - { type: code, grader: "${GRADERS_MODULE}:seesToolResults", name: sees_tools }
${extra}
test_cases:
  - name: JKHY-2009
${JKHY_TURNS}
`;
}

async function runJkhy(options: ConvFinQaScriptOptions, args: string[] = []) {
  server = await startFakeModelServer(createConvFinQaScript(options));
  const dir = await writeProject({ 'agent.yaml': agentYaml(server.url) });
  const outputs = ['report.json', 'report.md', 'junit.xml'].map((name) => join(dir, name));
  const run = await runCli(['test', dir, '-v', ...outputs.flatMap((o) => ['--output', o]), ...args]);
  const [json, markdown, junit] = await Promise.all(outputs.map((o) => readFile(o, 'utf8')));
  return { run, report: JSON.parse(json!) as RunReport, markdown: markdown!, junit: junit! };
}

const passedFlags = (turns: readonly TurnResult[] | undefined) => turns?.map((t) => t.passed);

describe('a 4-turn ConvFinQA conversation', () => {
  it('passes end to end and carries the whole conversation into every request', async () => {
    const { run, report } = await runJkhy({});
    expect(run.code).toBe(0);
    const result = report.results[0]!;
    expect(passedFlags(result.turns)).toEqual([true, true, true, true]);
    expect(result.turns!.map((t) => t.tool_calls)).toEqual([
      ['lookup'],
      ['lookup'],
      ['subtract'],
      ['subtract', 'divide'],
    ]);
    expect(result.turns![3]!.response).toBe('0.14136');
    expect(result.turns![3]!.arg_match_details).toEqual([
      expect.objectContaining({ tool: 'subtract', passed: true, matched_call_index: 0 }),
      expect.objectContaining({ tool: 'divide', passed: true, matched_call_index: 1, reason: null }),
    ]);
    expect(result.turns![2]!.grader_details[0]).toMatchObject({
      metric_name: 'sees_tools',
      reason: 'calls: subtract→25587; program: subtract(206588, 181001)',
    });
    expect(result.metric_results.map((m) => [m.metric_name, m.score, m.passed])).toEqual([
      ['numeric', 1, true],
      ['sees_tools', 1, true],
    ]);
    // Statefulness: the first request of turn 2 (0-based) carries turn 0 and 1: questions, tool calls, results, answers.
    const firstOfTurn2 = server!.requests.find((r) => r.messages.filter((m) => m.role === 'user').length === 3)!;
    const roles = firstOfTurn2.messages.map((m) => m.role);
    expect(roles).toEqual(['user', 'assistant', 'tool', 'assistant', 'user', 'assistant', 'tool', 'assistant', 'user']);
    expect(JSON.stringify(firstOfTurn2.messages)).toContain('206588');
    expect(JSON.stringify(firstOfTurn2.messages)).toContain('181001');
  });

  it('fails exactly the turn answering 25000, with the turn and reason in every report', async () => {
    const { run, report, markdown, junit } = await runJkhy({ wrong_answer_turn: 3, wrong_answer_text: '25000' });
    expect(run.code).toBe(1);
    const result = report.results[0]!;
    expect(passedFlags(result.turns)).toEqual([true, true, false, true]);
    const numeric = result.turns![2]!.metric_results.find((m) => m.metric_name === 'numeric')!;
    expect(numeric).toMatchObject({ passed: false, score: 0 });
    expect(result.metric_results.find((m) => m.metric_name === 'numeric')).toMatchObject({
      score: 0.75,
      passed: false,
    });
    expect(run.stdout).toMatch(/✗ JKHY-2009.*turn 3\/4:/);
    expect(markdown).toMatch(/Turn 3\/4[\s\S]*25000/);
    expect(junit).toMatch(/<failure[^>]*>[\s\S]*turn 3\/4[\s\S]*<\/failure>/);
  });

  it('fails exactly the turn calling subtract(206588, 180000), naming the mismatched argument', async () => {
    const { run, report, markdown, junit } = await runJkhy({ wrong_args_turn: 3 });
    expect(run.code).toBe(1);
    const result = report.results[0]!;
    expect(passedFlags(result.turns)).toEqual([true, true, false, true]);
    const assertion = result.turns![2]!.arg_match_details[0]!;
    expect(assertion).toMatchObject({ tool: 'subtract', passed: false, matched_call_index: -1 });
    expect(assertion.reason).toMatch(/arg 'b' mismatch: expected ≈"181,001", got 180000/);
    expect(result.turns![2]!.tools_matched).toBe(false);
    for (const text of [run.stdout, markdown, junit]) expect(text).toMatch(/arg 'b' mismatch/);
  });

  it('times out a slow turn, fails it, and runs the next turn on the same session', async () => {
    server = await startFakeModelServer(async (request) => {
      const script = createConvFinQaScript();
      const reply = await script(request);
      const asked = JSON.stringify(request.messages.filter((m) => m.role === 'user').at(-1));
      return asked.includes('what about in 2008?') ? { ...reply, delay_ms: 8000 } : reply;
    });
    const dir = await writeProject({ 'agent.yaml': agentYaml(server.url) });
    const run = await runCli(['test', dir, '--timeout', '3', '--output', join(dir, 'r.json')]);
    expect(run.code).toBe(1);
    const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as RunReport;
    const turns = report.results[0]!.turns!;
    expect(turns.map((t) => [t.passed, t.skipped])).toEqual([
      [true, false],
      [false, false],
      [true, false],
      [true, false],
    ]);
    expect(turns[1]!.errors[0]).toMatch(/timed out after 3s/);
  });

  it('skips the remaining turns with the reason when the session becomes unrecoverable', async () => {
    server = await startFakeModelServer(async (request) => {
      const users = request.messages.filter((m) => m.role === 'user').length;
      if (users === 2) return { kind: 'error', status: 401, message: 'invalid api key' };
      return createConvFinQaScript()(request);
    });
    const dir = await writeProject({ 'agent.yaml': agentYaml(server.url) });
    const run = await runCli(['test', dir, '--output', join(dir, 'r.json')]);
    expect(run.code).toBe(1);
    const turns = (JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as RunReport).results[0]!.turns!;
    expect(turns.map((t) => t.skipped)).toEqual([false, false, true, true]);
    expect(turns[1]!.errors[0]).toMatch(/401/);
    expect(turns[2]!.errors[0]).toMatch(/unrecoverable at turn 2/);
    expect(run.stdout).toMatch(/skipped/);
  });
});

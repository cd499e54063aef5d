/**
 * Cost through the built CLI against the fake OpenAI server, which reports fixed token usage: per turn, case and
 * run in JSON, Markdown and on the console (agent and judge apart), unknown prices shown as unknown and never
 * as $0, `--max-cost` stopping a run that `--resume` then finishes.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { lastUserText } from '../fakes/fake-request-view.js';
import type { FakeReply, FakeRequest } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import {
  AGENT_USAGE,
  agentYaml,
  FOUR_CASES,
  GPT4O,
  HOUSE,
  JUDGE_USAGE,
  MINI,
  reply,
  runProject,
  TWO_CASES,
} from './cost-project.js';
import { TOOLS_MODULE, writeProject } from './e2e-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function start(): Promise<FakeModelServer> {
  server = await startFakeModelServer(reply);
  return server;
}

describe('cost of a run', () => {
  it('prices agent and judge calls per turn, case and run, in JSON, Markdown and on the console', async () => {
    const { url } = await start();
    const { run, report, markdown } = await runProject(agentYaml(url, MINI, GPT4O, TWO_CASES), ['-v']);
    expect(run.code, run.stderr).toBe(0);
    const [one, two] = report.results;
    expect(one).toMatchObject({ cost_usd: 0.001695, cost: { agent_usd: 0.000195, judge_usd: 0.0015, judge_calls: 1 } });
    expect(two?.turns?.map((turn) => turn.cost_usd)).toEqual([0.001695, 0.001695]);
    expect(two?.cost_usd).toBe(0.00339);
    expect(report.summary.cost_usd).toBe(0.005085);
    expect(report.summary.cost).toEqual({
      agent_usd: 0.000585,
      judge_usd: 0.0045,
      priced_usd: 0.005085,
      unpriced_models: [],
      judge_calls: 3,
      judge_token_usage: {
        prompt_tokens: 1200,
        completion_tokens: 150,
        total_tokens: 1350,
        cache_read_tokens: 0,
        cache_creation_tokens: 0,
      },
      spent_usd: 0.005085,
      stored: { calls: 0, usd: 0, priced_usd: 0 },
    });
    // The agent's token usage stays the agent's: judge tokens are counted apart.
    expect(report.summary.token_usage.prompt_tokens).toBe(3000);
    expect(run.stdout).toContain('  Cost    $0.005085 (agent $0.000585, 3 judge calls $0.0045)\n');
    expect(run.stdout).toMatch(/✓ two {2}2 turns · 2\/2 passed {2}[\d.]+m?s · \$0\.00339\n/);
    expect(run.stdout).toMatch(/✓ turn 2\/2 {2}[\d.]+m?s · \$0\.001695\n/);
    expect(markdown).toContain('| **Cost** | $0.005085 (agent $0.000585, 3 judge calls $0.0045) |');
    expect(markdown).toMatch(
      /single turn · [\d.]+m?s · 1100 tokens · \$0\.001695 \(agent \$0\.000195, 1 judge call \$0\.0015\)/,
    );
    expect(markdown).toMatch(/### Turn 2\/2 ✅ · [\d.]+m?s · \$0\.001695/);
  });

  it('uses the pricing: block of a model before the built-in table', async () => {
    const { url } = await start();
    const priced = { ...MINI, pricing: '{ input_per_mtok: 1, output_per_mtok: 2 }' };
    const { run, report } = await runProject(agentYaml(url, priced, null, TWO_CASES));
    expect(run.code, run.stderr).toBe(0);
    // 1000 input (cached input at the input rate, none given) × $1 + 100 × $2 per million = $0.0012 a call.
    expect(report.results.map((result) => result.cost_usd)).toEqual([0.0012, 0.0024]);
    expect(report.summary.cost_usd).toBe(0.0036);
    expect(run.stdout).toContain('  Cost    $0.0036\n');
  });

  it('shows a model without a price as unknown, never $0', async () => {
    const { url } = await start();
    const { run, report, markdown } = await runProject(agentYaml(url, HOUSE, null, TWO_CASES));
    expect(run.code, run.stderr).toBe(0);
    expect(report.results.map((result) => result.cost_usd)).toEqual([null, null]);
    expect(report.summary).toMatchObject({
      cost_usd: null,
      cost: { agent_usd: null, priced_usd: 0, unpriced_models: ['openai_compatible:house-model'] },
    });
    expect(run.stdout).toContain('  Cost    unknown (no price for openai_compatible:house-model)\n');
    expect(run.stdout).not.toMatch(/\$0\b/);
    expect(markdown).toContain('| **Cost** | unknown (no price for openai\\_compatible:house-model) |');
  });

  it('shows the cost of answers whose provider reported no token usage (or no count a count can be) as unknown', async () => {
    server = await startFakeModelServer((request) =>
      lastUserText(request) === 'q2'
        ? { kind: 'answer', text: '42', usage: { prompt_tokens: -100, completion_tokens: 50 } }
        : { kind: 'answer', text: '42', omit_usage: true },
    );
    const { run, report } = await runProject(agentYaml(server.url, MINI, null, TWO_CASES), ['--max-cost', '5']);
    expect(run.code, run.stderr).toBe(0);
    expect(report.results.map((result) => result.cost_usd)).toEqual([null, null]);
    expect(report.summary.token_usage.prompt_tokens).toBe(0);
    expect(report.summary.cost).toMatchObject({
      agent_usd: null,
      unpriced_models: ['openai:gpt-4o-mini (no token usage reported)'],
    });
    expect(run.stdout).toContain('  Cost    unknown (no token usage reported by openai:gpt-4o-mini)\n');
    expect(run.stdout).not.toMatch(/\$0\b/);
    expect(run.stderr).toContain(
      'warning: --max-cost cannot count calls of openai:gpt-4o-mini: the provider reported no token usage for them',
    );
  });

  it('keeps the priced part as a lower bound when only the judge has no price', async () => {
    const { url } = await start();
    const { run, report } = await runProject(agentYaml(url, MINI, HOUSE, TWO_CASES));
    expect(run.code, run.stderr).toBe(0);
    expect(report.summary).toMatchObject({
      cost_usd: null,
      cost: { agent_usd: 0.000585, judge_usd: null, priced_usd: 0.000585, judge_calls: 3 },
    });
    expect(run.stdout).toContain(
      '  Cost    ≥ $0.000585 (no price for openai_compatible:house-model) (agent $0.000585, 3 judge calls unknown)\n',
    );
  });
});

/** An agent that looks a value up (a priced model call), then meets a 400 on the call after the tool's result. */
function failsAfterOneCall(request: FakeRequest): FakeReply {
  const answered = request.messages.some((message) => message.role === 'tool');
  if (answered) return { kind: 'error', status: 400, message: 'context window exceeded' };
  return { kind: 'answer', tool_calls: [{ name: 'subtract', args: { a: 2, b: 1 } }], usage: AGENT_USAGE };
}

const SUBTRACT_TOOL = `tools:\n  - { name: subtract, type: function, file: ${TOOLS_MODULE}, function: subtract }\n`;

describe('cost of turns that fail', () => {
  it("counts a judge's answers that could not be read: each was paid for", async () => {
    let judged = 0;
    server = await startFakeModelServer((request) => {
      if (request.body['response_format'] === undefined) return reply(request);
      judged += 1;
      // The first judge answer is prose: read as no JSON, the judge is asked again and answers.
      return judged === 1 ? { kind: 'answer', text: 'Looks polite.', usage: JUDGE_USAGE } : reply(request);
    });
    const single = '  - { name: one, input: q1, ground_truth: "42" }\n';
    const { run, report } = await runProject(agentYaml(server.url, MINI, GPT4O, single));
    expect(run.code, run.stderr).toBe(0);
    expect(judged).toBe(2);
    expect(report.summary).toMatchObject({ cost_usd: 0.003195, cost: { judge_calls: 2, judge_usd: 0.003 } });
  });

  it('counts what the model calls before the failure used, per turn, case and run', async () => {
    server = await startFakeModelServer(failsAfterOneCall);
    const yaml = agentYaml(server.url, MINI, null, TWO_CASES).replace('test_cases:', `${SUBTRACT_TOOL}test_cases:`);
    const { run, report, markdown } = await runProject(yaml);
    expect(run.code, run.stderr).toBe(1);
    const [one, two] = report.results;
    expect(one).toMatchObject({ status: 'error', cost_usd: 0.000195 });
    expect(one?.token_usage.prompt_tokens).toBe(1000);
    // The second turn failed too: the session failed twice in a row, no turn is left to skip.
    expect(two?.turns?.map((turn) => [turn.status, turn.cost_usd])).toEqual([
      ['error', 0.000195],
      ['error', 0.000195],
    ]);
    expect(report.summary.cost_usd).toBe(0.000585);
    expect(report.summary.token_usage.prompt_tokens).toBe(3000);
    expect(run.stdout).toContain('  Cost    $0.000585\n');
    expect(markdown).toContain('| **Cost** | $0.000585 |');
  });

  it('prices the turns a failure skipped at nothing, so an errored case still has its cost', async () => {
    server = await startFakeModelServer(failsAfterOneCall);
    const three = '  - name: three\n    turns:\n      - { input: q1 }\n      - { input: q2 }\n      - { input: q3 }\n';
    const yaml = agentYaml(server.url, MINI, null, three).replace('test_cases:', `${SUBTRACT_TOOL}test_cases:`);
    const { report } = await runProject(yaml);
    const turns = report.results[0]?.turns ?? [];
    expect(turns.map((turn) => [turn.status, turn.skipped, turn.cost_usd])).toEqual([
      ['error', false, 0.000195],
      ['error', false, 0.000195],
      ['skipped', true, 0],
    ]);
    expect(report.results[0]?.cost_usd).toBe(0.00039);
  });

  it('--max-cost counts them: a run whose turns all fail after a priced call stops at the budget', async () => {
    server = await startFakeModelServer(failsAfterOneCall);
    const yaml = agentYaml(server.url, MINI, null, `${FOUR_CASES}\n`).replace(
      'test_cases:',
      `${SUBTRACT_TOOL}test_cases:`,
    );
    const dir = await writeProject({ 'agent.yaml': yaml });
    const run = await runCli(['test', dir, '-j', '1', '--max-cost', '0.0003']);
    expect(run.code, run.stderr).toBe(130);
    expect(run.stderr).toContain('--max-cost $0.0003 reached: what finished cost $0.00039');
    expect(run.stdout).toContain('Run interrupted — costs: 2 of 4 test cases finished');
  });
});

describe('--max-cost', () => {
  it('stops scheduling once the finished cases cost that much, saves the run as interrupted, and --resume finishes it', async () => {
    const { url } = await start();
    const dir = await writeProject({ 'agent.yaml': agentYaml(url, MINI, null, `${FOUR_CASES}\n`) });
    const json = join(dir, 'report.json');
    const first = await runCli(['test', dir, '-j', '1', '--max-cost', '0.0003', '--output', json]);
    expect(first.code, first.stderr).toBe(130);
    expect(first.stderr).toContain(
      '--max-cost $0.0003 reached: what finished cost $0.00039; no new test case (or repeat) starts, running ones finish',
    );
    expect(first.stderr).toMatch(
      /saved the finished test cases in .*\nrun the rest with: npx holodeck test .* --resume \S+/,
    );
    expect(first.stderr).toMatch(/^report of the finished test cases: \S*report\.json$/m);
    expect(first.stdout).toContain('Run interrupted — costs: 2 of 4 test cases finished');
    expect(server?.requests).toHaveLength(2);

    // A dry run of the resume reads the run and leaves it as it was: no lock saying it stopped without its record.
    const folder = join(dir, 'results', (await readdir(join(dir, 'results')))[0] as string);
    const dry = await runCli(['test', dir, '--resume', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect((await readdir(folder)).filter((name) => name.endsWith('.lock'))).toEqual([]);

    const second = await runCli(['test', dir, '--resume', '--output', json]);
    expect(second.code, second.stderr).toBe(0);
    const report = JSON.parse(await readFile(json, 'utf8')) as RunReport;
    expect(report.results.map((result) => result.test_name).sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(report.summary.cost_usd).toBe(0.00078);
    expect(server?.requests).toHaveLength(4);
  });

  it('refuses a run none of whose models has a price (exit 2, no call)', async () => {
    const { url } = await start();
    const dir = await writeProject({ 'agent.yaml': agentYaml(url, HOUSE, null, `${FOUR_CASES}\n`) });
    const run = await runCli(['test', dir, '--max-cost', '1']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'error: --max-cost $1.00 cannot count any call: no price for openai_compatible:house-model (agent); ' +
        'add pricing: { input_per_mtok: …, output_per_mtok: … } to its model block\n',
    );
    expect(server?.requests).toHaveLength(0);
  });

  it('warns that calls of a model without a price are not counted', async () => {
    const { url } = await start();
    const dir = await writeProject({ 'agent.yaml': agentYaml(url, MINI, HOUSE, TWO_CASES) });
    const run = await runCli(['test', dir, '--max-cost', '1']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe(
      'warning: --max-cost counts priced calls only: no price for openai_compatible:house-model (judge), whose calls are not counted\n',
    );
  });

  it('takes only an amount of dollars above 0', async () => {
    const run = await runCli(['test', 'agent.yaml', '--max-cost', '-1']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      "option '--max-cost <usd>' argument '-1' is invalid. expected an amount of US dollars > 0",
    );
  });
});

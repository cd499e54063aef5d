/**
 * `--record` / `--replay` through the built CLI against the fake model server (Azure OpenAI's protocol, which
 * always needs an API key): a 4-turn conversation with tool calls and a G-Eval judge is recorded, then replayed
 * with the server stopped and no key — same verdicts, answers, tool calls, token usage and judge scores; the
 * recorded model time is reported, not waited for, and counts against the turn timeout. A changed question
 * errors its turn naming the field.
 */
import { readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { createConvFinQaScript } from '../fakes/convfinqa-script.js';
import type { FakeRequest } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { JKHY_TURNS, TOOLS_BLOCK, writeProject } from './e2e-project.js';

const KEY = 'azure-key-0123456789abcdef';
/** Every model request takes this long when recorded; a replay reports it without waiting. */
const LATENCY_MS = 300;
const isJudge = (request: FakeRequest) => request.body['response_format'] !== undefined;

function agentYaml(url: string, turns = JKHY_TURNS): string {
  return `name: jkhy-recorded
model:
  provider: azure_openai
  name: gpt-4o-mini
  endpoint: ${url}/openai
  temperature: 0
instructions: { inline: "Answer with the number only. Use the tools." }
${TOOLS_BLOCK}
evaluations:
  metrics:
    - { type: standard, metric: numeric, absolute_tolerance: 0.00001 }
    - { type: geval, name: concise, criteria: "The answer is a bare number.", evaluation_steps: ["Check it is a number."] }
test_cases:
  - name: JKHY-2009
${turns}
`;
}

let server: FakeModelServer;
let dir: string;
let recorded: RunReport;
const cassette = () => join(dir, 'jkhy.cassette.jsonl');
const offline = { AZURE_OPENAI_API_KEY: undefined, AZURE_API_KEY: undefined, AZURE_OPENAI_ENDPOINT: undefined };

async function readReport(name: string): Promise<RunReport> {
  return JSON.parse(await readFile(join(dir, name), 'utf8')) as RunReport;
}

/** What a replay must reproduce: per turn, the verdict, answer, tool calls, usage and metric outcomes. */
function essentials(report: RunReport) {
  return report.results.map((result) => ({
    status: result.status,
    turns: result.turns!.map((turn) => ({
      status: turn.status,
      response: turn.response,
      tool_invocations: turn.tool_invocations.map(({ name, args, result: value, error }) => ({
        name,
        args,
        value,
        error,
      })),
      token_usage: turn.token_usage,
      metrics: turn.metric_results.map((m) => [m.metric_name, m.score, m.passed, m.reasoning]),
    })),
    token_usage: result.token_usage,
  }));
}

beforeAll(async () => {
  const script = createConvFinQaScript();
  server = await startFakeModelServer(
    (request) =>
      isJudge(request) ? { kind: 'answer', text: '{"reasoning":"a bare number","score":9}' } : script(request),
    { latency_ms: LATENCY_MS, require_api_key: KEY },
  );
  dir = await writeProject({ 'agent.yaml': agentYaml(server.url) });
  const run = await runCli(['test', dir, '--record', cassette(), '--output', join(dir, 'recorded.json')], {
    env: { ...offline, AZURE_OPENAI_API_KEY: KEY },
  });
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).toContain(`recorded ${server.requests.length} model requests`);
  recorded = await readReport('recorded.json');
  await server.close();
}, 120_000);

afterAll(() => server.close());

describe('--record', () => {
  it('writes one sorted line per agent and judge request, with no credential in it', async () => {
    const text = await readFile(cassette(), 'utf8');
    const entries = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { key: string; occurrence: number; latency_ms: number; request: object });
    expect(entries).toHaveLength(server.requests.length);
    expect(server.requests.filter(isJudge)).toHaveLength(4);
    const keys = entries.map((e) => `${e.key}#${e.occurrence}`);
    expect(keys).toEqual([...keys].sort());
    expect(entries.every((e) => e.latency_ms >= LATENCY_MS)).toBe(true);
    expect(text).not.toContain(KEY);
    expect(text).not.toMatch(/api-key|authorization/i);
    expect(recorded.results[0]!.turns!.map((t) => t.tool_calls)).toEqual([
      ['lookup'],
      ['lookup'],
      ['subtract'],
      ['subtract', 'divide'],
    ]);
  });
});

describe('--replay', () => {
  it('replays the run offline without an API key: same verdicts, answers, tool calls, tokens and scores', async () => {
    const withoutKey = await runCli(['test', dir], { env: offline });
    expect(withoutKey.code).toBe(2);
    expect(withoutKey.stderr).toContain('no API key for provider azure_openai');

    const started = Date.now();
    const run = await runCli(['test', dir, '--replay', cassette(), '--output', join(dir, 'replayed.json')], {
      env: offline,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`replayed ${server.requests.length} model requests from ${cassette()}`);
    const replayed = await readReport('replayed.json');
    expect(essentials(replayed)).toEqual(essentials(recorded));
    expect(replayed.summary.token_usage).toEqual(recorded.summary.token_usage);
    // Each turn reports its recorded model time (a tool call and an answer: two requests at least)…
    for (const [i, turn] of replayed.results[0]!.turns!.entries()) {
      expect(turn.execution_time_ms).toBeGreaterThanOrEqual(2 * LATENCY_MS);
      // The judge's recorded time too (G-Eval judges every turn): near what the turn took when recorded.
      expect(turn.execution_time_ms).toBeGreaterThanOrEqual(0.9 * recorded.results[0]!.turns![i]!.execution_time_ms);
    }
    // …and so does the case, whose time (latency in compare and the dashboard) is at least its turns'.
    const turnsMs = replayed.results[0]!.turns!.reduce((sum, turn) => sum + turn.execution_time_ms, 0);
    expect(replayed.results[0]!.execution_time_ms).toBeGreaterThanOrEqual(turnsMs);
    // …which the replay did not wait for: the whole run took less than the requests took when recorded.
    const lines = (await readFile(cassette(), 'utf8')).trimEnd().split('\n');
    const recordedMs = lines.reduce((sum, line) => sum + (JSON.parse(line) as { latency_ms: number }).latency_ms, 0);
    expect(recordedMs).toBeGreaterThanOrEqual(lines.length * LATENCY_MS);
    expect(replayed.summary.duration_ms).toBeLessThan(recordedMs / 2);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('times out a turn whose recorded answers took longer than the turn timeout, as a live run would', async () => {
    const run = await runCli(
      ['test', dir, '--replay', cassette(), '--timeout', '0.5', '--output', join(dir, 'late.json')],
      { env: offline },
    );
    expect(run.code, run.stderr).toBe(1);
    const turns = (await readReport('late.json')).results[0]!.turns!;
    expect(turns.map((turn) => turn.status)).toEqual(['error', 'error', 'skipped', 'skipped']);
    for (const turn of turns.slice(0, 2)) {
      expect(turn.errors[0]).toMatch(
        /^turn timed out after 0\.5s \(llm_timeout\): its model answers came from a cassette or the cache, recorded taking \d+\.\ds in all$/,
      );
      expect(turn.execution_time_ms).toBeGreaterThanOrEqual(2 * LATENCY_MS);
    }
  });

  it('replays a configuration whose api_key names a variable that is not set, as a run without --replay refuses', async () => {
    const keyed = agentYaml(server.url).replace(
      '  temperature: 0\n',
      `  temperature: 0\n  api_key: $\{JKHY_AZURE_KEY}\n`,
    );
    await writeFile(join(dir, 'agent.yaml'), keyed);
    try {
      const refused = await runCli(['test', dir], { env: offline });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(
        /agent\.yaml:\d+:\d+ +model\.api_key\n +environment variable `JKHY_AZURE_KEY` is not set/,
      );
      for (const workers of [[], ['--workers', '2']]) {
        const run = await runCli(
          ['test', dir, '--replay', cassette(), ...workers, '--output', join(dir, 'keyed.json')],
          {
            env: offline,
          },
        );
        expect(run.code, `${workers.join(' ')}: ${run.stderr}`).toBe(0);
        expect(essentials(await readReport('keyed.json'))).toEqual(essentials(recorded));
      }
    } finally {
      await writeFile(join(dir, 'agent.yaml'), agentYaml(server.url));
    }
  });

  it('errors a turn whose request was not recorded, naming the closest request and the differing field', async () => {
    const changed = JKHY_TURNS.replace('what about in 2008?', 'what about in 2007?');
    await writeFile(join(dir, 'agent.yaml'), agentYaml(server.url, changed));
    try {
      const run = await runCli(['test', dir, '--replay', cassette(), '--output', join(dir, 'changed.json')], {
        env: offline,
      });
      expect(run.code, run.stderr).toBe(1);
      const turns = (await readReport('changed.json')).results[0]!.turns!;
      expect(turns[0]!.status).toBe('passed');
      expect(turns[1]!.status).toBe('error');
      expect(turns[1]!.errors.join('\n')).toMatch(
        /request not recorded in .*jkhy\.cassette\.jsonl: the closest recorded request \([0-9a-f]{12}\) differs at messages\[\d+\]\.content\[0\]\.text: recorded "what about in 2008\?", sent "what about in 2007\?"/,
      );
      expect(run.stdout).toContain('request not recorded');
    } finally {
      await writeFile(join(dir, 'agent.yaml'), agentYaml(server.url));
    }
  });

  it('refuses a missing or malformed cassette with file:line, --record with --replay, and a cassette that cannot be written, before any model call', async () => {
    const missing = await runCli(['test', dir, '--replay', join(dir, 'nope.jsonl')], { env: offline });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`error: cannot read the cassette ${join(dir, 'nope.jsonl')}: no such file`);

    const lines = (await readFile(cassette(), 'utf8')).split('\n');
    const broken = join(dir, 'broken.jsonl');
    await writeFile(broken, [lines[0], '{"key": "abc", truncated', ...lines.slice(1)].join('\n'));
    const malformed = await runCli(['test', dir, '--replay', broken], { env: offline });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(new RegExp(`error: ${broken.replace(/[.]/g, '\\.')}:2: not valid JSON`));
    // A bad line's control characters are spelled out, not sent to the terminal.
    await writeFile(broken, '{"key": \u001b[2J}\n');
    const escaped = await runCli(['test', dir, '--replay', broken], { env: offline });
    expect(escaped.code).toBe(2);
    expect(escaped.stderr).not.toContain('\u001b');
    expect(escaped.stderr).toContain('\\x1b[2J');

    const both = await runCli(['test', dir, '--record', join(dir, 'x.jsonl'), '--replay', cassette()], {
      env: offline,
    });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--record and --replay cannot be used together');

    const noFolder = await runCli(['test', dir, '--record', join(dir, 'no', 'such', 'c.jsonl')], {
      env: { ...offline, AZURE_OPENAI_API_KEY: KEY },
    });
    expect(noFolder.code).toBe(2);
    expect(noFolder.stderr).toContain(`cannot write the cassette ${join(dir, 'no', 'such', 'c.jsonl')}: the folder`);
    const folder = await runCli(['test', dir, '--record', dir], { env: { ...offline, AZURE_OPENAI_API_KEY: KEY } });
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain(`error: cannot write the cassette ${dir}: it is a folder\n`);
    await symlink('/dev/null', join(dir, 'null.jsonl'));
    const device = await runCli(['test', dir, '--record', join(dir, 'null.jsonl')], {
      env: { ...offline, AZURE_OPENAI_API_KEY: KEY },
    });
    expect(device.code).toBe(2);
    expect(device.stderr).toContain(
      `error: cannot write the cassette ${join(dir, 'null.jsonl')}: it is a device or a pipe, and a cassette is a file --replay reads back\n`,
    );
    expect(await readlink(join(dir, 'null.jsonl'))).toBe('/dev/null');
  });
});

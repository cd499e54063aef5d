/**
 * `--workers N` through the built CLI: the same verdicts as a run in the main thread; a worker thread that
 * ends under its case (here an exit that escapes the process guard, which turns process.exit into an error of
 * its turn as in the main thread) fails only that case, as `error` naming the cause, and the run goes on on a
 * new thread (exit 1, every report written); HOLODECK_WORKERS sets it; a model matrix, which cannot run on
 * workers yet, is refused (exit 2); one rate limit holds for all workers; one cassette or cache serves them
 * all, and cassettes recorded with and without workers replay either way; function tools run in the main
 * thread's tool threads, one module state for the run; the claude_agent_sdk backend and MCP servers run in
 * the workers and leave no process behind. Interruption, resume, shards, retries, redaction and the process
 * guard under workers: `npm test` runs those suites again with HOLODECK_WORKERS=2 (the `workers` project in
 * vitest.config.ts).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { startRecordingGateway } from '../claude/helpers/recording-gateway.js';
import { createConvFinQaScript } from '../fakes/convfinqa-script.js';
import { lastUserText } from '../fakes/fake-request-view.js';
import { answer, callTools, type FakeRequest, type FakeScript } from '../fakes/fake-script.js';
import { FAKE_MCP_SERVER } from '../fakes/fixtures/tool-configs.js';
import { startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { seededRandom, withFaults } from '../fakes/with-faults.js';
import { busiestWindow, withRateLimit } from '../fakes/with-rate-limit.js';
import { REPO_ROOT, runCli } from '../helpers/run-cli.js';
import { writeSuiteProject } from '../reliability/suite-project.js';
import { writeModuleProject } from './cli-project.js';
import { modelBlock, writeProject } from './e2e-project.js';

const isJudge = (request: FakeRequest) => request.body['response_format'] !== undefined;

/** The agent repeats the number of the question; a judge gives 9 out of 10. */
const echoNumber: FakeScript = (request) =>
  isJudge(request)
    ? { kind: 'answer', text: '{"reasoning":"a bare number","score":9}' }
    : { kind: 'answer', text: /\d+/.exec(lastUserText(request))?.[0] ?? '?' };

async function report(dir: string): Promise<RunReport> {
  return JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
}

describe('--workers', () => {
  it('gives the same verdicts as the main thread, each conversation kept on one worker', async () => {
    const inputs = ['a', 'wrong:b', 'slow:60', 'd', 'wrong:e', 'f', 'slow:20', 'h'];
    const dir = await writeModuleProject(inputs.map((input, i) => ({ name: `case-${i}`, input })));
    const verdicts = async (args: readonly string[]) => {
      const run = await runCli(['test', dir, '-j', '3', '-q', '--output', join(dir, 'report.json'), ...args]);
      expect(run.code, run.stderr).toBe(1);
      return (await report(dir)).results.map((r) => [r.test_name, r.passed, r.turns?.[0]?.response]);
    };
    const inProcess = await verdicts([]);
    expect(await verdicts(['--workers', '2'])).toEqual(inProcess);
    expect(inProcess.filter(([, passed]) => passed === false)).toHaveLength(2);
  });

  it('each turn gets its own turn_config, as without workers, though the main thread shares equal ones', async () => {
    // The agent marks each turn_config it gets: a mark seen again would be one object reaching two turns.
    const agent = `export function create() {
  return {
    async send(turn) {
      const seen = turn.turn_config.seen === true;
      turn.turn_config.seen = true;
      return seen ? 'shared' : 'own';
    },
  };
}
`;
    const turns = '    turns:\n      - { input: one, ground_truth: own }\n      - { input: two, ground_truth: own }';
    const cases = Array.from({ length: 6 }, (_, i) => `  - name: c${i}\n${turns}`).join('\n');
    const dir = await writeProject({
      'agent.mjs': agent,
      'agent.yaml': `name: own-config\nbackend: { module: "agent.mjs:create" }\nevaluations:\n  metrics: [{ type: standard, metric: equality }]\ntest_cases:\n${cases}\n`,
    });
    for (const args of [[], ['--workers', '2']]) {
      const run = await runCli(['test', dir, '-j', '2', '-q', '--output', join(dir, 'report.json'), ...args]);
      expect(run.code, run.stderr).toBe(0);
      const responses = (await report(dir)).results.flatMap((r) => r.turns?.map((turn) => turn.response) ?? []);
      expect(responses).toEqual(Array(12).fill('own'));
    }
  });

  it('runs a model matrix on worker threads: each model on its own workers, the same verdicts as without', {
    timeout: 120_000,
  }, async () => {
    const server = await startFakeModelServer(createConvFinQaScript());
    try {
      const dir = await writeSuiteProject({ url: server.url, cases: 4, failing: (i) => i === 2 });
      const args = ['test', dir, '-q', '--model', 'openai:a', '--model', 'openai:b', '--results-dir', join(dir, 'r')];
      const plain = await runCli([...args, '--workers', '1']);
      const threaded = await runCli([...args, '--workers', '2']);
      expect(plain.code, plain.stderr).toBe(1);
      expect(threaded.code, threaded.stderr).toBe(1);
      // The verdicts, counts and table; not what differs between any two runs (ids, times).
      const table = (stdout: string) =>
        stdout
          .slice(stdout.indexOf('openai:a'))
          .replace(/comparison \S+/g, 'comparison <id>')
          .replace(/\b\d+(\.\d+)?\s?(ms|s)\b/g, '<time>')
          .split('\n')
          .filter((line) => !/Time|results\/|latency/.test(line));
      expect(table(threaded.stdout)).toEqual(table(plain.stdout));
      expect(threaded.stdout).toContain('openai:b');
      // Both models asked the model for every case, on workers as without.
      const asked = server.requests.map((request) => (request.body as { model?: string }).model);
      expect(asked.filter((model) => model === 'a').length).toBe(asked.filter((model) => model === 'b').length);
    } finally {
      await server.close();
    }
  });

  it('records, replays and caches through the main thread: a cassette made on workers replays without, and back', {
    timeout: 120_000,
  }, async () => {
    const server = await startFakeModelServer(createConvFinQaScript());
    try {
      const dir = await writeSuiteProject({ url: server.url, cases: 6, failing: (i) => i === 4 });
      const cli = async (args: readonly string[], output: string) => {
        const run = await runCli(['test', dir, '-j', '4', '-q', '--output', join(dir, output), ...args]);
        expect(run.code, run.stderr).toBe(1);
        const results = (await readFile(join(dir, output), 'utf8').then(JSON.parse)) as RunReport;
        return { stderr: run.stderr, verdicts: results.results.map((r) => [r.test_name, r.status]) };
      };
      const onWorkers = await cli(['--workers', '2', '--record', join(dir, 'w.jsonl')], 'recorded.json');
      const asked = server.requests.length;
      expect(asked).toBeGreaterThan(6 * 4);
      expect(onWorkers.verdicts.filter(([, status]) => status === 'failed')).toEqual([['case-0005', 'failed']]);
      const lines = (await readFile(join(dir, 'w.jsonl'), 'utf8')).trim().split('\n');
      expect(lines.length).toBeGreaterThanOrEqual(asked);
      // Replayed in the main thread: every request found, none sent.
      const replayed = await cli(['--replay', join(dir, 'w.jsonl')], 'replayed.json');
      expect(replayed.verdicts).toEqual(onWorkers.verdicts);
      expect(server.requests.length).toBe(asked);
      // Recorded in the main thread, replayed on workers.
      await cli(['--record', join(dir, 'm.jsonl')], 'main.json');
      const recordedHere = server.requests.length;
      const back = await cli(['--workers', '2', '--replay', join(dir, 'm.jsonl')], 'back.json');
      expect(back.verdicts).toEqual(onWorkers.verdicts);
      expect(server.requests.length).toBe(recordedHere);
      // The cache: filled by two workers, every answer found by the next run on workers.
      await cli(['--workers', '2', '--cache', '--cache-dir', join(dir, 'cache')], 'cached-1.json');
      const cachedOnce = server.requests.length;
      expect(cachedOnce).toBeGreaterThan(recordedHere);
      const fromCache = await cli(['--workers', '2', '--cache', '--cache-dir', join(dir, 'cache')], 'cached-2.json');
      expect(fromCache.verdicts).toEqual(onWorkers.verdicts);
      expect(server.requests.length).toBe(cachedOnce);
    } finally {
      await server.close();
    }
  });

  it('a replay on workers of a request the cassette does not hold errors that turn, naming the closest one', {
    timeout: 60_000,
  }, async () => {
    const server = await startFakeModelServer(createConvFinQaScript());
    try {
      const dir = await writeSuiteProject({ url: server.url, cases: 2 });
      const recorded = await runCli(['test', dir, '-q', '--record', join(dir, 'c.jsonl')]);
      expect(recorded.code, recorded.stderr).toBe(0);
      const cases = join(dir, 'cases.yaml');
      await writeFile(cases, (await readFile(cases, 'utf8')).replace('[case-0002] what', '[case-0002] and what'));
      const args = [
        'test',
        dir,
        '--workers',
        '2',
        '-q',
        '--replay',
        join(dir, 'c.jsonl'),
        '--output',
        join(dir, 'report.json'),
      ];
      const run = await runCli(args);
      expect(run.code, run.stderr).toBe(1);
      const [first, second] = (await report(dir)).results;
      expect(first?.status).toBe('passed');
      expect(second?.status).toBe('error');
      expect(second?.errors.join('\n')).toMatch(/request not recorded in .*: the closest recorded request \(\w{12}\)/);
    } finally {
      await server.close();
    }
  });

  it('holds one rate limit for all workers: agent and judge calls from both threads within 10 % of it', {
    timeout: 90_000,
  }, async () => {
    const limited = withRateLimit(echoNumber, { requests: 10, window_ms: 1000 });
    const server = await startFakeModelServer(limited.script);
    try {
      const cases = Array.from(
        { length: 30 },
        (_, i) => `  - name: case-${i}\n    turns:\n      - { input: "say ${i}", ground_truth: "${i}" }`,
      );
      const dir = await writeProject({
        'agent.yaml': `name: limited\n${modelBlock('openai', server.url)}\nexecution:\n  rate_limit: { requests_per_minute: 600 }\nevaluations:\n  metrics:\n    - { type: standard, metric: equality }\n    - { type: geval, name: bare, criteria: "A bare number.", evaluation_steps: ["Check it."], threshold: 0.5 }\ntest_cases:\n${cases.join('\n')}\n`,
      });
      const args = ['test', dir, '--workers', '2', '-j', '32', '-q', '--output', join(dir, 'report.json')];
      const run = await runCli(args, { timeoutMs: 80_000 });
      expect(run.code, run.stderr).toBe(0);
      expect((await report(dir)).summary).toMatchObject({ total_tests: 30, passed: 30 });
      const accepted = limited.accepted;
      expect(accepted).toHaveLength(60);
      // Counted at the server: two threads each with its own 600 a minute would reach 1,200.
      const perMinute = ((accepted.length - 1) / ((accepted.at(-1) ?? 0) - (accepted[0] ?? 0))) * 60_000;
      expect(perMinute).toBeGreaterThan(540);
      expect(perMinute).toBeLessThan(660);
      expect(busiestWindow(accepted, 1000)).toBeLessThanOrEqual(11);
      expect(limited.rejected()).toBeLessThanOrEqual(6);
    } finally {
      await server.close();
    }
  });

  it('loses no turn when a fifth of the requests get 429 on two workers, even with max_retries: 0', {
    timeout: 90_000,
  }, async () => {
    const faults = withFaults(echoNumber, { rate: 0.2, kinds: ['429'], retry_after_ms: 40, random: seededRandom(3) });
    const server = await startFakeModelServer(faults);
    try {
      const cases = Array.from(
        { length: 12 },
        (_, i) =>
          `  - name: case-${i}\n    turns:\n      - { input: "say ${i}", ground_truth: "${i}" }\n      - { input: "say ${i + 50}", ground_truth: "${i + 50}" }`,
      );
      const dir = await writeProject({
        'agent.yaml': `name: throttled\n${modelBlock('openai', server.url)}\nexecution:\n  max_retries: 0\n  rate_limit: { requests_per_minute: 6000 }\nevaluations:\n  metrics: [{ type: standard, metric: equality }]\ntest_cases:\n${cases.join('\n')}\n`,
      });
      const args = ['test', dir, '--workers', '2', '-j', '8', '-q', '--output', join(dir, 'report.json')];
      const run = await runCli(args, { timeoutMs: 80_000 });
      expect(run.code, run.stderr).toBe(0);
      expect((await report(dir)).summary).toMatchObject({ total_tests: 12, passed: 12 });
      expect(server.requests.length).toBeGreaterThan(24);
    } finally {
      await server.close();
    }
  });

  it('runs the claude_agent_sdk backend on worker threads: one Claude Code session per case, none left after', {
    timeout: 120_000,
  }, async () => {
    const server = await startFakeModelServer(createConvFinQaScript());
    const gateway = await startRecordingGateway(server.url);
    try {
      const dir = await writeSuiteProject({ url: server.url, cases: 4, failing: (i) => i === 2 });
      const agent = join(dir, 'agent.yaml');
      const yaml = (await readFile(agent, 'utf8')).replace(
        /^model:[\s\S]*?(?=\ninstructions:)/m,
        `${modelBlock('anthropic', gateway.url)}\nbackend: claude_agent_sdk`,
      );
      await writeFile(agent, yaml);
      const env = { HTTPS_PROXY: gateway.url, HTTP_PROXY: gateway.url, NO_PROXY: '127.0.0.1' };
      const args = ['test', dir, '--workers', '2', '-j', '4', '-q', '--output', join(dir, 'report.json')];
      const run = await runCli(args, { env, timeoutMs: 110_000 });
      expect(run.code, run.stderr).toBe(1);
      const results = (await report(dir)).results;
      expect(results.map((r) => [r.test_name, r.status, r.turns?.length])).toEqual([
        ['case-0001', 'passed', 4],
        ['case-0002', 'passed', 4],
        ['case-0003', 'failed', 4],
        ['case-0004', 'passed', 4],
      ]);
      const sessions = new Set(server.requests.map((r) => r.headers['x-claude-code-session-id']));
      expect(sessions.size).toBe(4);
      // Nothing but the endpoint: no tunnel to any other host.
      expect(gateway.seen.filter((line) => !line.startsWith('POST /v1/messages'))).toEqual([]);
      // No Claude Code process of this run is left (found by the proxy it was given, unique to this test).
      const left = readdirSync('/proc').filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`HTTPS_PROXY=${gateway.url}`);
        } catch {
          return false;
        }
      });
      expect(left).toEqual([]);
    } finally {
      await gateway.close();
      await server.close();
    }
  });

  it('the main thread builds no backend: a worker that cannot set up the tools stops the run before any case (exit 2)', {
    timeout: 60_000,
  }, async () => {
    const server = await startFakeModelServer(createConvFinQaScript());
    try {
      const dir = await writeSuiteProject({ url: server.url, cases: 3 });
      const mcp = `tools:\n  - { name: finance, type: mcp, command: ${process.execPath}, args: [--import, tsx, ${FAKE_MCP_SERVER}], cwd: ${REPO_ROOT}, include: [lookup, grep] }`;
      const agent = join(dir, 'agent.yaml');
      await writeFile(agent, (await readFile(agent, 'utf8')).replace(/^tools:[\s\S]*?(?=\nevaluations:)/m, mcp));
      const run = await runCli(['test', dir, '--workers', '2', '-q', '--output', join(dir, 'report.json')]);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(/^error: the tools cannot be set up: MCP server "finance" has no tool "grep"/m);
      expect(server.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it('function tools run in the main thread’s tool thread: one module state for the whole run, as without workers', {
    timeout: 60_000,
  }, async () => {
    // Each turn calls `tick` once, then answers with what it returned: the count and the thread it ran in.
    const script: FakeScript = (request) => {
      const last = request.messages.at(-1);
      return last?.role === 'tool' ? answer(last.content) : callTools({ name: 'tick', args: {} });
    };
    const server = await startFakeModelServer(script);
    try {
      const cases = Array.from({ length: 8 }, (_, i) => `  - { name: c${i}, input: "tick ${i}" }`).join('\n');
      const dir = await writeProject({
        'tools.mjs': `import { threadId } from 'node:worker_threads';\nlet count = 0;\nexport function tick() { count += 1; return { count, thread: threadId }; }\n`,
        'agent.yaml': `name: shared-tools\n${modelBlock('openai', server.url)}\ninstructions: { inline: "Call tick." }\ntools:\n  - { name: tick, type: function, file: tools.mjs, function: tick, parameters: { type: object } }\nevaluations:\n  metrics: [{ type: standard, metric: equality }]\ntest_cases:\n${cases}\n`,
      });
      const run = await runCli(['test', dir, '--workers', '2', '-j', '4', '-q', '--output', join(dir, 'report.json')]);
      expect(run.code, run.stderr).toBe(0);
      const answers = (await report(dir)).results.map(
        (result) => JSON.parse(result.agent_response) as { count: number; thread: number },
      );
      // Eight calls from two worker threads, counted by one module in one thread.
      expect(answers.map((a) => a.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(new Set(answers.map((a) => a.thread)).size).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('each worker connects its own MCP servers; every MCP child process is gone when the run ends', {
    timeout: 60_000,
  }, async () => {
    const server = await startFakeModelServer(createConvFinQaScript());
    try {
      const dir = await writeSuiteProject({ url: server.url, cases: 6 });
      const marker = join(dir, 'mcp.pid');
      const mcp = `tools:\n  - { name: finance, type: mcp, command: ${process.execPath}, args: [--import, tsx, ${FAKE_MCP_SERVER}, --pid-file, ${marker}], cwd: ${REPO_ROOT} }`;
      const agent = join(dir, 'agent.yaml');
      const yaml = (await readFile(agent, 'utf8')).replace(/^tools:[\s\S]*?(?=\nevaluations:)/m, mcp);
      await writeFile(agent, yaml);
      const run = await runCli(['test', dir, '--workers', '2', '-j', '4', '-q', '--output', join(dir, 'report.json')]);
      expect(run.code, run.stderr).toBe(0);
      expect((await report(dir)).summary).toMatchObject({ total_tests: 6, passed: 6 });
      expect(Number(await readFile(marker, 'utf8'))).toBeGreaterThan(0);
      const left = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.includes(marker));
      expect(left).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

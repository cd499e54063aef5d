/** The command line itself: help, usage errors, exit codes, run records, parallel cases, graders, MCP, files. */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { createConvFinQaScript } from '../fakes/convfinqa-script.js';
import type { FakeScript } from '../fakes/fake-script.js';
import { FAKE_MCP_SERVER } from '../fakes/fixtures/tool-configs.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { REPO_ROOT, runCli } from '../helpers/run-cli.js';
import { GRADERS_MODULE, JKHY_TURNS, modelBlock, TOOLS_BLOCK, writeProject } from './e2e-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

function project(url: string, testCases: string, extra = ''): string {
  return `name: CLI Suite
${modelBlock('openai', url)}
instructions: { inline: "Answer with the number only." }
${TOOLS_BLOCK}
${extra}
evaluations:
  metrics:
    - { type: standard, metric: numeric }
test_cases:
${testCases}
`;
}

const ONE_CASE =
  '  - name: net-cash\n    input: what is the net cash from operating activities in 2009?\n    ground_truth: "206588"';

describe('holodeck CLI', () => {
  it('prints help and the version', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/test \[options\] \[config\]/);
    expect(help.stdout).toMatch(/validate \[options\] \[config\]/);
    expect(help.stdout).toMatch(/init \[options\] \[dir\]/);
    const testHelp = await runCli(['test', '--help']);
    expect(testHelp.stdout).toMatch(/--parallel-test-cases <n>/);
    const version = await runCli(['--version']);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('exits 2 on usage errors, before any agent call', async () => {
    server = await startFakeModelServer(createConvFinQaScript());
    const dir = await writeProject({ 'agent.yaml': project(server.url, ONE_CASE) });
    const cases: ReadonlyArray<readonly [string[], RegExp]> = [
      [['test', dir, '--bogus'], /unknown option '--bogus'/],
      [['test', dir, '-j', '0'], /expected a whole number >= 1/],
      // A Node timer longer than 2^31 - 1 ms fires at once: such a timeout would end every turn immediately.
      [
        ['test', dir, '--timeout', '1e9'],
        /'--timeout <seconds>' argument '1e9' is invalid.*at most 2147483 \(about 24 days/,
      ],
      [
        ['test', dir, '--grace-period', '3000000'],
        /'--grace-period <seconds>' argument '3000000' is invalid.*at most 2147483/,
      ],
      [['test', dir, '--output', join(dir, 'report.txt')], /\.txt.*\.json.*\.md.*\.xml/s],
      [['test', dir, '--filter', 'nothing-matches'], /no test case name matches --filter "nothing-matches"/],
      [['test', join(dir, 'missing.yaml')], /missing\.yaml/],
    ];
    for (const [args, message] of cases) {
      const run = await runCli(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(message);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('exits 2 without an API key, naming what to set, before starting anything', async () => {
    const yaml = project('http://127.0.0.1:9', ONE_CASE).replace(/\n {2}(api_key|endpoint): .*/g, '');
    const dir = await writeProject({ 'agent.yaml': yaml });
    const run = await runCli(['test', dir], { env: { OPENAI_API_KEY: undefined } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/no API key for provider openai[\s\S]*OPENAI_API_KEY/);
  });

  it('exits 3 when the backend cannot start (an MCP server that dies at once), naming the server', async () => {
    const yaml = project('http://127.0.0.1:9', ONE_CASE).replace(
      /\ntools:\n/,
      `\ntools:\n  - { name: broken, type: mcp, command: ${JSON.stringify(process.execPath)}, args: ["-e", "process.exit(7)"] }\n`,
    );
    expect(yaml).toContain('name: broken');
    const dir = await writeProject({ 'agent.yaml': yaml });
    const run = await runCli(['test', dir]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/backend could not start: .*broken/);
  });

  it('saves a run record with the report and metadata, and no secret anywhere', async () => {
    server = await startFakeModelServer(createConvFinQaScript());
    const secret = 'sk-live-SECRET-0123456789abcdef';
    const dir = await writeProject({ 'agent.yaml': project(server.url, ONE_CASE) });
    const run = await runCli(['test', dir, '--limit', '1'], { env: { FAKE_API_KEY: secret } });
    expect(run.code).toBe(0);
    const folder = join(dir, 'results', 'cli-suite');
    const files = await readdir(folder);
    expect(files).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.json$/)]);
    const text = await readFile(join(folder, files[0]!), 'utf8');
    expect(text).not.toContain(secret);
    const record = JSON.parse(text);
    expect(record).toMatchObject({ record_version: 2, state: 'completed' });
    expect(record.metadata).toMatchObject({ cli_args: ['test', dir, '--limit', '1'], backend: 'ai_sdk' });
    expect(record.metadata.config_snapshot.model.api_key).toBe('[redacted]');
    expect(record.report.summary).toMatchObject({ total_tests: 1, passed: 1 });
  });

  it('runs test cases in parallel up to -j, each in its own session', async () => {
    // The first requests are held until four are in flight at once (a runner that allowed fewer is caught by
    // the fallback release, and the peak then says so); a fifth would raise the peak above four.
    let inFlight = 0;
    let peak = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fallback = setTimeout(release, 10_000);
    const script = createConvFinQaScript();
    const held: FakeScript = async (request) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      if (inFlight === 4) release();
      await gate;
      inFlight -= 1;
      return script(request);
    };
    server = await startFakeModelServer(held);
    const cases = Array.from(
      { length: 8 },
      (_, i) => `  - name: case-${i}\n${JKHY_TURNS.replace(/^ {4}turns:/m, '    turns:')}`,
    ).join('\n');
    const dir = await writeProject({ 'agent.yaml': project(server.url, cases) });
    const run = await runCli(['test', dir, '-j', '4', '--output', join(dir, 'r.json')]);
    clearTimeout(fallback);
    expect(run.code).toBe(0);
    expect(peak).toBe(4);
    const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as RunReport;
    expect(report.summary).toMatchObject({ total_tests: 8, passed: 8, total_turns: 32, passed_turns: 32 });
    const conversations = new Set(server.requests.map((r) => JSON.stringify(r.messages[0])));
    expect(conversations.size).toBe(1);
  });

  it('contains a throwing grader to its metric on its turn; later turns still run', async () => {
    server = await startFakeModelServer(createConvFinQaScript());
    const cases = `  - name: JKHY\n    evaluations: [{ type: code, grader: "${GRADERS_MODULE}:explodesOnSecondTurn", name: fragile }]\n${JKHY_TURNS}`;
    const dir = await writeProject({ 'agent.yaml': project(server.url, cases) });
    const run = await runCli(['test', dir, '--output', join(dir, 'r.json')]);
    expect(run.code).toBe(1);
    const turns = (JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as RunReport).results[0]!.turns!;
    expect(turns.map((t) => t.passed)).toEqual([true, false, true, true]);
    expect(turns[1]!.metric_results[0]!.error).toMatch(/explodesOnSecondTurn.*RangeError: grader exploded on purpose/);
    expect(turns[1]!.grader_details[0]).toMatchObject({ metric_name: 'fragile', passed: false });
    expect(run.stdout).toMatch(/grader exploded on purpose/);
  });

  it('offers the tools of a stdio MCP server and records their calls', async () => {
    server = await startFakeModelServer(createConvFinQaScript());
    const mcp = `tools:\n  - { name: finance, type: mcp, command: ${process.execPath}, args: [--import, tsx, ${FAKE_MCP_SERVER}], cwd: ${REPO_ROOT} }`;
    const yaml = project(server.url, `  - name: JKHY\n${JKHY_TURNS}`).replace(
      /^tools:[\s\S]*?(?=\nevaluations:)/m,
      mcp,
    );
    const dir = await writeProject({ 'agent.yaml': yaml });
    const run = await runCli(['test', dir, '--output', join(dir, 'r.json')]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const result = (JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as RunReport).results[0]!;
    expect(result.tool_calls).toEqual(['lookup', 'lookup', 'subtract', 'subtract', 'divide']);
    expect(result.tool_invocations[2]).toMatchObject({ name: 'subtract', args: { a: 206588, b: 181001 }, error: null });
  });

  it("sends a turn's files with that turn only", async () => {
    server = await startFakeModelServer(createConvFinQaScript());
    const cases = `  - name: with-files
    turns:
      - input: what is the net cash from operating activities in 2009?
        files: [{ path: notes.md }, { path: chart.png, type: image }]
      - input: what about in 2008?`;
    const dir = await writeProject({ 'agent.yaml': project(server.url, cases), 'notes.md': 'NOTE-FROM-FILE 42' });
    await writeFile(join(dir, 'chart.png'), new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const run = await runCli(['test', dir]);
    expect(run.code).toBe(0);
    const first = server.requests[0]!;
    const last = server.requests.at(-1)!;
    expect(JSON.stringify(first.messages)).toContain('NOTE-FROM-FILE 42');
    const users = last.messages.filter((m) => m.role === 'user');
    expect(users).toHaveLength(2);
    expect(JSON.stringify(users[1])).not.toContain('NOTE-FROM-FILE');
    // The earlier turn is carried with its files named, not sent again.
    expect(JSON.stringify(users[0])).not.toContain('NOTE-FROM-FILE');
    expect(JSON.stringify(users[0])).toContain('<file name=\\"notes.md\\"');
    expect(users[0]).toMatchObject({ images: [] });
    expect(users[1]).toMatchObject({ images: [] });
  });
});

describe('run options from agent.yaml and the environment', () => {
  it('takes limit and results_dir from execution:, filter from HOLODECK_FILTER, and lets the CLI win', async () => {
    server = await startFakeModelServer(createConvFinQaScript());
    const cases = `${ONE_CASE}\n  - name: second\n    input: what about in 2008?\n  - name: third\n    input: what is the difference?`;
    const yaml = project(server.url, cases, 'execution: { limit: 2, results_dir: runs }');
    const dir = await writeProject({ 'agent.yaml': yaml });
    const fromYaml = await runCli(['test', dir, '--output', join(dir, 'a.json')]);
    expect(fromYaml.code).toBe(0);
    const a = JSON.parse(await readFile(join(dir, 'a.json'), 'utf8')) as RunReport;
    expect(a.results.map((r) => r.test_name)).toEqual(['net-cash', 'second']);
    expect(await readdir(join(dir, 'runs', 'cli-suite'))).toHaveLength(1);
    const fromEnv = await runCli(['test', dir, '--output', join(dir, 'b.json')], { env: { HOLODECK_FILTER: 'thi' } });
    const b = JSON.parse(await readFile(join(dir, 'b.json'), 'utf8')) as RunReport;
    expect(fromEnv.code).toBe(0);
    expect(b.results.map((r) => r.test_name)).toEqual(['third']);
    const fromCli = await runCli(['test', dir, '--limit', '3', '--output', join(dir, 'c.json')]);
    const c = JSON.parse(await readFile(join(dir, 'c.json'), 'utf8')) as RunReport;
    expect(fromCli.code).toBe(0);
    expect(c.results).toHaveLength(3);
  });
});

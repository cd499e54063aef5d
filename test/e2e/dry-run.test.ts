/**
 * `holodeck test --dry-run` through the built CLI: everything loads, the tools connect (a real stdio MCP server
 * starts, lists its tools and is closed again), the plan is printed, and the fake model server gets no request.
 */

import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer } from '../fakes/fake-script.js';
import { FAKE_MCP_SERVER, REPO_ROOT } from '../fakes/fixtures/tool-configs.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { isRunning } from '../helpers/is-running.js';
import { runCli } from '../helpers/run-cli.js';
import { JKHY_TURNS, modelBlock, TOOLS_BLOCK, writeProject } from './e2e-project.js';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(() => answer('42'));
});
afterAll(() => server.close());

function agentYaml(model: string, pidFile: string): string {
  const mcp = `  - { name: finance, type: mcp, command: ${JSON.stringify(process.execPath)}, args: [--import, tsx, ${JSON.stringify(FAKE_MCP_SERVER)}, --pid-file, ${JSON.stringify(pidFile)}], cwd: ${JSON.stringify(REPO_ROOT)}, prefix: fin_, include: [lookup, describe] }`;
  return `name: jkhy
${model}
instructions: { inline: "Answer with the number only. Use the tools." }
${TOOLS_BLOCK}
${mcp}
evaluations:
  metrics:
    - { type: standard, metric: numeric }
    - { type: geval, name: tone, criteria: "Polite." }
test_cases:
  - name: JKHY-2009
${JKHY_TURNS}
  - { name: simple, input: "what is 2+2?", ground_truth: "4" }
`;
}

describe('holodeck test --dry-run', () => {
  it('connects the tools, prints the plan with a cost range, calls no model and keeps no record', async () => {
    server.reset();
    const dir = await writeProject({});
    const pidFile = join(dir, 'mcp.pid');
    const yaml = agentYaml(modelBlock('openai', server.url), pidFile);
    await writeFile(join(dir, 'agent.yaml'), yaml);
    const run = await runCli(['test', dir, '--dry-run']);
    expect(run.code, run.stderr).toBe(0);
    expect(server.requests).toHaveLength(0);
    const lines = run.stdout.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'Plan — jkhy (dry run: no model is called)',
      '  Agent   openai:gpt-4o-mini — $0.15 in / $0.60 out per million tokens (built-in list price of 2026-12-04)',
      '  Judge   openai:gpt-4o-mini — $0.15 in / $0.60 out per million tokens (built-in list price of 2026-12-04)',
      '  Tools   5 connected: lookup, subtract, divide, fin_lookup, fin_describe',
    ]);
    // Four turns that each expect a tool call: a call and an answer each; one judge call per turn, and one to
    // write the G-Eval steps.
    expect(run.stdout).toMatch(/ {2}JKHY-2009 {6}4 {10}≥ 8 {12}5 {7}≈ [\d,]+\n/);
    expect(run.stdout).toMatch(/ {2}simple {9}1 {10}≥ 1 {12}1 {9}≈ [\d,]+\n/);
    expect(run.stdout).toMatch(
      / {2}Total {3}2 test cases · 5 turns · ≥ 9 agent calls · 6 judge calls · ≈ [\d,]+ input tokens\n/,
    );
    const range = /Cost {4}\$([\d.]+) – \$([\d.]+) \(estimate; see "Cost" in the README\)/.exec(run.stdout);
    expect(range).not.toBeNull();
    expect(Number(range![1])).toBeGreaterThan(0);
    expect(Number(range![2])).toBeGreaterThan(Number(range![1]));
    // The MCP server was started (it wrote its pid) and closed again.
    const pid = Number(await readFile(pidFile, 'utf8'));
    expect(pid).toBeGreaterThan(0);
    expect(isRunning(pid)).toBe(false);
    expect(existsSync(join(dir, 'results'))).toBe(false);
  });

  it('says the cost is unknown when a model has no price', async () => {
    server.reset();
    const dir = await writeProject({});
    const model = `model: { provider: openai_compatible, name: house-model, endpoint: ${server.url}/v1 }`;
    await writeFile(join(dir, 'agent.yaml'), agentYaml(model, join(dir, 'mcp.pid')));
    const run = await runCli(['test', dir, '--dry-run']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      '  Agent   openai_compatible:house-model (no price: add pricing: to its model block)\n',
    );
    expect(run.stdout).toContain('  Cost    unknown: a model that would be called has no price\n');
    expect(server.requests).toHaveLength(0);
  });

  it('exits 2 on a configuration error, before any tool or model', async () => {
    server.reset();
    const yaml = `name: bad\nmodel: { provider: openai, name: gpt-4o, pricing: { input_per_mtok: -2, output_per_mtok: 1 } }\ntest_cases: [{ name: t, input: q }]\n`;
    const dir = await writeProject({ 'agent.yaml': yaml });
    const run = await runCli(['test', dir, '--dry-run']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/agent\.yaml:2:\d+ {2}model\.pricing\.input_per_mtok\n {2}must be >= 0, got -2/);
    expect(run.stdout).not.toContain('Plan');
    expect(server.requests).toHaveLength(0);
  });

  it('exits 3, as a run would, when a tool server cannot start, naming it', async () => {
    server.reset();
    const yaml = `name: broken-tools\n${modelBlock('openai', server.url)}\ntools:\n  - { name: broken, type: mcp, command: ${JSON.stringify(process.execPath)}, args: ["-e", "process.exit(7)"] }\ntest_cases: [{ name: t, input: q }]\n`;
    const dir = await writeProject({ 'agent.yaml': yaml });
    const run = await runCli(['test', dir, '--dry-run']);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^error: the ai_sdk backend could not start: .*broken/);
    expect(run.stdout).not.toContain('Plan');
    expect(server.requests).toHaveLength(0);
  });

  it('says what --replay and --cache would do to the run, and refuses a cassette the run would refuse', async () => {
    server.reset();
    const yaml = `name: served\n${modelBlock('openai', server.url)}\ntest_cases: [{ name: t, input: q }]\n`;
    const dir = await writeProject({ 'agent.yaml': yaml });
    const cassette = join(dir, 'c.jsonl');
    const missing = await runCli(['test', dir, '--dry-run', '--replay', join(dir, 'nope.jsonl')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read the cassette');
    expect(missing.stdout).not.toContain('Plan');
    expect((await runCli(['test', dir, '--record', cassette])).code).toBe(0);
    server.reset();
    const replay = await runCli(['test', dir, '--dry-run', '--replay', cassette]);
    expect(replay.code, replay.stderr).toBe(0);
    expect(replay.stdout).toContain(
      `every answer comes from the cassette ${cassette} (1 recorded request): no model is called and nothing is spent`,
    );
    const cache = await runCli(['test', dir, '--dry-run', '--cache', '--cache-dir', join(dir, 'cache')]);
    expect(cache.code, cache.stderr).toBe(0);
    expect(cache.stdout).toContain(`answers found in the cache ${join(dir, 'cache')} are served and cost nothing now`);
    // Where the run would write is checked as the run checks it.
    const folder = await runCli(['test', dir, '--dry-run', '--record', dir]);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain(`cannot write the cassette ${dir}: it is a folder`);
    const file = await runCli(['test', dir, '--dry-run', '--cache', '--cache-dir', join(dir, 'agent.yaml')]);
    expect(file.code).toBe(2);
    expect(file.stderr).toContain('cannot write cached answers into');
    expect(server.requests).toHaveLength(0);
  });
});

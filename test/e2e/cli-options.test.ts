/**
 * The command line as users type it, through the built CLI: selection (--filter, --grep, --exclude,
 * --last-failed), --model, validate refusing what test would refuse, report formats, what a run says it
 * wrote, the console's case order, and where merge-reports puts its run.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { type CaseSpec, moduleAgentYaml, writeModuleProject } from './cli-project.js';
import { writeProject } from './e2e-project.js';

const NO_KEYS = { OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined, AZURE_OPENAI_API_KEY: undefined };

const FIVE: readonly CaseSpec[] = [
  { name: 'alpha', input: 'a' },
  { name: 'beta', input: 'b' },
  { name: 'gamma', input: 'wrong: g' },
  { name: 'delta', input: 'd' },
  { name: 'epsilon', input: 'wrong: e' },
];

async function ranNames(dir: string, args: readonly string[]): Promise<{ code: number | null; names: string[] }> {
  const run = await runCli(['test', 'agent.yaml', '-q', '--output', 'r.json', ...args], { cwd: dir });
  if (run.code !== 0 && run.code !== 1) return { code: run.code, names: [] };
  const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as RunReport;
  return { code: run.code, names: report.results.map((r) => r.test_name) };
}

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('selecting test cases', () => {
  it('--filter is repeatable (any of them), --grep takes a regular expression, --exclude leaves cases out', async () => {
    const dir = await writeModuleProject(FIVE);
    expect(await ranNames(dir, ['--filter', 'eps', '--filter', 'alp'])).toEqual({
      code: 1,
      names: ['alpha', 'epsilon'],
    });
    expect(await ranNames(dir, ['--grep', '^(b|d)e'])).toEqual({ code: 0, names: ['beta', 'delta'] });
    expect(await ranNames(dir, ['--exclude', 'et', '--exclude', '*on'])).toEqual({
      code: 1,
      names: ['alpha', 'gamma', 'delta'],
    });
    const bad = await runCli(['test', 'agent.yaml', '--grep', '('], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--grep "\(" is not a valid regular expression/);
    const none = await runCli(['test', 'agent.yaml', '--filter', 'zzz', '--exclude', 'a'], { cwd: dir });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no test case name matches --filter "zzz" (with --exclude "a"); nothing to run');
  });

  it('reads no HOLODECK_ variable whose setting the command line gives: a bad one stops only a run that reads it', async () => {
    const dir = await writeModuleProject(FIVE);
    const overridden = await runCli(['test', 'agent.yaml', '-q', '--repeat', '2', '--timeout', '5', '--limit', '2'], {
      cwd: dir,
      env: { HOLODECK_REPEAT: 'abc', HOLODECK_TIMEOUT: 'abc', HOLODECK_LIMIT: '0' },
    });
    expect(overridden.code, overridden.stderr).toBe(0);
    for (const workers of [[], ['--workers', '2']]) {
      const read = await runCli(['test', 'agent.yaml', '-q', '--limit', '2', ...workers], {
        cwd: dir,
        env: { HOLODECK_REPEAT: 'abc' },
      });
      expect(read.code).toBe(2);
      expect(read.stderr).toContain('HOLODECK_REPEAT');
    }
    const inWorkers = await runCli(['test', 'agent.yaml', '-q', '--repeat', '2', '--limit', '2', '--workers', '2'], {
      cwd: dir,
      env: { HOLODECK_REPEAT: 'abc' },
    });
    expect(inWorkers.code, inWorkers.stderr).toBe(0);
  });

  it('--last-failed runs the failed cases of the latest run of this config, and nothing once all pass', async () => {
    const dir = await writeModuleProject(FIVE);
    const first = await runCli(['test', 'agent.yaml', '--last-failed'], { cwd: dir });
    expect(first.code).toBe(2);
    expect(first.stderr).toMatch(/--last-failed: no earlier run of .*agent\.yaml/);
    expect((await ranNames(dir, [])).code).toBe(1);
    expect(await ranNames(dir, ['--last-failed'])).toEqual({ code: 1, names: ['gamma', 'epsilon'] });
    // Fix the two cases: the next --last-failed runs them (the latest run's failures) and passes.
    await writeFile(
      join(dir, 'agent.yaml'),
      moduleAgentYaml(FIVE.map((c) => ({ ...c, input: c.input.replace('wrong: ', '') }))),
    );
    expect(await ranNames(dir, ['--last-failed'])).toEqual({ code: 0, names: ['gamma', 'epsilon'] });
    const green = await runCli(['test', 'agent.yaml', '--last-failed'], { cwd: dir });
    expect(green.code).toBe(0);
    // The latest two runs selected failed cases only: the whole suite's run before them decides for the rest.
    expect(green.stderr).toMatch(
      /no test case failed in the latest run \(cli-project\/\S+, and 2 earlier runs back to one of the whole suite\); nothing to run/,
    );
  });

  it('--last-failed keeps a failure that a later run of other cases did not touch', async () => {
    const dir = await writeModuleProject(FIVE);
    expect((await ranNames(dir, [])).code).toBe(1);
    expect(await ranNames(dir, ['--filter', 'alpha'])).toEqual({ code: 0, names: ['alpha'] });
    expect(await ranNames(dir, ['--last-failed'])).toEqual({ code: 1, names: ['gamma', 'epsilon'] });
    // A run of the whole suite decides for every case: fixed there, nothing is left.
    await writeFile(join(dir, 'agent.yaml'), moduleAgentYaml(FIVE.filter((c) => c.name !== 'gamma')));
    expect((await ranNames(dir, [])).code).toBe(1);
    expect(await ranNames(dir, ['--last-failed'])).toEqual({ code: 1, names: ['epsilon'] });
  });
});

describe('after a run', () => {
  it('points holodeck view (or serve, dashboard) at holodeck test view, and the help names it', async () => {
    for (const name of ['view', 'serve', 'dashboard']) {
      const run = await runCli([name]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`error: unknown command '${name}' — the dashboard is holodeck test view [config]\n`);
    }
    expect((await runCli(['frob'])).stderr).toBe("error: unknown command 'frob'\n(run with --help for usage)\n");
    expect((await runCli(['--help'])).stdout).toContain('The dashboard of stored runs: holodeck test view [config]');
  });

  it('refuses a results folder that is a file, or under one, instead of showing no runs for ever (exit 2)', async () => {
    const dir = await writeModuleProject(FIVE.slice(0, 1));
    await writeFile(join(dir, 'notes.txt'), 'x');
    for (const [given, said] of [
      ['notes.txt', 'is a file, not a folder'],
      ['notes.txt/runs', 'is under a file, not a folder'],
    ]) {
      for (const extra of [[], ['--export', 'r.html']]) {
        const run = await runCli(['test', 'view', '--results-dir', given as string, '--port', '0', ...extra], {
          cwd: dir,
        });
        expect(run.code, `${given} ${extra}`).toBe(2);
        expect(run.stderr).toBe(
          `error: the results folder ${join(dir, given as string)} ${said}: give --results-dir a folder\n`,
        );
      }
    }
  });

  it('says where the run record and every report went, and how to open the dashboard', async () => {
    const dir = await writeModuleProject(FIVE.slice(0, 2));
    const run = await runCli(['test', 'agent.yaml', '--output', 'out/r.json', '--output', 'junit.xml'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    const record = /^run record {2}(results\/cli-project\/\S+\.json)$/m.exec(run.stdout)?.[1];
    expect(record).toBeDefined();
    expect(existsSync(join(dir, record as string))).toBe(true);
    expect(run.stdout).toMatch(/^report {6}out\/r\.json$/m);
    expect(run.stdout).toMatch(/^report {6}junit\.xml$/m);
    expect(run.stdout).toMatch(/^dashboard {3}holodeck test view agent\.yaml$/m);
    const custom = await runCli(['test', 'agent.yaml', '--results-dir', 'runs'], { cwd: dir });
    expect(custom.stdout).toMatch(/^dashboard {3}holodeck test view agent\.yaml --results-dir runs$/m);
  });

  it('lists the cases in the configuration order even when later ones finish first (-j)', async () => {
    const cases = [
      { name: 'first', input: 'slow:600' },
      { name: 'second', input: 'slow:10' },
      { name: 'third', input: 'wrong: slow:200' },
      { name: 'fourth', input: 'quick' },
    ];
    const dir = await writeModuleProject(cases);
    const run = await runCli(['test', 'agent.yaml', '-j', '4'], { cwd: dir });
    expect(run.code).toBe(1);
    const order = run.stdout
      .split('\n')
      .filter((line) => /^[✓✗] /.test(line))
      .map((line) => line.split(' ')[1]);
    expect(order).toEqual(['first', 'second', 'third', 'fourth']);
  });
});

describe('report formats', () => {
  it('refuses an --output extension that contradicts --format, before running anything', async () => {
    const dir = await writeModuleProject(FIVE.slice(0, 1));
    const run = await runCli(['test', 'agent.yaml', '--output', 'report.md', '--format', 'json'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--output report.md is a Markdown file name, but --format is json');
    expect(existsSync(join(dir, 'results'))).toBe(false);
  });

  it('--output report.html writes the static HTML report of the run', async () => {
    const dir = await writeModuleProject(FIVE.slice(0, 3));
    const run = await runCli(['test', 'agent.yaml', '--output', 'report.html'], { cwd: dir });
    expect(run.code, run.stderr).toBe(1);
    const html = await readFile(join(dir, 'report.html'), 'utf8');
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('cli-project');
    expect(html).toContain('gamma');
    expect(run.stdout).toMatch(/^report {6}report\.html$/m);
  });
});

describe('checks before any model call', () => {
  const openaiYaml = `name: keyed
model: { provider: openai, name: gpt-4o-mini }
test_cases:
  - { name: one, input: hi }
`;

  it('validate and test refuse a missing API key, located, and say which variable to set', async () => {
    const dir = await writeProject({ 'agent.yaml': openaiYaml });
    for (const command of ['validate', 'test']) {
      const run = await runCli([command, 'agent.yaml'], { cwd: dir, env: NO_KEYS });
      expect(run.code, `${command}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toMatch(/agent\.yaml:2:8 {2}model\n {2}no API key for provider openai \(model gpt-4o-mini\)/);
      expect(run.stderr).toContain('set the OPENAI_API_KEY environment variable');
      expect(run.stdout).not.toMatch(/Running/);
    }
    const withKey = await runCli(['validate', 'agent.yaml'], { cwd: dir, env: { OPENAI_API_KEY: 'sk-x' } });
    expect(withKey.code, withKey.stderr).toBe(0);
  });

  it('refuses a backend that cannot serve the provider, in validate and test', async () => {
    const dir = await writeProject({
      'agent.yaml': openaiYaml.replace('test_cases:', 'backend: claude_agent_sdk\ntest_cases:'),
    });
    for (const command of ['validate', 'test']) {
      const run = await runCli([command, 'agent.yaml'], { cwd: dir, env: { OPENAI_API_KEY: 'sk-x' } });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(
        /agent\.yaml:2:20 {2}model\.provider\n {2}backend claude_agent_sdk runs Anthropic models only/,
      );
    }
    const cli = await runCli(['validate', 'agent.yaml', '--backend', 'claude_agent_sdk'], {
      cwd: await writeProject({ 'agent.yaml': openaiYaml }),
      env: { OPENAI_API_KEY: 'sk-x' },
    });
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain('--backend claude_agent_sdk runs Anthropic models only');
  });

  it('warns that backend claude_agent_sdk cannot apply a rate_limit or a temperature to the agent, in validate', async () => {
    const yaml = `name: claude-limited
backend: claude_agent_sdk
model: { provider: anthropic, name: claude-sonnet-4-5, api_key: sk-ant-x, temperature: 0.2, rate_limit: { requests_per_minute: 12 } }
test_cases: [{ name: a, input: b, ground_truth: b }]
`;
    const run = await runCli(['validate', 'agent.yaml'], { cwd: await writeProject({ 'agent.yaml': yaml }) });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'warning: model.rate_limit is not applied to the agent with backend claude_agent_sdk: Claude Code sends its model requests itself',
    );
    expect(run.stderr).toContain(
      'warning: model.temperature (0.2) is not applied to the agent with backend claude_agent_sdk: Claude Code sets its own',
    );
  });

  it('needs no model with a module backend', async () => {
    const dir = await writeModuleProject(FIVE.slice(0, 1));
    const run = await runCli(['validate', 'agent.yaml'], { cwd: dir, env: NO_KEYS });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('backend module, no model');
    const missing = await writeProject({ 'agent.yaml': 'name: x\ntest_cases: [{ name: a, input: b }]\n' });
    const refused = await runCli(['validate', 'agent.yaml'], { cwd: missing });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/missing `model` — add model:/);
  });
});

describe('options from the environment', () => {
  it('HOLODECK_OUTPUT, HOLODECK_QUIET and HOLODECK_BACKEND give what the command line does not', async () => {
    const dir = await writeModuleProject(FIVE.slice(0, 2));
    const env = { HOLODECK_OUTPUT: 'r.json, r.md', HOLODECK_QUIET: 'true' };
    const run = await runCli(['test', 'agent.yaml'], { cwd: dir, env });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')).summary.total_tests).toBe(2);
    expect(await readFile(join(dir, 'r.md'), 'utf8')).toContain('cli-project');
    expect(run.stdout).not.toContain('run record');
    // The command line wins: its --output alone is written, and -v over HOLODECK_QUIET.
    const cli = await runCli(['test', 'agent.yaml', '-v', '--output', 'cli.json'], { cwd: dir, env });
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toContain('run record');
    expect(existsSync(join(dir, 'cli.json'))).toBe(true);
    // A module agent is named in agent.yaml: HOLODECK_BACKEND applies only where it names no backend.
    const plain = await writeProject({
      'agent.yaml':
        'name: x\nmodel: { provider: anthropic, name: claude-sonnet-4-5, api_key: sk-ant-x }\ntest_cases: [{ name: a, input: b }]\n',
    });
    const claude = await runCli(['validate', 'agent.yaml'], {
      cwd: plain,
      env: { HOLODECK_BACKEND: 'claude_agent_sdk' },
    });
    expect(claude.stdout).toContain('backend claude_agent_sdk');
    for (const [command, variable, value] of [
      ['validate', 'HOLODECK_BACKEND', 'bogus'],
      ['test', 'HOLODECK_BACKEND', 'bogus'],
      ['test', 'HOLODECK_VERBOSE', 'loud'],
    ] as const) {
      const bad = await runCli([command, 'agent.yaml'], { cwd: plain, env: { [variable]: value } });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(`environment variable ${variable}="${value}" is invalid`);
    }
    const overridden = await runCli(['validate', 'agent.yaml', '--backend', 'ai_sdk'], {
      cwd: plain,
      env: { HOLODECK_BACKEND: 'bogus' },
    });
    expect(overridden.stderr).not.toContain('HOLODECK_BACKEND');
  });
});

describe('--model PROVIDER:NAME', () => {
  it("runs the suite on another model for one run, with that provider's endpoint and key rules", async () => {
    server = await startFakeModelServer(() => ({ kind: 'answer', text: 'hi' }));
    const dir = await writeProject({
      'agent.yaml': `name: switch
model: { provider: openai, name: gpt-4o-mini, endpoint: http://127.0.0.1:9/v1, api_key: sk-unused }
test_cases:
  - { name: one, input: hi, ground_truth: hi, evaluations: [{ type: standard, metric: equality }] }
`,
    });
    const noKey = await runCli(['validate', 'agent.yaml', '--model', 'anthropic:claude-sonnet-4-5'], {
      cwd: dir,
      env: NO_KEYS,
    });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('--model anthropic:claude-sonnet-4-5: no API key for provider anthropic');
    const bad = await runCli(['test', 'agent.yaml', '--model', 'gpt-4o'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/"gpt-4o" names no provider; write PROVIDER:NAME/);
    const run = await runCli(['test', 'agent.yaml', '--model', 'ollama:llama3.2:1b', '--output', 'r.json'], {
      cwd: dir,
      env: { OLLAMA_HOST: server.url },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(server.requests.map((r) => [r.protocol, r.model])).toEqual([['ollama', 'llama3.2:1b']]);
  });

  it('checks the endpoint variables before the run, and masks the credentials written in them', async () => {
    const dir = await writeProject({
      'agent.yaml': `name: from-env
model: { provider: openai, name: gpt-4o-mini }
execution: { max_retries: 0 }
test_cases:
  - { name: one, input: hi, ground_truth: hi, evaluations: [{ type: standard, metric: equality }] }
`,
    });
    for (const [name, value, model] of [
      ['OPENAI_BASE_URL', 'notaurl', []],
      ['AZURE_OPENAI_ENDPOINT', 'ftp://r.example', ['--model', 'azure_openai:d']],
      ['OLLAMA_HOST', '::::bad', ['--model', 'ollama:m']],
    ] as const) {
      for (const command of ['validate', 'test']) {
        const run = await runCli([command, 'agent.yaml', ...model], {
          cwd: dir,
          env: { ...NO_KEYS, OPENAI_API_KEY: 'sk-x', AZURE_OPENAI_API_KEY: 'az-x', [name]: value },
        });
        expect(run.code, run.stderr).toBe(2);
        expect(run.stderr).toContain(`the environment variable ${name}, the model's endpoint, is`);
        // Text that is no URL is not quoted: it may be a key pasted into the wrong variable.
        if (value !== 'ftp://r.example') expect(run.stderr).not.toContain(value);
      }
    }
    // The turn's error names the endpoint it called: the user name and password stay out of every output.
    server = await startFakeModelServer(() => ({ kind: 'error', status: 500, message: 'internal error' }));
    const endpoint = server.url.replace('http://', 'http://bob:pwSECRET0123456789@');
    const run = await runCli(['test', 'agent.yaml', '--output', 'r.json', '--output', 'r.md'], {
      cwd: dir,
      env: { ...NO_KEYS, OPENAI_BASE_URL: `${endpoint}/v1` },
    });
    expect(run.code, run.stderr).toBe(1);
    expect(server.requests).toHaveLength(1);
    const [records] = await Promise.all([readdir(join(dir, 'results', 'from-env'))]);
    const texts = [
      run.stdout,
      run.stderr,
      await readFile(join(dir, 'r.json'), 'utf8'),
      await readFile(join(dir, 'r.md'), 'utf8'),
      ...(await Promise.all(records.map((file) => readFile(join(dir, 'results', 'from-env', file), 'utf8')))),
    ];
    for (const text of texts) expect(text).not.toContain('pwSECRET0123456789');
    expect(texts[2]).toContain('***OPENAI_BASE_URL.password');
  });
});

describe('merge-reports', () => {
  it('writes the merged run beside the config the shards ran, wherever it is run from', async () => {
    const dir = await writeModuleProject(FIVE);
    for (const index of [1, 2]) {
      const shard = await runCli(['test', 'agent.yaml', '-q', '--shard', `${index}/2`, '--results-dir', `s${index}`], {
        cwd: dir,
      });
      expect(shard.code).toBe(1);
    }
    const elsewhere = await mkdtemp(join(tmpdir(), 'holodeck-merge-cwd-'));
    const merged = await runCli(['merge-reports', join(dir, 's1'), join(dir, 's2')], { cwd: elsewhere });
    expect(merged.code, merged.stderr).toBe(1);
    expect(await readdir(join(dir, 'results', 'cli-project'))).toHaveLength(1);
    expect(existsSync(join(elsewhere, 'results'))).toBe(false);
    expect(merged.stdout).toMatch(/^dashboard {3}holodeck test view \S+agent\.yaml$/m);
  });
});

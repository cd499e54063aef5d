/**
 * `holodeck init` through the built CLI: the project it writes type-checks, validates, and runs against the
 * fake Ollama server (passing when the model calls the tools rightly, failing on the wrong argument); a
 * second init, a bad provider and an unwritable folder exit 2 without writing anything.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProviderName } from '../../src/core/config-types.js';
import type { RunReport } from '../../src/core/results.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { CLI_PATH, REPO_ROOT, runCli } from '../helpers/run-cli.js';
import { INIT_PROJECT_FILES as PROJECT_FILES, shopScript, snapshot, typeErrors } from './init-project.js';

/** No key or endpoint of the caller's environment leaks into the runs. */
const CLEAN_ENV = {
  OLLAMA_HOST: undefined,
  OPENAI_API_KEY: undefined,
  ANTHROPIC_API_KEY: undefined,
  AZURE_OPENAI_API_KEY: undefined,
  AZURE_API_KEY: undefined,
  AZURE_OPENAI_ENDPOINT: undefined,
};

let base = '';
let server: FakeModelServer | null = null;

beforeEach(async () => {
  // A folder where `holodeck` is installed, as `npm install holodeck` would: node_modules/holodeck → this repo.
  base = await mkdtemp(join(tmpdir(), 'holodeck-init-e2e-'));
  await mkdir(join(base, 'node_modules'));
  await symlink(REPO_ROOT, join(base, 'node_modules', 'holodeck'), 'dir');
});

afterEach(async () => {
  await server?.close();
  server = null;
  await rm(base, { recursive: true, force: true });
});

const cli = (args: readonly string[], env: Readonly<Record<string, string | undefined>> = {}) =>
  runCli(args, { cwd: base, env: { ...CLEAN_ENV, ...env } });

describe('holodeck init', () => {
  it('writes a project that type-checks, validates, and passes against the model (ollama, no key)', async () => {
    const init = await cli(['init', 'shop']);
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    const dir = join(base, 'shop');
    for (const file of PROJECT_FILES) expect(init.stdout).toContain(`  ${file} `);
    expect(init.stdout).toMatch(
      /Next:\n {2}cd shop\n {2}ollama pull llama3\.2 +# .*\n {2}npx holodeck validate +# .*\n {2}npx holodeck test -v +# /,
    );
    expect(init.stdout).not.toContain('npm install');
    expect((await readdir(dir, { recursive: true })).sort()).toEqual([
      '.gitignore',
      'agent.yaml',
      'graders',
      'graders/uses-tool-result.ts',
      'instructions.md',
      'tools',
      'tools/calculator.ts',
      'tools/prices.ts',
    ]);
    const yaml = await readFile(join(dir, 'agent.yaml'), 'utf8');
    const schemaPath = /^# yaml-language-server: \$schema=(\S+)\n/.exec(yaml)?.[1];
    expect(schemaPath).toBe('../node_modules/holodeck/schema/agent.schema.json');
    expect(existsSync(join(dir, schemaPath!))).toBe(true);
    expect(await readFile(join(dir, '.gitignore'), 'utf8')).toMatch(/^results\/$/m);
    expect(
      typeErrors(
        dir,
        PROJECT_FILES.filter((file) => file.endsWith('.ts')),
      ),
    ).toEqual([]);

    const validate = await cli(['validate', 'shop']);
    expect(validate.stderr).toBe('');
    expect(validate.code).toBe(0);
    expect(validate.stdout).toMatch(
      /is valid: agent "shop-assistant", 1 test case, 2 turns, 2 tools, .*model ollama:llama3\.2/,
    );

    server = await startFakeModelServer(shopScript(50));
    const report = join(dir, 'report.json');
    const run = await cli(['test', 'shop', '--output', report], { OLLAMA_HOST: server.url });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(server.requests.every((r) => r.protocol === 'ollama' && r.model === 'llama3.2')).toBe(true);
    expect(server.requests[0]!.system).toContain('small computer shop');
    const result = (JSON.parse(await readFile(report, 'utf8')) as RunReport).results[0]!;
    expect(result).toMatchObject({ test_name: 'laptop-with-voucher', passed: true });
    const turns = result.turns!;
    expect(turns.map((t) => [t.passed, t.tools_matched, t.response])).toEqual([
      [true, true, 'The laptop costs $1,250.'],
      [true, true, 'You pay $1,200 after the voucher.'],
    ]);
    expect(turns.map((t) => t.tool_invocations.map((call) => [call.name, call.result]))).toEqual([
      [['lookup_price', 1250]],
      [['calculator', 1200]],
    ]);
    for (const turn of turns) {
      expect(turn.metric_results.map((m) => [m.metric_name, m.passed])).toEqual([
        ['numeric', true],
        ['uses_tool_result', true],
      ]);
    }
    // The second turn's request carries the first turn: the conversation is one session.
    const last = server.requests.at(-1)!;
    expect(last.messages.filter((m) => m.role === 'user').map((m) => (m.role === 'user' ? m.text : ''))).toEqual([
      'How much does the laptop cost?',
      'I have a $50 voucher. What do I pay for it?',
    ]);
    expect(existsSync(join(dir, 'results'))).toBe(true);
  });

  it('where holodeck is not installed, says to install it, and validate names the package to install', async () => {
    const bare = await mkdtemp(join(tmpdir(), 'holodeck-init-bare-'));
    try {
      const init = await runCli(['init', 'shop'], { cwd: bare, env: CLEAN_ENV });
      expect(init.code).toBe(0);
      // holodeck is installed from its own folder (or .tgz): the one that runs here, the repository.
      expect(init.stdout).toContain(`npm install --save-dev ${REPO_ROOT.replace(/\/$/, '')}`);
      const validate = await runCli(['validate', 'shop'], { cwd: bare, env: CLEAN_ENV });
      expect(validate.code).toBe(2);
      expect(validate.stderr).toContain(
        `importing ${join(bare, 'shop', 'tools', 'calculator.ts')} threw: Cannot find module 'holodeck' — the module imports the package "holodeck", which is not installed beside the config: install the holodeck you run there (npm install --save-dev with its folder or .tgz, as holodeck init prints it)`,
      );
      expect(validate.stderr).not.toContain('Require stack');
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });

  it('fails the turn whose tool call has the wrong argument, naming it', async () => {
    expect((await cli(['init', 'shop'])).code).toBe(0);
    server = await startFakeModelServer(shopScript(500));
    const report = join(base, 'shop', 'report.json');
    const run = await cli(['test', 'shop', '--output', report], { OLLAMA_HOST: server.url });
    expect(run.code).toBe(1);
    const turns = (JSON.parse(await readFile(report, 'utf8')) as RunReport).results[0]!.turns!;
    expect(turns.map((t) => t.passed)).toEqual([true, false]);
    expect(turns[1]!.arg_match_details[0]).toMatchObject({ tool: 'calculator', passed: false });
    expect(turns[1]!.arg_match_details[0]!.reason).toMatch(/arg 'b' mismatch: expected 50, got 500/);
    expect(turns[1]!.metric_results.map((m) => [m.metric_name, m.passed])).toEqual([
      ['numeric', false],
      ['uses_tool_result', true],
    ]);
    expect(run.stdout).toMatch(/✗ laptop-with-voucher.*turn 2\/2/);
  });

  it('refuses to write over an existing project: exit 2, every file named, nothing changed', async () => {
    expect((await cli(['init', 'shop'])).code).toBe(0);
    const dir = join(base, 'shop');
    await writeFile(join(dir, 'agent.yaml'), 'name: my-own-work\n');
    const before = await snapshot(dir);
    const again = await cli(['init', 'shop', '--provider', 'openai']);
    expect(again.code).toBe(2);
    expect(again.stdout).toBe('');
    expect(again.stderr).toContain(`these files already exist in ${dir}:`);
    // A .gitignore is kept and extended, never a reason to refuse.
    for (const file of PROJECT_FILES.filter((name) => name !== '.gitignore')) {
      expect(again.stderr).toContain(`\n  ${file}\n`);
    }
    expect(again.stderr).not.toContain('.gitignore');
    expect(await snapshot(dir)).toEqual(before);
  });

  it("writes into a repository's folder that has a .gitignore, adding only the lines it lacks", async () => {
    const dir = join(base, 'repo');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, '.gitignore'), 'node_modules/\ncoverage/\n');
    const run = await cli(['init', 'repo']);
    expect(run.code, run.stderr).toBe(0);
    expect(await readFile(join(dir, '.gitignore'), 'utf8')).toBe('node_modules/\ncoverage/\nresults/\n');
    expect(run.stdout).toMatch(/\.gitignore +keeps run records out of git \(yours, with results\/ added\)/);
    expect(existsSync(join(dir, 'agent.yaml'))).toBe(true);
  });

  it('refuses an unknown --provider and a blank --model before touching the disk', async () => {
    const bad = await cli(['init', 'shop', '--provider', 'gemini']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown provider "gemini" for --provider; use one of ollama, openai, anthropic');
    const blank = await cli(['init', 'shop', '--model', ' ']);
    expect(blank.code).toBe(2);
    expect(blank.stderr).toContain('--model is blank');
    expect(existsSync(join(base, 'shop'))).toBe(false);
    const noFolder = await cli(['init', '']);
    expect(noFolder.code).toBe(2);
    expect(noFolder.stderr).toContain('the folder name is blank');
    expect(existsSync(join(base, 'agent.yaml'))).toBe(false);
  });

  it('exits 2 on a folder it cannot write, leaving nothing behind', async () => {
    const locked = join(base, 'locked');
    await mkdir(locked);
    await chmod(base, 0o755);
    await chmod(locked, 0o555);
    // root writes anywhere: run the CLI as `nobody` then.
    const asRoot = process.getuid?.() === 0;
    const run = spawnSync(process.execPath, [CLI_PATH, 'init', join(locked, 'shop')], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
    });
    await chmod(locked, 0o755);
    if (
      asRoot &&
      run.status !== 2 &&
      /Cannot find module|EACCES/.test(run.stderr) &&
      !run.stderr.startsWith('error:')
    ) {
      throw new Error(
        `run as root, this test runs the CLI as \`nobody\`, who cannot read ${CLI_PATH}: run the tests from a ` +
          `folder other users can read (the CI's copy is one), or as another user.\n${run.stderr}`,
      );
    }
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`error: cannot write ${join(locked, 'shop')}: permission denied; nothing was written\n`);
    expect(await readdir(locked)).toEqual([]);
  });

  const keyed: readonly [ProviderName, Record<string, string>][] = [
    ['openai', { OPENAI_API_KEY: 'sk-test' }],
    ['anthropic', { ANTHROPIC_API_KEY: 'sk-ant-test' }],
    ['azure_openai', { AZURE_OPENAI_API_KEY: 'test', AZURE_OPENAI_ENDPOINT: 'https://r.openai.azure.com' }],
    ['openai_compatible', {}],
  ];

  it.each(keyed)('writes a %s project that validates once its key is set', async (provider, env) => {
    const init = await cli(['init', provider, '--provider', provider]);
    expect(init.code).toBe(0);
    for (const name of Object.keys(env)) expect(init.stdout).toMatch(new RegExp(`^ {2}export .*\\b${name}=`, 'm'));
    const validate = await cli(['validate', provider], env);
    expect(validate.stderr).toBe('');
    expect(validate.code).toBe(0);
    expect(validate.stdout).toContain(`model ${provider}:`);
  });

  it('keeps ollama for --model alone, and names the missing key when validate runs without it', async () => {
    expect((await cli(['init', 'local', '--model', 'qwen2.5:7b'])).code).toBe(0);
    const local = await cli(['validate', 'local']);
    expect(local.stdout).toContain('model ollama:qwen2.5:7b');
    expect((await cli(['init', 'hosted', '--provider', 'openai'])).code).toBe(0);
    const noKey = await cli(['validate', 'hosted']);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('OPENAI_API_KEY');
  });

  it('names both the endpoint and the key an Azure project lacks, in one validate', async () => {
    expect((await cli(['init', 'azure', '--provider', 'azure_openai'])).code).toBe(0);
    const bare = await cli(['validate', 'azure']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('2 configuration errors');
    expect(bare.stderr).toContain('provider azure_openai needs an endpoint');
    expect(bare.stderr).toContain('AZURE_OPENAI_ENDPOINT');
    expect(bare.stderr).toContain('no API key for provider azure_openai');
  });
});

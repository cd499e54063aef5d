/**
 * `backend: claude_agent_sdk` without the optional SDK installed exits 2 with the exact install command, in
 * `validate` as in `test`; so does a `builtin_tools` entry the SDK does not know.
 * The CLI runs from a copy of dist/ whose node_modules links every installed package but the SDK.
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_PATH, REPO_ROOT } from '../helpers/run-cli.js';

async function installWithoutSdk(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'holodeck-no-sdk-'));
  await cp(join(REPO_ROOT, 'dist'), join(root, 'dist'), { recursive: true });
  await cp(join(REPO_ROOT, 'package.json'), join(root, 'package.json'));
  const modules = join(root, 'node_modules');
  await mkdir(join(modules, '@anthropic-ai'), { recursive: true });
  for (const entry of await readdir(join(REPO_ROOT, 'node_modules'))) {
    if (entry === '@anthropic-ai') continue;
    await symlink(join(REPO_ROOT, 'node_modules', entry), join(modules, entry));
  }
  for (const entry of await readdir(join(REPO_ROOT, 'node_modules', '@anthropic-ai'))) {
    if (entry.startsWith('claude-agent-sdk')) continue;
    await symlink(join(REPO_ROOT, 'node_modules', '@anthropic-ai', entry), join(modules, '@anthropic-ai', entry));
  }
  return root;
}

describe('the claude_agent_sdk backend without its SDK', () => {
  it('exits 2 with the exact install command', async () => {
    const root = await installWithoutSdk();
    await writeFile(
      join(root, 'agent.yaml'),
      'name: claude\nmodel: { provider: anthropic, name: claude-sonnet-4-5, api_key: sk-ant-test }\nbackend: claude_agent_sdk\ntest_cases:\n  - { name: a, input: hi }\n',
    );
    const run = spawnSync(process.execPath, [join(root, 'dist/cli/main.js'), 'test', join(root, 'agent.yaml')], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toContain('npm install @anthropic-ai/claude-agent-sdk@0.3.334');
    expect(run.status).toBe(2);
    // validate says so too: a valid configuration is one that runs.
    const validate = spawnSync(
      process.execPath,
      [join(root, 'dist/cli/main.js'), 'validate', join(root, 'agent.yaml')],
      {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(validate.stderr).toContain('npm install @anthropic-ai/claude-agent-sdk@0.3.334');
    expect(validate.status).toBe(2);
  });

  it('refuses unknown builtin_tools and an endpoint with a query in validate and test alike (exit 2), before any model call', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-builtin-'));
    /** `validate` and `test` of the config with this model and backend: each exits 2 with what it said. */
    const both = async (model: string, backend: string): Promise<string[]> => {
      await writeFile(
        join(dir, 'agent.yaml'),
        `name: claude\nmodel: { provider: anthropic, name: claude-sonnet-4-5, api_key: sk-ant-test, ${model} }\n` +
          `backend: ${backend}\ntest_cases:\n  - { name: a, input: hi }\n`,
      );
      return ['validate', 'test'].map((command) => {
        const run = spawnSync(process.execPath, [CLI_PATH, command, join(dir, 'agent.yaml')], {
          cwd: dir,
          encoding: 'utf8',
          timeout: 60_000,
        });
        expect(run.status, `${command}: ${run.stderr}`).toBe(2);
        return run.stderr;
      });
    };
    for (const said of await both(
      'endpoint: "http://127.0.0.1:9"',
      '{ claude_agent_sdk: { builtin_tools: [Raed, Bash] } }',
    )) {
      // Located at the list, with the closest name Claude Code knows.
      expect(said).toMatch(
        /agent\.yaml:3:\d+ +backend\.claude_agent_sdk\.builtin_tools\n +unknown Claude Code built-in tool `Raed` — did you mean `Read`\?/,
      );
    }
    // A model matrix checks them as one run does.
    const matrix = spawnSync(
      process.execPath,
      [CLI_PATH, 'test', join(dir, 'agent.yaml'), '--model', 'anthropic:a', '--model', 'anthropic:b'],
      { cwd: dir, encoding: 'utf8', timeout: 60_000 },
    );
    expect(matrix.status).toBe(2);
    expect(matrix.stderr).toMatch(
      /^1 configuration error:\n\n.*agent\.yaml:3:\d+ +backend\.claude_agent_sdk\.builtin_tools\n +unknown Claude Code built-in tool `Raed` — did you mean `Read`\?/,
    );
    // An endpoint with a query string, which Claude Code would send with its API paths after it.
    for (const said of await both('endpoint: "http://127.0.0.1:9/v1?token=QSECRET"', 'claude_agent_sdk')) {
      // Located at the endpoint, as a configuration error said with the others.
      expect(said).toMatch(
        /agent\.yaml:2:\d+ +model\.endpoint\n +the endpoint has a query string, which backend claude_agent_sdk cannot send/,
      );
      expect(said).not.toContain('QSECRET');
    }
  });
});

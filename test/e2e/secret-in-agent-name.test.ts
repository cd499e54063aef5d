/**
 * The agent's name names its history's folder on disk, where no mask can follow: a secret the name takes from
 * the environment is masked before it does, and `test view` finds the runs under the same folder.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const SECRET = 'sk-test-secret-abcdef123456';

describe('a secret in the agent name', () => {
  it('is masked in the results folder name, and `test view` exports that folder', async () => {
    const dir = await writeProject({
      'agent.mjs': 'export function create() { return { send: () => "ok" }; }\n',
      'agent.yaml': `name: "team \${OPENAI_API_KEY}"
backend: { module: "agent.mjs:create" }
test_cases:
  - { name: a, input: hello, ground_truth: ok }
`,
    });
    const env = { OPENAI_API_KEY: SECRET };
    const run = await runCli(['test', 'agent.yaml'], { cwd: dir, env });
    expect(run.code, run.stderr).toBe(0);
    expect(await readdir(join(dir, 'results'))).toEqual(['team-openai-api-key']);
    const exported = await runCli(['test', 'view', 'agent.yaml', '--export', 'report.html'], { cwd: dir, env });
    expect(exported.code, exported.stderr).toBe(0);
    const page = await readFile(join(dir, 'report.html'), 'utf8');
    expect(page).toContain('team ***OPENAI_API_KEY');
    expect(page).not.toContain(SECRET);
  });

  it('is masked when only the configuration makes it a secret (the value its api_key takes)', async () => {
    const dir = await writeProject({
      'agent.mjs': 'export function create() { return { send: () => "ok" }; }\n',
      'agent.yaml': `name: "bot \${MYCRED}"
backend: { module: "agent.mjs:create" }
model: { provider: openai, name: m, api_key: "\${MYCRED}" }
test_cases:
  - { name: a, input: hello, ground_truth: ok }
`,
    });
    const run = await runCli(['test', 'agent.yaml'], { cwd: dir, env: { MYCRED: 'zq7Xv93KdLmP04rTyUw8' } });
    expect(run.code, run.stderr).toBe(0);
    const [folder = ''] = await readdir(join(dir, 'results'));
    expect(folder).not.toMatch(/zq7x/i);
    expect(folder).toBe('bot-mycred');
  });
});

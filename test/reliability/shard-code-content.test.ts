/**
 * Shards of one suite that ran other code or files — a tool's module, a code grader's or an attached file changed
 * between the jobs (a retried job on a newer image) — are refused by merge-reports, and shards that ran the same
 * bytes merge.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeProject } from '../e2e/e2e-project.js';
import { createModelMatrixScript } from '../fakes/model-matrix-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { startCli } from './cli-process.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const FILES = {
  'tools.mjs': 'export const echo = ({ text }) => text;\n',
  'grader.mjs': 'export const grade = () => ({ score: 1 });\n',
  'notes.txt': 'the filing says 12\n',
};

async function project(delayMs = 0): Promise<string> {
  server = await startFakeModelServer(
    createModelMatrixScript({ answers: { a: '1', b: '2', c: '3' }, delay_ms: { m: delayMs } }),
  );
  return writeProject({
    ...FILES,
    'agent.yaml': `name: code
model: { provider: openai_compatible, name: m, endpoint: "${server.url}/v1" }
tools:
  - { name: echo, type: function, file: tools.mjs, parameters: { type: object, properties: { text: { type: string } } } }
evaluations: { metrics: [{ type: code, grader: "grader.mjs:grade" }] }
test_cases:
  - { name: a, input: a, ground_truth: "1", files: [{ path: notes.txt, type: text }] }
  - { name: b, input: b, ground_truth: "2" }
  - { name: c, input: c, ground_truth: "3" }
`,
  });
}

const shard = (dir: string, index: number, into: string) =>
  runCli(['test', dir, '-q', '--shard', `${index}/2`, '--results-dir', into], { cwd: dir });

describe('merge-reports over shards that ran other code or files', () => {
  for (const [file, changed] of [
    ['tools.mjs', "export const echo = ({ text }) => text + '!';\n"],
    ['grader.mjs', 'export const grade = () => ({ score: 0 });\n'],
    ['notes.txt', 'the filing says 13\n'],
  ] as const) {
    it(`refuses shards between which ${file} changed, and merges shards that ran the same bytes`, {
      timeout: 60_000,
    }, async () => {
      const dir = await project();
      expect((await shard(dir, 1, 'one')).code).toBeLessThan(2);
      expect((await shard(dir, 2, 'same')).code).toBeLessThan(2);
      await writeFile(join(dir, file), changed);
      expect((await shard(dir, 2, 'changed')).code).toBeLessThan(2);

      const refused = await runCli(['merge-reports', 'one', 'changed'], { cwd: dir });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(
        /ran different versions of the suite: .*the files of its tools, code graders, module agent or attachments/,
      );
      const merged = await runCli(['merge-reports', 'one', 'same', '-q'], { cwd: dir });
      expect(merged.code, merged.stderr).toBe(0);
      expect(await readdir(join(dir, 'results', 'code'))).toHaveLength(1);
    });
  }

  it('refuses to resume a shard after its files changed: its record would be of two versions', {
    timeout: 60_000,
  }, async () => {
    const dir = await project(700);
    const stopped = startCli(
      ['test', dir, '-j', '1', '--grace-period', '0', '--shard', '1/2', '--results-dir', 'one'],
      { cwd: dir },
    );
    await stopped.waitForLines(/^[✓✗] a/, 1, 30_000);
    stopped.child.kill('SIGINT');
    expect((await stopped.exited).code).toBe(130);
    await writeFile(join(dir, 'tools.mjs'), "export const echo = ({ text }) => text + '!';\n");
    const resumed = await runCli(['test', dir, '--resume', '--results-dir', 'one'], { cwd: dir });
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toContain(
      "the files of the suite's function tools, code graders, module agent or attachments changed since the shard",
    );
    await writeFile(join(dir, 'tools.mjs'), FILES['tools.mjs']);
    const again = await runCli(['test', dir, '--resume', '--results-dir', 'one', '-q'], { cwd: dir });
    expect(again.code, again.stderr).toBeLessThan(2);
  });

  it('hashes a tool loaded by package name: its entry file changed between shards is refused', {
    timeout: 60_000,
  }, async () => {
    const dir = await project();
    const pkg = join(dir, 'node_modules', 'mytools');
    await mkdir(pkg, { recursive: true });
    await writeFile(join(pkg, 'package.json'), '{ "name": "mytools", "type": "module", "main": "index.js" }\n');
    await writeFile(join(pkg, 'index.js'), FILES['tools.mjs']);
    const yaml = join(dir, 'agent.yaml');
    await writeFile(yaml, (await readFile(yaml, 'utf8')).replace('file: tools.mjs', 'file: mytools'));
    expect((await shard(dir, 1, 'one')).code).toBeLessThan(2);
    await writeFile(join(pkg, 'index.js'), "export const echo = ({ text }) => text + '!';\n");
    expect((await shard(dir, 2, 'changed')).code).toBeLessThan(2);
    const refused = await runCli(['merge-reports', 'one', 'changed'], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/ran different versions of the suite/);
  });

  it("hashes a module agent's file: shards that ran another agent are refused", { timeout: 60_000 }, async () => {
    const agent = (answer: string) =>
      `export const create = () => ({ send: ({ input }) => ({ a: '1', b: '2', c: '3' })[input] ?? '${answer}' });\n`;
    const dir = await writeProject({
      'agent.mjs': agent('?'),
      'agent.yaml': `name: code
model: { provider: openai, name: m }
backend: { module: "agent.mjs:create" }
evaluations: { metrics: [{ type: standard, metric: equality }] }
test_cases:
  - { name: a, input: a, ground_truth: "1" }
  - { name: b, input: b, ground_truth: "2" }
  - { name: c, input: c, ground_truth: "3" }
`,
    });
    expect((await shard(dir, 1, 'one')).code).toBe(0);
    expect((await shard(dir, 2, 'same')).code).toBe(0);
    await writeFile(join(dir, 'agent.mjs'), agent('!'));
    expect((await shard(dir, 2, 'changed')).code).toBe(0);
    const refused = await runCli(['merge-reports', 'one', 'changed'], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/ran different versions of the suite/);
    const merged = await runCli(['merge-reports', 'one', 'same', '-q'], { cwd: dir });
    expect(merged.code, merged.stderr).toBe(0);
  });
});

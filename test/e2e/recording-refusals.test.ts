/**
 * What `--record`, `--replay`, `--cache-dir` and `holodeck cache clear` refuse through the built CLI, before any
 * model is called (exit 2): an empty or repeated `--cache-dir`, a cache folder whose answers' folder is a
 * file, a cassette to record over a run record, and a cassette to replay that holds no request.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, writeProject } from './e2e-project.js';

let server: FakeModelServer;
let dir: string;
beforeAll(async () => {
  server = await startFakeModelServer(() => answer('42'));
  dir = await writeProject({
    'agent.yaml': `name: refusals
${modelBlock('openai', server.url)}
test_cases: [{ name: a, input: six times seven? }]
`,
  });
});
afterAll(() => server.close());

describe('recording refusals', () => {
  it('refuses an empty --cache-dir (it would be the current folder) and one given twice with different values', async () => {
    const twice = '--cache-dir is given twice, with different values: give it once';
    const empty = "option '--cache-dir <dir>' argument '' is invalid. expected a folder, not an empty value";
    for (const args of [
      ['test', dir, '--cache', '--cache-dir='],
      ['test', dir, '--cache', '--cache-dir', ''],
      ['cache', 'clear', '--cache-dir='],
    ]) {
      const run = await runCli(args, { cwd: dir });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain(empty);
    }
    for (const args of [
      ['test', dir, '--cache', '--cache-dir', join(dir, 'a'), '--cache-dir', join(dir, 'b')],
      ['cache', 'clear', '--cache-dir', join(dir, 'a'), '--cache-dir', join(dir, 'b')],
    ]) {
      const run = await runCli(args, { cwd: dir });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain(twice);
    }
    expect(server.requests).toHaveLength(0);
    // The same folder twice says nothing different: it is the cache folder.
    const same = await runCli(['test', dir, '--cache', '--cache-dir', join(dir, 'c'), '--cache-dir', join(dir, 'c')], {
      cwd: dir,
    });
    expect(same.code, same.stderr).toBe(0);
    expect(same.stderr).toContain(`cache ${join(dir, 'c')}: 0 model requests answered from the cache, 1 stored`);
  });

  it('refuses to clear a cache whose answers folder is a file, as test --cache refuses to write it (exit 2)', async () => {
    const cacheDir = join(dir, 'cache-with-file');
    await mkdir(cacheDir);
    await writeFile(join(cacheDir, 'responses'), 'not a folder\n');
    for (const [given, responses] of [
      [cacheDir, join(cacheDir, 'responses')],
      [join(cacheDir, 'responses', 'inner'), join(cacheDir, 'responses', 'inner', 'responses')],
    ]) {
      const cleared = await runCli(['cache', 'clear', '--cache-dir', given!]);
      expect(cleared.code).toBe(2);
      expect(cleared.stderr).toBe(
        `error: cannot clear cached answers in ${responses}: a part of the path is a file, not a folder\n`,
      );
      const run = await runCli(['test', dir, '--cache', '--cache-dir', given!]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `error: cannot write cached answers into ${responses}: a part of the path is a file, not a folder\n`,
      );
    }
    expect(await readFile(join(cacheDir, 'responses'), 'utf8')).toBe('not a folder\n');
  });

  it('refuses to record a cassette over a run record', async () => {
    const results = join(dir, 'results', 'refusals');
    await mkdir(results, { recursive: true });
    const record = join(results, '2026-12-02T12-30-05-123Z.json');
    await writeFile(record, '{"kept": true}\n');
    server.reset();
    const run = await runCli(['test', dir, '--record', record]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `error: cannot write the cassette ${record}: its name is that of a run record, whose run's history it would replace — choose another file name\n`,
    );
    expect(await readFile(record, 'utf8')).toBe('{"kept": true}\n');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses to replay a cassette that holds no request, in a run and in a dry run', async () => {
    const empty = join(dir, 'empty.jsonl');
    await writeFile(empty, '\n');
    for (const extra of [[], ['--dry-run']]) {
      const run = await runCli(['test', dir, '--replay', 'empty.jsonl', ...extra], { cwd: dir });
      expect(run.code, run.stdout).toBe(2);
      expect(run.stderr).toBe(
        'error: the cassette empty.jsonl holds no recorded requests: record it with --record first\n',
      );
    }
  });
});

/**
 * `--cache`, `execution.cache` and `holodeck cache clear` through the built CLI against the fake model server:
 * an unchanged suite costs no request the second time; sampled requests (temperature above 0) are cached only
 * with `--cache` on the command line; clearing the cache makes the next run ask the model again.
 */
import { mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { createConvFinQaScript } from '../fakes/convfinqa-script.js';
import { answer } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { writeModuleProject } from './cli-project.js';
import { JKHY_TURNS, modelBlock, TOOLS_BLOCK, writeProject } from './e2e-project.js';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(createConvFinQaScript());
});
afterAll(() => server.close());

function agentYaml(temperature: number, execution = ''): string {
  return `name: jkhy-cached
${modelBlock('openai', server.url).replace('temperature: 0', `temperature: ${temperature}`)}
instructions: { inline: "Answer with the number only. Use the tools." }
${TOOLS_BLOCK}
evaluations:
  metrics: [{ type: standard, metric: numeric, absolute_tolerance: 0.00001 }]
${execution}
test_cases:
  - name: JKHY-2009
${JKHY_TURNS}
`;
}

/** Runs the suite and returns how many requests reached the server, the run and its report. */
async function runCounted(dir: string, args: string[]) {
  server.reset();
  const report = join(dir, 'r.json');
  const run = await runCli(['test', dir, '--output', report, ...args]);
  const parsed = JSON.parse(await readFile(report, 'utf8')) as RunReport;
  return { requests: server.requests.length, run, report: parsed };
}

const verdicts = (report: RunReport) =>
  report.results[0]!.turns!.map((t) => [t.status, t.response, t.tool_calls, t.token_usage]);

describe('--cache', () => {
  it('answers an unchanged suite from the cache the second time: zero requests, same verdicts', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'holodeck-cache-'));
    const dir = await writeProject({ 'agent.yaml': agentYaml(0) });
    const first = await runCounted(dir, ['--cache', '--cache-dir', cacheDir]);
    expect(first.run.code, first.run.stderr).toBe(0);
    const n = first.requests;
    expect(n).toBeGreaterThanOrEqual(8); // 4 turns, each a tool call and an answer, turn 4 two tool calls
    expect(first.run.stderr).toContain(`cache ${cacheDir}: 0 model requests answered from the cache, ${n} stored`);
    const second = await runCounted(dir, ['--cache', '--cache-dir', cacheDir]);
    expect(second.run.code, second.run.stderr).toBe(0);
    expect(second.requests).toBe(0);
    expect(second.run.stderr).toContain(`cache ${cacheDir}: ${n} model requests answered from the cache, 0 stored`);
    expect(verdicts(second.report)).toEqual(verdicts(first.report));

    // What holodeck did not write there is left in place, and said.
    const stray = join(cacheDir, 'responses', 'survey-2024.csv');
    await writeFile(stray, 'data\n');
    const shard = (await readdir(join(cacheDir, 'responses'))).find((name) => /^[0-9a-f]{2}$/.test(name)) as string;
    await writeFile(join(cacheDir, 'responses', shard, 'notes.txt'), 'mine\n');
    const cleared = await runCli(['cache', 'clear', '--cache-dir', cacheDir]);
    expect(cleared.code).toBe(0);
    expect(cleared.stdout).toBe(`removed ${n} cached model answers from ${cacheDir}\n`);
    expect(cleared.stderr).toBe(
      `note: left 2 entries in ${join(cacheDir, 'responses')} that holodeck did not write: ${shard}/notes.txt, survey-2024.csv\n`,
    );
    expect(await readFile(stray, 'utf8')).toBe('data\n');
    expect(await readdir(join(cacheDir, 'responses', shard))).toEqual(['notes.txt']);
    const again = await runCli(['cache', 'clear', '--cache-dir', cacheDir]);
    expect(again.stdout).toBe(`the cache ${cacheDir} holds no model answers: nothing to remove\n`);
    expect((await runCounted(dir, ['--cache', '--cache-dir', cacheDir])).requests).toBe(n);
  });

  it.each([
    {
      bad: 'prose',
      text: 'The answer looks fine to me.',
      said: "could not be read: the judge's answer is not the JSON object asked for",
      asked: 2,
    },
    // JSON, but not what the schema asked for, or out of its bounds: asked once more, and kept neither time.
    { bad: 'a wrong shape', text: '{"verdict": "fine"}', said: 'answer.reasoning must be a string', asked: 2 },
    {
      bad: 'a score out of range',
      text: '{"score": 15, "reasoning": "very"}',
      said: 'answer.score must be an integer from 0 to 10, got 15',
      asked: 2,
    },
  ])('keeps no judge answer in $bad: a later run asks the judge again instead of failing as before', async (row) => {
    let judgeAnswers = 'bad';
    // The agent answers `hello`; the judge (asked for JSON) badly, then with its verdict (more fields are fine).
    const judged: unknown[] = [];
    const judge = await startFakeModelServer((request) => {
      if ((request.body as { response_format?: unknown }).response_format === undefined) return answer('hello');
      judged.push(request);
      return judgeAnswers === 'bad'
        ? { kind: 'answer', text: row.text }
        : { kind: 'answer', text: '{"score": 9, "reasoning": "matches", "confidence": "high"}' };
    });
    try {
      const cacheDir = await mkdtemp(join(tmpdir(), 'holodeck-cache-'));
      const dir = await writeProject({
        'agent.yaml': `name: judged
${modelBlock('openai', judge.url)}
instructions: { inline: "Repeat." }
evaluations:
  ${modelBlock('openai', judge.url).replaceAll('\n', '\n  ')}
  metrics: [{ type: geval, name: apt, criteria: "Is it apt?", evaluation_steps: ["Judge it."] }]
execution: { max_retries: 1 }
test_cases: [{ name: a, input: hello }]
`,
      });
      const args = ['test', dir, '--cache', '--cache-dir', cacheDir];
      const first = await runCli(args);
      expect(first.code).toBe(1);
      expect(first.stdout).toContain(row.said);
      expect(judged).toHaveLength(row.asked);
      // The agent's answer is kept; none of the judge's.
      expect(first.stderr).toContain(`cache ${cacheDir}: 0 model requests answered from the cache, 1 stored`);
      judgeAnswers = 'json';
      const second = await runCli(args);
      expect(second.code, second.stdout).toBe(0);
      expect(judged).toHaveLength(row.asked + 1);
      expect(second.stderr).toContain(`cache ${cacheDir}: 1 model request answered from the cache, 1 stored`);
      // The verdict with a field more was kept: the third run asks no one.
      const third = await runCli(args);
      expect(third.code, third.stdout).toBe(0);
      expect(judged).toHaveLength(row.asked + 1);
      expect(third.stderr).toContain(`cache ${cacheDir}: 2 model requests answered from the cache, 0 stored`);
    } finally {
      await judge.close();
    }
  });

  it('caches requests with temperature above 0 only when --cache is given, not for execution.cache alone', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'holodeck-cache-'));
    const dir = await writeProject({ 'agent.yaml': agentYaml(0.7, 'execution: { cache: true }') });
    const env = ['--cache-dir', cacheDir];
    const fromConfig = await runCounted(dir, env);
    expect(fromConfig.run.code, fromConfig.run.stderr).toBe(0);
    const n = fromConfig.requests;
    expect(fromConfig.run.stderr).toContain(
      `0 stored; ${n} not cached (temperature above 0 or unset: give --cache on the command line to cache them)`,
    );
    expect((await runCounted(dir, env)).requests).toBe(n);
    expect((await runCounted(dir, ['--cache', ...env])).requests).toBe(n);
    expect((await runCounted(dir, ['--cache', ...env])).requests).toBe(0);
  });

  it('keeps an answer per repeat (and per identical case): a cached run keeps the spread of the run that filled it', async () => {
    let asked = 0;
    // A sampled model: every second answer is wrong.
    const flaky = await startFakeModelServer(() => ({ kind: 'answer', text: asked++ % 2 === 0 ? '42' : '41' }));
    try {
      const cacheDir = await mkdtemp(join(tmpdir(), 'holodeck-cache-'));
      const yaml = `name: flaky\n${modelBlock('openai', flaky.url).replace('temperature: 0', 'temperature: 0.7')}
evaluations: { metrics: [{ type: standard, metric: equality }] }
test_cases:
  - { name: a, input: q, ground_truth: "42" }
  - { name: b, input: q, ground_truth: "42" }
`;
      const dir = await writeProject({ 'agent.yaml': yaml });
      const args = ['--repeat', '2', '-j', '1', '--cache', '--cache-dir', cacheDir];
      const passes = (report: RunReport) => report.results.map((result) => result.repeat_stats?.passed);
      const first = await runCli(['test', dir, '--output', join(dir, '1.json'), ...args]);
      expect(first.code).toBe(1);
      expect(first.stderr).toContain('0 model requests answered from the cache, 4 stored');
      const second = await runCli(['test', dir, '--output', join(dir, '2.json'), ...args]);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain('4 model requests answered from the cache, 0 stored');
      expect(flaky.requests).toHaveLength(4);
      const [one, two] = await Promise.all(
        ['1.json', '2.json'].map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as RunReport),
      );
      // Half of the four answers were right; which case got them depends on the order of the rounds.
      expect(passes(one!).reduce((sum, n) => (sum ?? 0) + (n ?? 0), 0)).toBe(2);
      expect(passes(two!)).toEqual(passes(one!));
      const cleared = await runCli(['cache', 'clear', '--cache-dir', cacheDir]);
      expect(cleared.stdout).toBe(`removed 4 cached model answers from ${cacheDir}\n`);
      expect(cleared.stderr).toBe('');
    } finally {
      await flaky.close();
    }
  });

  it('clears the answers of a responses folder linked elsewhere, and leaves the link', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'holodeck-cache-'));
    const elsewhere = await mkdtemp(join(tmpdir(), 'holodeck-answers-'));
    await mkdir(join(elsewhere, 'ab'));
    await writeFile(join(elsewhere, 'ab', `${'ab'.repeat(16)}.json`), '{}\n');
    await symlink(elsewhere, join(cacheDir, 'responses'));
    const cleared = await runCli(['cache', 'clear', '--cache-dir', cacheDir]);
    expect(cleared.stderr).toBe('');
    expect(cleared.code).toBe(0);
    expect(cleared.stdout).toBe(`removed 1 cached model answer from ${cacheDir}\n`);
    expect(await readdir(elsewhere)).toEqual([]);
    expect(await readdir(cacheDir)).toEqual(['responses']);
  });

  it('with execution.cache: true and temperature 0, the config alone turns the cache on', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'holodeck-cache-'));
    const dir = await writeProject({ 'agent.yaml': agentYaml(0, 'execution: { cache: true }') });
    expect((await runCounted(dir, ['--cache-dir', cacheDir])).requests).toBeGreaterThanOrEqual(8);
    expect((await runCounted(dir, ['--cache-dir', cacheDir])).requests).toBe(0);
  });

  it('refuses backends whose model calls it cannot see, and says why a cache cannot be cleared', async () => {
    const dir = await writeModuleProject([{ name: 'one', input: 'one' }]);
    const run = await runCli(['test', dir, '--cache']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'error: --cache is not supported with backend module: only ai_sdk agents (and their judges) can have their model calls recorded, replayed or cached',
    );
    const replay = await runCli(['test', dir, '--replay', join(dir, 'c.jsonl')]);
    expect(replay.code).toBe(2);
    expect(replay.stderr).toContain('error: --replay is not supported with backend module');
    // A matrix of the module agent itself is refused (it is given no model); on ai_sdk the cache is what is refused.
    const moduleMatrix = await runCli(['test', dir, '--model', 'openai:a', '--model', 'openai:b']);
    expect(moduleMatrix.code).toBe(2);
    expect(moduleMatrix.stderr).toContain('error: several --model run a model matrix, but a module agent');
    const matrix = await runCli([
      'test',
      dir,
      '--model',
      'openai:a',
      '--model',
      'openai:b',
      '--cache',
      '--backend',
      'ai_sdk',
    ]);
    expect(matrix.code).toBe(2);
    expect(matrix.stderr).toContain(
      'error: --record, --replay and --cache (execution.cache) work with one model at a time, not a model matrix',
    );
    const notAFolder = join(dir, 'agent.yaml');
    const clear = await runCli(['cache', 'clear', '--cache-dir', notAFolder]);
    expect(clear.code).toBe(2);
    expect(clear.stderr).toBe(
      `error: the cache folder ${notAFolder} is a file, not a folder: give --cache-dir a folder\n`,
    );
  });

  it('refuses a cache folder that cannot be made or written before any model call (exit 2)', async () => {
    const dir = await writeProject({ 'agent.yaml': agentYaml(0) });
    server.reset();
    for (const [cacheDir, why] of [
      ['/proc/holodeck-no-such', 'the folder cannot be created there'],
      [join(dir, 'agent.yaml'), 'a part of the path is a file, not a folder'],
    ]) {
      const run = await runCli(['test', dir, '--cache', '--cache-dir', cacheDir!]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(`error: cannot write cached answers into ${join(cacheDir!, 'responses')}: ${why}\n`);
    }
    expect(server.requests).toHaveLength(0);
  });
});

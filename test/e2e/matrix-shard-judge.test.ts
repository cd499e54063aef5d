/**
 * The shards of a model matrix merge only as one matrix judged by one judge: a shard's model resumed alone with
 * `--resume` keeps the matrix's judge (and merges with the other shards), shards judged by different judges are
 * refused naming the judges, and a model whose records are missing from every shard is named, not dropped.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeRequest } from '../fakes/fake-script.js';
import { createModelMatrixScript } from '../fakes/model-matrix-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { startCli } from '../reliability/cli-process.js';
import { writeProject } from './e2e-project.js';

const ANSWERS = { q1: '1', q2: '2', q3: '3', q4: '4', q5: '5', q6: '6' };
const MATRIX = ['--model', 'openai:good', '--model', 'openai:bad'];
const GEVAL = '{ type: geval, name: sense, criteria: "Sensible.", evaluation_steps: ["Check it."], threshold: 0.1 }';

function agentYaml(url: string, judge = ''): string {
  const cases = Object.entries(ANSWERS).map(([q, a]) => `  - { name: case-${q}, input: ${q}, ground_truth: "${a}" }`);
  return `name: mx
model: { provider: openai, name: good, endpoint: "${url}/v1", api_key: sk-test-0123456789 }
instructions: { inline: "Answer." }
evaluations:
${judge}  metrics: [{ type: standard, metric: equality }, ${GEVAL}]
test_cases:
${cases.join('\n')}
`;
}

const isJudge = (request: FakeRequest) => request.body['response_format'] !== undefined;

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** Judges answer at once; the agent's answers take `delay.ms` (the matrix script's answers, `bad` wrong on q2). */
const delay = { ms: 0 };
async function startProject(): Promise<string> {
  delay.ms = 0;
  const answer = createModelMatrixScript({ answers: ANSWERS, wrong: { bad: ['q2'] } });
  server = await startFakeModelServer(async (request) =>
    isJudge(request)
      ? { kind: 'answer', text: '{"reasoning":"fine","score":9}' }
      : { ...(await answer(request)), delay_ms: delay.ms },
  );
  return writeProject({ 'agent.yaml': agentYaml(server.url) });
}

async function recordsIn(folder: string): Promise<string[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.json')).map((name) => join(folder, name));
}

describe('merge-reports over a model matrix and its judge', () => {
  it('resumes an interrupted shard model by model with the matrix’s judge, and merges it with the others', {
    timeout: 120_000,
  }, async () => {
    const dir = await startProject();
    const first = await runCli(['test', 'agent.yaml', ...MATRIX, '--shard', '1/2', '-q', '--results-dir', 'mci/1'], {
      cwd: dir,
    });
    expect(first.code, first.stderr).toBe(1);
    // Shard 2/2 against a slow model: interrupted after a few answers.
    delay.ms = 400;
    const fake = server as FakeModelServer;
    fake.reset();
    const cli = startCli(['test', 'agent.yaml', ...MATRIX, '--shard', '2/2', '-j', '1', '--results-dir', 'mci/2'], {
      cwd: dir,
    });
    while (fake.requests.filter((r) => !isJudge(r)).length < 2) await new Promise((r) => setTimeout(r, 50));
    cli.child.kill('SIGINT');
    expect((await cli.exited).code, cli.stderr()).toBe(130);
    const resumes = [...cli.stderr().matchAll(/^run the rest with: holodeck (test .*)$/gm)].map((m) => m[1] as string);
    expect(resumes).toHaveLength(2);
    fake.reset();
    delay.ms = 0;
    for (const command of resumes) {
      const resumed = await runCli(command.split(' '), { cwd: dir });
      expect(resumed.code, resumed.stderr).toBeLessThan(2);
    }
    // Every judge call of the resumed runs went to the matrix's judge, not to the model resumed.
    const judged = fake.requests.filter(isJudge);
    expect(judged.length).toBeGreaterThan(0);
    expect(new Set(judged.map((request) => request.model))).toEqual(new Set(['good']));
    for (const path of await recordsIn(join(dir, 'mci', '2', 'mx'))) {
      const record = JSON.parse(await readFile(path, 'utf8'));
      expect(record.state).toBe('completed');
      expect(record.metadata.config_snapshot.evaluations.model.name).toBe('good');
    }
    const merge = await runCli(['merge-reports', 'mci', '--results-dir', 'm'], { cwd: dir });
    expect(merge.stderr).not.toMatch(/cannot merge/);
    expect(merge.code, merge.stderr).toBe(1);
    expect(merge.stdout).toMatch(/^ {2}case-q2 +✓ passed +✗ failed +← differs$/m);
  });

  it('refuses shards judged by different judges, naming the judges, not a change of the suite', {
    timeout: 60_000,
  }, async () => {
    const dir = await startProject();
    const shard = async (index: string) =>
      runCli(['test', 'agent.yaml', ...MATRIX, '--shard', `${index}/2`, '-q', '--results-dir', `ci/${index}`], {
        cwd: dir,
      });
    expect((await shard('1')).code).toBeLessThan(2);
    const url = server?.url ?? '';
    const judge = `  model: { provider: openai, name: other-judge, endpoint: "${url}/v1", api_key: sk-test-0123456789 }\n`;
    await writeFile(join(dir, 'agent.yaml'), agentYaml(url, judge));
    expect((await shard('2')).code).toBeLessThan(2);
    const merge = await runCli(['merge-reports', 'ci'], { cwd: dir });
    expect(merge.code).toBe(2);
    expect(merge.stderr).toMatch(
      /openai:good: \S+ was judged by openai:other-judge, \S+ by openai:good \(evaluations\.model/,
    );
    expect(merge.stderr).not.toMatch(/different versions of the suite/);
  });

  it('names a model of the matrix whose records are missing from every shard', { timeout: 60_000 }, async () => {
    const dir = await startProject();
    const three = [...MATRIX, '--model', 'openai:err'];
    for (const index of ['1', '2']) {
      const run = await runCli(
        ['test', 'agent.yaml', ...three, '--shard', `${index}/2`, '-q', '--results-dir', `ci/${index}`],
        {
          cwd: dir,
        },
      );
      expect(run.code).toBeLessThan(2);
    }
    const kept: string[] = [];
    for (const index of ['1', '2']) {
      for (const path of await recordsIn(join(dir, 'ci', index, 'mx'))) {
        const record = JSON.parse(await readFile(path, 'utf8'));
        if (record.metadata.model.name !== 'good') await rm(path);
        else kept.push(path);
      }
    }
    expect(kept).toHaveLength(2);
    const said =
      /openai:(bad|err): no record of this model is among the shards \(1\/2, 2\/2\), though their jobs ran it in a model matrix of openai:good, openai:bad, openai:err/g;
    const merge = await runCli(['merge-reports', 'ci'], { cwd: dir });
    expect(merge.code).toBe(2);
    expect([...merge.stderr.matchAll(said)].map((m) => m[1])).toEqual(['bad', 'err']);
    // Records that do not name the matrix's models: the --model options of their command line do.
    for (const path of kept) {
      const record = JSON.parse(await readFile(path, 'utf8'));
      delete record.metadata.comparison_models;
      await writeFile(path, JSON.stringify(record));
    }
    const older = await runCli(['merge-reports', 'ci'], { cwd: dir });
    expect(older.code).toBe(2);
    expect([...older.stderr.matchAll(said)].map((m) => m[1])).toEqual(['bad', 'err']);
  });
});

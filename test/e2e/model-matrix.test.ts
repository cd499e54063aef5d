/**
 * Issue 15 §3: a model matrix through the built CLI against one fake OpenAI server serving two model names
 * differently (gpt-bad answers two questions wrong): the suite runs once per model sharing the -j pool, the
 * console ends with the side-by-side table, `--output compare.md` writes it as Markdown, and each model's run
 * is recorded and tied by a comparison id. Then `holodeck compare` on those runs: exit 1 on the regression,
 * 0 without one, 2 for a run it cannot find or read.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import type { RunRecord } from '../../src/records/run-record.js';
import { createModelMatrixScript } from '../fakes/model-matrix-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { startCli } from '../reliability/cli-process.js';
import { writeProject } from './e2e-project.js';

const ANSWERS = {
  'capital of France?': 'Paris',
  'capital of Italy?': 'Rome',
  'capital of Japan?': 'Tokyo',
  'capital of Spain?': 'Madrid',
};
const WRONG = { 'gpt-bad': ['capital of Italy?', 'capital of Spain?'] };

function agentYaml(
  url: string,
  models = `model: { provider: openai, name: gpt-good, endpoint: "${url}/v1", api_key: sk-test-0123456789 }`,
) {
  return `name: capitals
${models}
instructions: { inline: "Answer with the city only." }
evaluations:
  metrics: [{ type: standard, metric: equality }]
test_cases:
  - { name: france, input: "capital of France?", ground_truth: Paris }
  - { name: italy, input: "capital of Italy?", ground_truth: Rome }
  - { name: japan, input: "capital of Japan?", ground_truth: Tokyo }
  - name: tour
    turns:
      - { input: "capital of France?", ground_truth: Paris }
      - { input: "capital of Spain?", ground_truth: Madrid }
`;
}

const MATRIX = ['--model', 'openai:gpt-good', '--model', 'openai:gpt-bad'];

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** The run records, oldest first as holodeck orders them: by the timestamp in the name, then the `-N` suffix. */
async function records(dir: string): Promise<{ path: string; json: RunRecord }[]> {
  const folder = join(dir, 'results', 'capitals');
  const order = (name: string) => {
    const [, stamp = '', attempt = '1'] = /^(.*?)(?:-(\d+))?\.json$/.exec(name) ?? [];
    return { stamp, attempt: Number(attempt) };
  };
  const names = (await readdir(folder))
    .filter((name) => name.endsWith('.json'))
    .sort((a, b) => {
      const [x, y] = [order(a), order(b)];
      return x.stamp < y.stamp ? -1 : x.stamp > y.stamp ? 1 : x.attempt - y.attempt;
    });
  return Promise.all(
    names.map(async (name) => ({
      path: join(folder, name),
      json: JSON.parse(await readFile(join(folder, name), 'utf8')),
    })),
  );
}

describe('model matrix', () => {
  it('runs the suite once per model, prints the side-by-side table, writes compare.md and one record per model', async () => {
    server = await startFakeModelServer(createModelMatrixScript({ answers: ANSWERS, wrong: WRONG }));
    const dir = await writeProject({ 'agent.yaml': agentYaml(server.url) });
    const run = await runCli(
      [
        'test',
        'agent.yaml',
        ...MATRIX,
        '-j',
        '2',
        '--output',
        'compare.md',
        '--output',
        'report.json',
        '--output',
        'report.html',
        '--output',
        'report.xml',
      ],
      {
        cwd: dir,
      },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const models = new Set(server.requests.map((request) => request.model));
    expect(models).toEqual(new Set(['gpt-good', 'gpt-bad']));
    // Each model's console report, in model order, then the table.
    expect(run.stdout.indexOf('── openai:gpt-good ──')).toBeLessThan(run.stdout.indexOf('── openai:gpt-bad ──'));
    const table = run.stdout.slice(run.stdout.indexOf('Model matrix'));
    expect(table).toMatch(/^Model matrix · 4 test cases × 2 models · comparison [0-9a-f-]{36}$/m);
    expect(table).toMatch(/^ {2}test case +openai:gpt-good +openai:gpt-bad$/m);
    expect(table).toMatch(/^ {2}france +✓ passed +✓ passed$/m);
    expect(table).toMatch(/^ {2}italy +✓ passed +✗ failed +← differs$/m);
    expect(table).toMatch(/^ {2}tour +✓ passed +✗ failed +← differs$/m);
    expect(table).toMatch(/^ {2}pass rate +100\.0% \(4\/4\) +50\.0% \(2\/4\)$/m);
    expect(table).toMatch(/^ {2}mean latency +\d+(ms|\.\ds) +\d+(ms|\.\ds)$/m);
    expect(table).toMatch(/^ {2}tokens +\d+ +\d+$/m);
    expect(table).toMatch(/^ {2}cost +unknown +unknown$/m);
    expect(table).toMatch(/^comparison +compare\.md$/m);

    const markdown = await readFile(join(dir, 'compare.md'), 'utf8');
    expect(markdown).toContain('| Test case | `openai:gpt-good` | `openai:gpt-bad` |');
    expect(markdown).toContain('| italy | ✅ passed | ❌ failed |');
    expect(markdown).toContain('| france | ✅ passed | ✅ passed |');
    expect(markdown).toContain('| pass rate | 100.0% (4/4) | 50.0% (2/4) |');

    const good = JSON.parse(await readFile(join(dir, 'report.openai-gpt-good.json'), 'utf8')) as RunReport;
    const bad = JSON.parse(await readFile(join(dir, 'report.openai-gpt-bad.json'), 'utf8')) as RunReport;
    expect(good.summary).toMatchObject({ total_tests: 4, passed: 4 });
    expect(bad.summary).toMatchObject({ total_tests: 4, passed: 2 });
    expect(good.comparison_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(bad.comparison_id).toBe(good.comparison_id);
    // Each model's reports say whose they are: in the JSON, and in the JUnit suite's name and properties.
    expect([good.model, bad.model]).toEqual(['openai:gpt-good', 'openai:gpt-bad']);
    const junit = await readFile(join(dir, 'report.openai-gpt-bad.xml'), 'utf8');
    expect(junit).toContain('<testsuite name="capitals (openai:gpt-bad)"');
    expect(junit).toContain('<property name="model" value="openai:gpt-bad"/>');
    for (const name of ['report.openai-gpt-good.html', 'report.openai-gpt-bad.html']) {
      expect(await readFile(join(dir, name), 'utf8')).toMatch(/^<!doctype html>/i);
    }
    const saved = await records(dir);
    expect(saved.map((record) => record.json.metadata.model?.name).sort()).toEqual(['gpt-bad', 'gpt-good']);
    for (const record of saved) {
      expect(record.json.metadata.comparison_id).toBe(good.comparison_id);
      expect(record.json.report.comparison_id).toBe(good.comparison_id);
      expect(record.json.report.model).toBe(`openai:${record.json.metadata.model?.name}`);
    }
  });

  it('shares the -j pool between the models: -j 2 means two cases in flight, not two per model', async () => {
    let inFlight = 0;
    let most = 0;
    const answer = createModelMatrixScript({ answers: ANSWERS });
    server = await startFakeModelServer(async (request) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 60));
      inFlight -= 1;
      return answer(request);
    });
    const dir = await writeProject({ 'agent.yaml': agentYaml(server.url) });
    const run = await runCli(['test', 'agent.yaml', ...MATRIX, '-j', '2', '-q'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(server.requests.length).toBe(10);
    expect(most).toBe(2);
  });

  it('--last-failed after a matrix follows the history of each model it runs', async () => {
    server = await startFakeModelServer(createModelMatrixScript({ answers: ANSWERS, wrong: WRONG }));
    const dir = await writeProject({ 'agent.yaml': agentYaml(server.url) });
    // gpt-good's run is the newest record; gpt-bad's, beside it, failed two cases.
    const first = ['test', 'agent.yaml', '--model', 'openai:gpt-bad', '--model', 'openai:gpt-good', '-q'];
    expect((await runCli(first, { cwd: dir })).code).toBe(1);
    // The configured model, gpt-good, failed nothing in its run of the matrix.
    const good = await runCli(['test', 'agent.yaml', '--last-failed', '-q'], { cwd: dir });
    expect(good.code, good.stderr).toBe(0);
    expect(good.stderr).toMatch(
      /^no test case failed in the latest run on openai:gpt-good \(capitals\/\S+\); nothing to run$/m,
    );
    // A matrix again: each model its own failures, and a model with none does not run.
    const again = await runCli(['test', 'agent.yaml', '--last-failed', ...MATRIX, '--output', 'again.json', '-q'], {
      cwd: dir,
    });
    // gpt-bad still answers them wrong.
    expect(again.code, again.stderr).toBe(1);
    expect(again.stderr).toMatch(
      /^no test case failed in the latest run on openai:gpt-good \(capitals\/\S+\); that model does not run$/m,
    );
    expect(again.stderr).toMatch(/^running the 2 test cases that failed on openai:gpt-bad in capitals\/\S+$/m);
    const report = JSON.parse(await readFile(join(dir, 'again.openai-gpt-bad.json'), 'utf8')) as RunReport;
    expect(report.results.map((result) => result.test_name)).toEqual(['italy', 'tour']);
  });

  it("repeats each model's cases with --repeat, in the same shared pool", async () => {
    server = await startFakeModelServer(createModelMatrixScript({ answers: ANSWERS, wrong: WRONG }));
    const dir = await writeProject({ 'agent.yaml': agentYaml(server.url) });
    const run = await runCli(
      ['test', 'agent.yaml', ...MATRIX, '--repeat', '2', '-j', '3', '-q', '--output', 'r.json'],
      {
        cwd: dir,
      },
    );
    expect(run.code).toBe(1);
    expect(server.requests.length).toBe(2 * 2 * 5);
    const bad = JSON.parse(await readFile(join(dir, 'r.openai-gpt-bad.json'), 'utf8')) as RunReport;
    expect(bad.summary).toMatchObject({ total_tests: 4, passed: 2, repeats: 2 });
    expect(run.stdout).toMatch(/^ {2}italy +✓ passed 2\/2 +✗ failed 0\/2 +← differs$/m);
  });

  it('reads models: from agent.yaml, each block whole (its own endpoint)', async () => {
    server = await startFakeModelServer(createModelMatrixScript({ answers: ANSWERS, wrong: WRONG }));
    const other = await startFakeModelServer(createModelMatrixScript({ answers: ANSWERS }));
    try {
      const models = `models:
  - { provider: openai, name: gpt-good, endpoint: "${server.url}/v1", api_key: sk-test-0123456789,
      pricing: { input_per_mtok: 1000, output_per_mtok: 2000 } }
  - { provider: openai, name: gpt-bad, endpoint: "${other.url}/v1", api_key: sk-test-0123456789 }`;
      const dir = await writeProject({ 'agent.yaml': agentYaml(server.url, models) });
      const run = await runCli(['test', 'agent.yaml'], { cwd: dir });
      expect(run.stderr).toBe('');
      // gpt-bad is asked on the other server, which answers every question right.
      expect(run.code).toBe(0);
      expect(new Set(server.requests.map((request) => request.model))).toEqual(new Set(['gpt-good']));
      expect(new Set(other.requests.map((request) => request.model))).toEqual(new Set(['gpt-bad']));
      expect(run.stdout).toMatch(/^ {2}pass rate +100\.0% \(4\/4\) +100\.0% \(4\/4\)$/m);
      // gpt-good has a price (its block's pricing:), gpt-bad none: its cost is unknown, never $0.
      expect(run.stdout).toMatch(/^ {2}cost +\$0\.\d+ +unknown$/m);
    } finally {
      await other.close();
    }
  });

  it('refuses a model given twice, --resume, a model without its key and a results folder it cannot write, before any model call (exit 2)', async () => {
    server = await startFakeModelServer(createModelMatrixScript({ answers: ANSWERS }));
    const dir = await writeProject({ 'agent.yaml': agentYaml(server.url) });
    const twice = await runCli(['test', 'agent.yaml', '--model', 'openai:a', '--model', 'openai:a'], { cwd: dir });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toBe('error: --model openai:a is given twice: each model of a matrix runs the suite once\n');
    const resume = await runCli(['test', 'agent.yaml', ...MATRIX, '--resume'], { cwd: dir });
    expect(resume.code).toBe(2);
    expect(resume.stderr).toMatch(/^error: --resume continues one run, and a model matrix leaves one run per model/);
    const noKey = await runCli(['test', 'agent.yaml', '--model', 'openai:gpt-good', '--model', 'anthropic:claude-x'], {
      cwd: dir,
      env: { ANTHROPIC_API_KEY: undefined },
    });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('ANTHROPIC_API_KEY');
    const dryRun = await runCli(['test', 'agent.yaml', ...MATRIX, '--dry-run'], { cwd: dir });
    expect(dryRun.code).toBe(2);
    expect(dryRun.stderr).toBe(
      'error: --dry-run plans or budgets one run: give one --model (a model matrix runs one per model)\n',
    );
    const budget = await runCli(['test', 'agent.yaml', ...MATRIX, '--max-cost', '1'], { cwd: dir });
    expect(budget.code).toBe(2);
    expect(budget.stderr).toContain('error: --max-cost plans or budgets one run');
    await writeFile(join(dir, 'file'), 'x');
    const unwritable = await runCli(['test', 'agent.yaml', ...MATRIX, '--results-dir', 'file/results'], { cwd: dir });
    expect(unwritable.code).toBe(2);
    expect(unwritable.stderr).toBe(
      `error: cannot write the run record into ${join(dir, 'file', 'results', 'capitals')}: a part of the path is a file, not a folder\n`,
    );
    expect(server.requests.length).toBe(0);
  });
});

describe('validate with models:', () => {
  it('checks every model as test would, locating the one that cannot run', async () => {
    const models = `models:
  - { provider: openai, name: gpt-good, endpoint: "http://127.0.0.1:9/v1", api_key: sk-test-0123456789 }
  - { provider: anthropic, name: claude-x }`;
    const dir = await writeProject({ 'agent.yaml': agentYaml('http://127.0.0.1:9', models) });
    const message =
      '1 configuration error:\n\nagent.yaml:4:5  models[1]\n  no API key for provider anthropic (model claude-x) — ' +
      'set the ANTHROPIC_API_KEY environment variable, or api_key: $' +
      '{ANTHROPIC_API_KEY} in models[1]\n\n';
    for (const command of ['validate', 'test']) {
      const run = await runCli([command, 'agent.yaml'], { cwd: dir, env: { ANTHROPIC_API_KEY: undefined } });
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(message);
    }
    const valid = await runCli(['validate', 'agent.yaml'], { cwd: dir, env: { ANTHROPIC_API_KEY: 'sk-ant-test' } });
    expect(valid.code).toBe(0);
    expect(valid.stdout).toContain('backend ai_sdk, models openai:gpt-good, anthropic:claude-x\n');
  });
});

describe('interrupting a model matrix', () => {
  it("saves each model's finished cases, exits 130 and prints the command that resumes each model", {
    timeout: 60_000,
  }, async () => {
    const answer = createModelMatrixScript({ answers: ANSWERS, wrong: WRONG });
    server = await startFakeModelServer(async (request) => ({ ...(await answer(request)), delay_ms: 400 }));
    const dir = await writeProject({ 'agent.yaml': agentYaml(server.url) });
    const outputs = ['--output', 'run.html', '--output', 'compare.md'];
    const cli = startCli(['test', 'agent.yaml', ...MATRIX, '-j', '1', ...outputs], { cwd: dir });
    while (server.requests.length < 3) await new Promise((resolve) => setTimeout(resolve, 50));
    cli.child.kill('SIGINT');
    const exit = await cli.exited;
    expect(exit.code, cli.stderr()).toBe(130);
    // The table and the comparison's Markdown say which models stopped early, and how many cases did not run.
    expect(cli.stdoutLines().join('\n')).toMatch(
      /^openai:gpt-bad was interrupted: \d of its 4 test cases did not run$/m,
    );
    expect(await readFile(join(dir, 'compare.md'), 'utf8')).toMatch(
      /^> ⚠️ openai:gpt-bad was interrupted: \d of its 4 test cases did not run/m,
    );
    // Each model's HTML report is written, of its run as it stopped.
    for (const model of ['gpt-good', 'gpt-bad']) {
      expect(await readFile(join(dir, `run.openai-${model}.html`), 'utf8')).toMatch(/"state":"interrupted"/);
    }
    expect(server.requests.length).toBeLessThan(10);
    const resumes = [...cli.stderr().matchAll(/^run the rest with: (holodeck test .*)$/gm)].map((m) => m[1] as string);
    expect(resumes).toHaveLength(2);
    expect(resumes[0]).toMatch(
      /^holodeck test agent\.yaml --output run\.openai-gpt-good\.html -j 1 --model openai:gpt-good --resume capitals\/\S+$/,
    );
    expect(resumes[1]).toMatch(
      /^holodeck test agent\.yaml --output run\.openai-gpt-bad\.html -j 1 --model openai:gpt-bad --resume capitals\/\S+$/,
    );
    expect(cli.stderr()).toMatch(/^openai:gpt-bad: saved the finished test cases in .*\.json$/m);
    // Each model's run resumes on its own model and completes its record.
    const args = (resumes[1] ?? '').split(' ').slice(1);
    const resumed = await runCli(args, { cwd: dir });
    expect(resumed.code, resumed.stderr).toBe(1);
    const bad = (await records(dir)).find((record) => record.json.metadata.model?.name === 'gpt-bad');
    expect(bad?.json.state).toBe('completed');
    expect(bad?.json.report.summary).toMatchObject({ total_tests: 4, passed: 2 });
    expect(bad?.json.metadata.comparison_id).toMatch(/^[0-9a-f-]{36}$/);
    // Resumed alone, the model's run still says whose it is and which matrix it belongs to.
    expect(bad?.json.report.model).toBe('openai:gpt-bad');
    expect(bad?.json.report.comparison_id).toBe(bad?.json.metadata.comparison_id);
  });
});

describe('holodeck compare', () => {
  it('lists regressions first (cases and turns), metric and total deltas; exit 1 on a regression, 0 without', async () => {
    server = await startFakeModelServer(createModelMatrixScript({ answers: ANSWERS, wrong: WRONG }));
    const dir = await writeProject({ 'agent.yaml': agentYaml(server.url) });
    const matrix = await runCli(['test', 'agent.yaml', ...MATRIX, '-q'], { cwd: dir });
    expect(matrix.code).toBe(1);
    const [first, second] = await records(dir);
    const goodFirst = first?.json.metadata.model?.name === 'gpt-good';
    const good = (goodFirst ? first : second)?.path ?? '';
    const bad = (goodFirst ? second : first)?.path ?? '';

    const worse = await runCli(['compare', good, bad], { cwd: dir });
    expect(worse.stderr).toBe('');
    expect(worse.code).toBe(1);
    expect(worse.stdout).toContain('Regressions (2 cases regressed; 1 turn newly failing)');
    expect(worse.stdout).toMatch(
      /^ {2}✗ italy {2}passed → failed — metric equality: score 0 .*expected "Rome", got "not Rome"$/m,
    );
    expect(worse.stdout).toMatch(/^ {2}✗ tour {2}passed → failed/m);
    expect(worse.stdout).toMatch(/^ {6}turn 2\/2 {2}passed → failed$/m);
    expect(worse.stdout).not.toContain('Improvements');
    expect(worse.stdout).toMatch(/^ {2}equality +1 +0\.6 +−0\.4$/m);
    expect(worse.stdout).toMatch(/^ {2}pass rate +100\.0% +50\.0% +−50\.0 pts$/m);
    expect(worse.stdout).toMatch(/^ {2}cases passed +4\/4 +2\/4 +−2$/m);
    expect(worse.stdout).toContain(
      '2 regressed · 0 fixed · 0 still failing · 2 unchanged passing · 0 added · 0 removed',
    );

    const better = await runCli(['compare', bad, good], { cwd: dir });
    expect(better.code).toBe(0);
    expect(better.stdout).toContain('Improvements (2 cases fixed; 1 turn newly passing)');
    expect(better.stdout).toMatch(/^ {2}✓ italy {2}failed → passed$/m);
    expect(better.stdout).not.toContain('Regressions');

    const same = await runCli(['compare', 'latest', 'latest'], { cwd: dir });
    expect(same.code).toBe(0);
    // The bad run named by agent/timestamp against the good one named by its place among the records.
    const badId = `capitals/${bad
      .split('/')
      .pop()
      ?.replace(/\.json$/, '')}`;
    const byId = await runCli(['compare', badId, goodFirst ? 'latest~1' : 'latest'], { cwd: dir });
    expect(byId.stderr).toBe('');
    expect(byId.code).toBe(0);
    expect(byId.stdout).toContain('Improvements (2 cases fixed; 1 turn newly passing)');
  });

  it('exit 2 with a located message for a run it cannot find or read', async () => {
    const dir = await writeProject({ 'broken.json': '{ "record_version": 2,' });
    const unknown = await runCli(['compare', 'capitals/2026-01-01T00-00-00-000Z', 'latest'], { cwd: dir });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      `error: RUN_A capitals/2026-01-01T00-00-00-000Z: the results folder ${join(dir, 'results')} does not exist ` +
        '(give --results-dir the folder holodeck test wrote its runs to)\n',
    );
    const latest = await runCli(['compare', 'broken.json', 'latest~1'], { cwd: dir });
    expect(latest.code).toBe(2);
    expect(latest.stderr).toMatch(new RegExp(`^error: RUN_A ${join(dir, 'broken.json')}: not valid JSON: `));
    await writeFile(join(dir, 'ok.json'), '{}');
    const missing = await runCli(['compare', 'ok.json', 'latest~1'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error: RUN_A .*ok\.json: not a valid run record: /);
    const noRuns = await runCli(['compare', join(dir, 'nope.json'), 'latest'], { cwd: dir });
    expect(noRuns.code).toBe(2);
    expect(noRuns.stderr).toBe(
      `error: RUN_A ${join(dir, 'nope.json')}: no such run record (${join(dir, 'nope.json')})\n`,
    );
  });
});

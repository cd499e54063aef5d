/**
 * A single `--model` is judged as a model matrix is: by `evaluations.model`, else agent.yaml's model — never by
 * the model under test. The run's console header, `--dry-run` and `validate` name that judge; its record keeps it,
 * so `--resume` goes on with it; a record that names no judge (written when the model that ran judged) keeps its
 * own model as the judge. Through the built CLI against the fake OpenAI server.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lastUserText } from '../fakes/fake-request-view.js';
import type { FakeRequest } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { startCli } from '../reliability/cli-process.js';
import { writeProject } from './e2e-project.js';

const GEVAL = '{ type: geval, name: sense, criteria: "Sensible.", evaluation_steps: ["Check it."], threshold: 0.1 }';

/** `block`: the model's settings beside its provider and name. */
function agentYaml(url: string, block = `endpoint: "${url}/v1", api_key: sk-test-0123456789`): string {
  const cases = ['q1', 'q2', 'q3', 'q4'].map((q) => `  - { name: case-${q}, input: ${q}, ground_truth: "${q}" }`);
  return `name: one
model: { provider: openai, name: good, ${block} }
instructions: { inline: "Answer." }
evaluations:
  metrics: [{ type: standard, metric: equality }, ${GEVAL}]
test_cases:
${cases.join('\n')}
`;
}

const isJudge = (request: FakeRequest) => request.body['response_format'] !== undefined;
const modelsOf = (requests: readonly FakeRequest[]) => new Set(requests.map((request) => request.model));

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** Judges answer at once; the agent echoes the input after `delay.ms`. */
const delay = { ms: 0 };
async function startProject(): Promise<string> {
  delay.ms = 0;
  server = await startFakeModelServer(async (request) =>
    isJudge(request)
      ? { kind: 'answer', text: '{"reasoning":"fine","score":9}' }
      : { kind: 'answer', text: lastUserText(request), delay_ms: delay.ms },
  );
  return writeProject({ 'agent.yaml': agentYaml(server.url) });
}

async function recordsIn(folder: string): Promise<string[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.json')).map((name) => join(folder, name));
}

/** The record, and the header of its log, as a run on --model wrote them when the model that ran judged. */
async function nameNoJudge(record: string): Promise<void> {
  const whole = JSON.parse(await readFile(record, 'utf8'));
  whole.metadata.config_snapshot.evaluations.model = null;
  await writeFile(record, JSON.stringify(whole));
  const log = record.replace(/\.json$/, '.partial.jsonl');
  const [first, ...rest] = (await readFile(log, 'utf8')).split('\n');
  const header = JSON.parse(first as string);
  header.metadata.config_snapshot.evaluations.model = null;
  await writeFile(log, [JSON.stringify(header), ...rest].join('\n'));
}

describe('the judge of a single --model', () => {
  it('is agent.yaml’s model: judge calls go there, the header names it, the record keeps it', {
    timeout: 60_000,
  }, async () => {
    const dir = await startProject();
    const run = await runCli(['test', 'agent.yaml', '--model', 'openai:other'], { cwd: dir });
    expect(run.code, run.stderr).toBeLessThan(2);
    expect(run.stdout).toContain('Running 4 test cases (4 turns) of one · judge openai:good\n');
    const requests = (server as FakeModelServer).requests;
    expect(modelsOf(requests.filter(isJudge))).toEqual(new Set(['good']));
    expect(modelsOf(requests.filter((request) => !isJudge(request)))).toEqual(new Set(['other']));
    const [path] = await recordsIn(join(dir, 'results', 'one'));
    const record = JSON.parse(await readFile(path as string, 'utf8'));
    expect(record.metadata.model.name).toBe('other');
    expect(record.metadata.config_snapshot.evaluations.model.name).toBe('good');
  });

  it('is named by --dry-run and validate, and validate asks for its key before any call', async () => {
    const dir = await startProject();
    const dry = await runCli(['test', 'agent.yaml', '--dry-run', '--model', 'openai:other'], { cwd: dir });
    expect(dry.stdout).toMatch(/^ {2}Agent {3}openai:other\b/m);
    expect(dry.stdout).toMatch(/^ {2}Judge {3}openai:good\b/m);
    const valid = await runCli(['validate', 'agent.yaml', '--model', 'openai:other'], { cwd: dir });
    expect(valid.stdout).toContain('backend ai_sdk, model openai:other, judge openai:good\n');
    // At OpenAI's own API, the judge needs a key; the model under test is Anthropic's, and has one.
    await writeFile(join(dir, 'agent.yaml'), agentYaml('', 'temperature: 0'));
    const env = { OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: 'sk-ant-test-0123456789' };
    const args = ['agent.yaml', '--model', 'anthropic:claude-x'];
    const validate = await runCli(['validate', ...args], { cwd: dir, env });
    const test = await runCli(['test', ...args], { cwd: dir, env });
    expect([validate.code, test.code]).toEqual([2, 2]);
    expect(validate.stderr).toBe(
      '1 configuration error:\n\nagent.yaml:2:8  model\n  no API key for provider openai (model good, the judge) — set ' +
        'the OPENAI_API_KEY environment variable, or api_key: $' +
        '{OPENAI_API_KEY} in model\n\n',
    );
    expect(test.stderr).toBe(validate.stderr);
    expect((server as FakeModelServer).requests).toHaveLength(0);
  });

  it('resumes with the run’s judge: agent.yaml’s model, or for a record naming none, the model it ran on', {
    timeout: 120_000,
  }, async () => {
    const dir = await startProject();
    const fake = server as FakeModelServer;
    for (const named of [true, false]) {
      delay.ms = 400;
      fake.reset();
      const cli = startCli(['test', 'agent.yaml', '--model', 'openai:other', '-j', '1'], { cwd: dir });
      while (fake.requests.filter((r) => !isJudge(r)).length < 2) await new Promise((r) => setTimeout(r, 50));
      cli.child.kill('SIGINT');
      expect((await cli.exited).code, cli.stderr()).toBe(130);
      const resume = /^run the rest with: holodeck (test .*)$/m.exec(cli.stderr())?.[1] as string;
      const path = join(dir, 'results', 'one', `${resume.split('/').at(-1)}.json`);
      if (!named) await nameNoJudge(path);
      delay.ms = 0;
      fake.reset();
      const resumed = await runCli(resume.split(' '), { cwd: dir });
      expect(resumed.code, resumed.stderr).toBeLessThan(2);
      expect(resumed.stdout).toContain(`judge openai:${named ? 'good' : 'other'}`);
      expect(modelsOf(fake.requests.filter(isJudge))).toEqual(new Set([named ? 'good' : 'other']));
      expect(modelsOf(fake.requests.filter((r) => !isJudge(r)))).toEqual(new Set(['other']));
    }
  });
});

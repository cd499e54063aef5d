/**
 * A message about a model names the block of agent.yaml the user wrote it in: a refused key says
 * `— check models[1].api_key …` for the second of `models:`, `models[0]` for a judge that is the first of them
 * (in a matrix and under one `--model`), `evaluations.model` for the judge's own model and `model` for a lone
 * model; a setting the AI SDK provider dropped is named the same way (`models[1].temperature`,
 * `evaluations.model.temperature`). Through the built CLI, against the fake model server asking for one key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeScript } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const GOOD = 'sk-good-key-0123456789';
const BAD = 'sk-bad-key-0123456789';

/** A judge gives 7 out of 10; the agent answers 1. */
const script: FakeScript = (request) =>
  request.body['response_format'] !== undefined
    ? { kind: 'answer', text: '{"reasoning":"fine","score":7}' }
    : { kind: 'answer', text: '1' };

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(script, { require_api_key: GOOD });
});
afterAll(async () => {
  await server.close();
});

const GEVAL = '[{ type: geval, name: g, criteria: c, evaluation_steps: [s], threshold: 0.1 }]';
const EQUALITY = '[{ type: standard, metric: equality }]';

function block(provider: string, name: string, key: string, more = ''): string {
  return `{ provider: ${provider}, name: ${name}, endpoint: "${server.url}/v1", api_key: ${key}${more} }`;
}

/** agent.yaml with `models` (the lines after `name:` up to `evaluations:`), the metrics and one case. */
async function run(models: readonly string[], metrics: string, args: readonly string[] = [], judge?: string) {
  const dir = await writeProject({
    'agent.yaml': [
      'name: paths',
      ...models,
      'evaluations:',
      ...(judge === undefined ? [] : [`  model: ${judge}`]),
      `  metrics: ${metrics}`,
      'test_cases:',
      '  - { name: a, input: "say 1", ground_truth: "1" }',
      '',
    ].join('\n'),
  });
  const result = await runCli(['test', dir, ...args]);
  expect([0, 1], result.stderr).toContain(result.code);
  return `${result.stdout}\n${result.stderr}`;
}

const agentRefused = (path: string) => new RegExp(`^\\s*model request failed: 401 .*— check ${path}\\.api_key`, 'm');
const judgeRefused = (path: string) => new RegExp(`judge model request failed: 401 .*— check ${path}\\.api_key`);

describe('a refused key names the model block it is written in', () => {
  const matrix = (first: string, second: string) => [
    'models:',
    `  - ${block('openai', 'gpt-4o-mini', first)}`,
    `  - ${block('openai', 'gpt-4.1-nano', second)}`,
  ];

  it('models[0] for the agent and for the judge that is the first of a matrix', async () => {
    const output = await run(matrix(BAD, GOOD), GEVAL);
    expect(output).toMatch(agentRefused('models\\[0\\]'));
    expect(output).toMatch(judgeRefused('models\\[0\\]'));
    expect(output).not.toContain('evaluations.model.api_key');
  });

  it('models[0] for the judge when --model runs the second of models:', async () => {
    const output = await run(matrix(BAD, GOOD), GEVAL, ['--model', 'openai:gpt-4.1-nano']);
    expect(output).toMatch(judgeRefused('models\\[0\\]'));
    expect(output).not.toMatch(agentRefused('.*'));
  });

  it('models[1] for the second model of a matrix, on case workers too', async () => {
    for (const args of [[], ['--workers', '2']]) {
      const output = await run(matrix(GOOD, BAD), EQUALITY, args);
      expect(output).toMatch(agentRefused('models\\[1\\]'));
      expect(output).not.toMatch(agentRefused('model'));
    }
  });

  it("evaluations.model for the judge's own model in a matrix", async () => {
    const output = await run(matrix(GOOD, GOOD), GEVAL, [], block('openai', 'gpt-4o', BAD));
    expect(output).toMatch(judgeRefused('evaluations\\.model'));
  });

  it('model for a lone model', async () => {
    const output = await run([`model: ${block('openai', 'gpt-4o-mini', BAD)}`], EQUALITY);
    expect(output).toMatch(agentRefused('model'));
  });
});

describe('a 401 to a request sent without a key', () => {
  it('says no key was sent and where one goes', async () => {
    const keyless = `{ provider: openai, name: gpt-4o-mini, endpoint: "${server.url}/v1" }`;
    const dir = await writeProject({
      'agent.yaml': `name: keyless\nmodel: ${keyless}\nevaluations:\n  metrics: ${EQUALITY}\ntest_cases:\n  - { name: a, input: "say 1", ground_truth: "1" }\n`,
    });
    const result = await runCli(['test', dir, '-v'], { env: { OPENAI_API_KEY: undefined } });
    expect(result.code).toBe(1);
    const hint =
      'no API key was sent (none is configured): set model.api_key or the OPENAI_API_KEY environment variable';
    expect(result.stdout).toMatch(/model request failed: 401 .* — no API key was sent/);
    expect(result.stdout).toContain(hint);
    expect(result.stdout).not.toContain('— check model.api_key');
    // A credential in the endpoint's query may have been sent: the usual hint then, not "no API key was sent".
    const queried = await writeProject({
      'agent.yaml': `name: keyless\nmodel: { provider: openai, name: gpt-4o-mini, endpoint: "${server.url}/v1?key=wrong" }\nevaluations:\n  metrics: ${EQUALITY}\ntest_cases:\n  - { name: a, input: "say 1", ground_truth: "1" }\n`,
    });
    const withQuery = await runCli(['test', queried, '-v'], { env: { OPENAI_API_KEY: undefined } });
    expect(withQuery.stdout).toContain('— check model.api_key or the openai API key in the environment');
    expect(withQuery.stdout).not.toContain('no API key was sent');
  });
});

describe('a setting the provider dropped names the model block it is written in', () => {
  it("evaluations.model.temperature for the judge's own model", async () => {
    const judge = block('openai', 'o3-mini', GOOD, ', temperature: 0.3');
    const output = await run([`model: ${block('openai', 'gpt-4o-mini', GOOD)}`], GEVAL, ['-q'], judge);
    expect(output).toContain('warning: evaluations.model.temperature (0.3) is not applied as given to model o3-mini');
    expect(output).not.toContain('warning: model.temperature');
  });

  it('models[1].temperature and models[1].max_tokens for the second of models:', async () => {
    const models = [
      'models:',
      `  - ${block('openai', 'gpt-4o-mini', GOOD)}`,
      `  - ${block('anthropic', 'claude-custom-x', GOOD, ', temperature: 0')}`,
    ];
    const output = await run(models, EQUALITY, ['-q']);
    expect(output).toContain('warning: models[1].temperature (0) is not applied as given to model claude-custom-x');
    expect(output).toContain('models[1].max_tokens is not set');
    expect(output).not.toContain('warning: model.temperature');
  });
});

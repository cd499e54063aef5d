/**
 * `validate` checks a model matrix as `test` refuses it, before any model call: each model of `models:` on its
 * own (not the configuration's first model as if it ran alone), every `--model` given on the command line, and
 * what stops every model alike (a ground truth the numeric metric cannot read) once. The two commands print the
 * same errors.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const NO_KEYS = { OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined } as const;

function agentYaml(models: string, groundTruth = '12') {
  return `name: matrix-check
${models}
instructions: { inline: "Answer." }
evaluations:
  metrics: [{ type: standard, metric: numeric }]
test_cases:
  - { name: q, input: "how many?", ground_truth: "${groundTruth}" }
`;
}

/** Both commands: exit 2 and the same message, no model called (every endpoint is closed). */
async function bothRefuse(dir: string, args: readonly string[]): Promise<string> {
  const validate = await runCli(['validate', 'agent.yaml', ...args], { cwd: dir, env: NO_KEYS });
  const test = await runCli(['test', 'agent.yaml', ...args], { cwd: dir, env: NO_KEYS });
  expect([validate.code, test.code]).toEqual([2, 2]);
  expect(validate.stderr).toBe(test.stderr);
  return validate.stderr;
}

describe('validate on a model matrix', () => {
  it('locates each model of models: that cannot run, the first one included', async () => {
    const dir = await writeProject({
      'agent.yaml': agentYaml(`models:
  - { provider: anthropic, name: claude-x }
  - { provider: openai, name: gpt-x }`),
    });
    const stderr = await bothRefuse(dir, []);
    expect(stderr).toBe(
      '2 configuration errors:\n\n' +
        'agent.yaml:3:5  models[0]\n  no API key for provider anthropic (model claude-x) — set the ANTHROPIC_API_KEY ' +
        'environment variable, or api_key: $' +
        '{ANTHROPIC_API_KEY} in models[0]\n\n' +
        'agent.yaml:4:5  models[1]\n  no API key for provider openai (model gpt-x) — set the OPENAI_API_KEY ' +
        'environment variable, or api_key: $' +
        '{OPENAI_API_KEY} in models[1]\n\n',
    );
  });

  it('checks every --model given, and a provider agent.yaml has no block of takes its key from the environment', async () => {
    const dir = await writeProject({
      'agent.yaml': agentYaml('model: { provider: openai, name: gpt-x }'),
    });
    const stderr = await bothRefuse(dir, ['--model', 'anthropic:claude-x', '--model', 'openai:gpt-y']);
    expect(stderr).toBe(
      '2 configuration errors:\n\n' +
        '--model anthropic:claude-x: no API key for provider anthropic (model claude-x) — set the ANTHROPIC_API_KEY ' +
        'environment variable: agent.yaml has no anthropic model block for --model to take a key from\n\n' +
        '--model openai:gpt-y: no API key for provider openai (model gpt-y) — set the OPENAI_API_KEY environment ' +
        'variable, or api_key: $' +
        '{OPENAI_API_KEY} in the model block\n\n',
    );
    const one = await runCli(['validate', 'agent.yaml', '--model', 'anthropic:claude-x'], { cwd: dir, env: NO_KEYS });
    expect(one.code).toBe(2);
    expect(one.stderr).toContain('agent.yaml has no anthropic model block for --model to take a key from');
  });

  it('refuses the cache for a matrix, as test does, at execution.cache', async () => {
    const models = `models:
  - { provider: openai, name: gpt-x, endpoint: "http://127.0.0.1:9/v1", api_key: sk-test-0123456789 }
  - { provider: openai, name: gpt-y, endpoint: "http://127.0.0.1:9/v1", api_key: sk-test-0123456789 }
execution: { cache: true }`;
    const dir = await writeProject({ 'agent.yaml': agentYaml(models) });
    const validate = await runCli(['validate', 'agent.yaml'], { cwd: dir });
    expect(validate.code).toBe(2);
    expect(validate.stderr).toBe(
      '1 configuration error:\n\nagent.yaml:5:21  execution.cache\n' +
        '  --record, --replay and --cache (execution.cache) work with one model at a time, not a model matrix\n\n',
    );
    const test = await runCli(['test', 'agent.yaml'], { cwd: dir });
    expect(test.code).toBe(2);
    expect(test.stderr).toContain('work with one model at a time, not a model matrix');
  });

  it('refuses a ground truth the numeric metric cannot read once, for the whole matrix', async () => {
    const models = `models:
  - { provider: openai, name: gpt-x, endpoint: "http://127.0.0.1:9/v1", api_key: sk-test-0123456789 }
  - { provider: openai, name: gpt-y, endpoint: "http://127.0.0.1:9/v1", api_key: sk-test-0123456789 }`;
    const dir = await writeProject({ 'agent.yaml': agentYaml(models, 'twelve') });
    expect(await bothRefuse(dir, [])).toBe(
      '1 configuration error:\n\nagent.yaml:9:50  test_cases[0] "q" › ground_truth\n' +
        '  the ground truth "twelve" is not a number: fix the test case, or check this turn with another metric\n\n',
    );
    const cli = await writeProject({
      'agent.yaml': agentYaml(
        'model: { provider: openai, name: gpt-x, endpoint: "http://127.0.0.1:9/v1", api_key: sk-test-0123456789 }',
        'twelve',
      ),
    });
    expect(await bothRefuse(cli, ['--model', 'openai:gpt-x', '--model', 'openai:gpt-y'])).toContain(
      'the ground truth "twelve" is not a number',
    );
  });
});

/**
 * A provider warning (a setting the AI SDK provider dropped, its own output token limit for a model it does not
 * know) is said once per run under `--workers`, however many case worker threads meet it: the workers send
 * their warnings to the main thread, which says each text once, as it says its own. Against the fake Anthropic
 * server, which the real provider client talks to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(() => ({ kind: 'answer', text: '1' }));
});
afterAll(async () => {
  await server.close();
});

/** An Anthropic model name the provider does not know but takes for a Claude model: it drops temperature. */
function project(): Promise<string> {
  const cases = ['a', 'b', 'c', 'd'].map((name) => `  - { name: ${name}, input: "say 1", ground_truth: "1" }`);
  return writeProject({
    'agent.yaml': [
      'name: warned',
      'model:',
      '  provider: anthropic',
      '  name: claude-custom-x',
      `  endpoint: ${server.url}/v1`,
      '  api_key: sk-ant-test-0123456789',
      '  temperature: 0',
      'evaluations:',
      '  metrics: [{ type: standard, metric: equality }]',
      'test_cases:',
      ...cases,
      '',
    ].join('\n'),
  });
}

const warnings = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('warning: '));

describe('provider warnings under --workers', () => {
  it.each([2, 3])('are said once each with %i worker threads', async (workers) => {
    const dir = await project();
    const run = await runCli(['test', dir, '-q', '--workers', String(workers), '-j', '4']);
    expect(run.code, run.stderr).toBe(0);
    const said = warnings(run.stderr);
    expect(said).toHaveLength(2);
    expect(said.filter((line) => line.includes('model.temperature (0) is not applied as given'))).toHaveLength(1);
    expect(said.filter((line) => line.includes('model.max_tokens is not set'))).toHaveLength(1);
  });
});

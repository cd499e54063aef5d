/**
 * A turn has a limit of model calls (`execution.max_steps`, default 10): an agent still calling tools when it
 * reaches it gave no final answer, and the turn fails naming the limit, through the built CLI and the real
 * OpenAI client against a fake model that calls a tool every time.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { lastUserText } from '../fakes/fake-request-view.js';
import { answer, callTools, type FakeScript } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, TOOLS_BLOCK, writeProject } from './e2e-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** `loop`: a tool call every time; anything else: an answer at once. */
const script: FakeScript = (request) =>
  lastUserText(request) === 'loop' ? callTools({ name: 'subtract', args: { a: 3, b: 1 } }) : answer('2');

async function run(execution: string, env: Record<string, string> = {}) {
  server = await startFakeModelServer(script);
  const dir = await writeProject({
    'agent.yaml': `name: steps
${modelBlock('openai', server.url)}
${TOOLS_BLOCK}
${execution}
evaluations:
  metrics: [{ type: standard, metric: equality }]
test_cases:
  - name: loops
    input: loop
    ground_truth: "2"
  - name: answers
    input: answer
    ground_truth: "2"
`,
  });
  const cli = await runCli(['test', 'agent.yaml', '--output', 'report.json'], { cwd: dir, env });
  const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
  const byName = new Map(report.results.map((result) => [result.test_name, result]));
  return { cli, byName, requests: server.requests.length };
}

describe('the step limit of a turn', () => {
  it('fails a turn still calling tools at execution.max_steps, naming the limit under the tool it called', async () => {
    const { cli, byName, requests } = await run('execution: { max_steps: 3 }');
    expect(cli.code).toBe(1);
    // Three model calls for the looping case, one for the other.
    expect(requests).toBe(4);
    const loops = byName.get('loops');
    expect(loops?.status).toBe('failed');
    expect(loops?.tool_calls).toEqual(['subtract', 'subtract', 'subtract']);
    expect(loops?.arg_match_details).toEqual([
      expect.objectContaining({
        tool: 'subtract',
        passed: false,
        reason:
          'the turn reached its limit of 3 model calls (execution.max_steps) with the agent still calling tools: it gave no final answer',
      }),
    ]);
    expect(byName.get('answers')?.status).toBe('passed');
    expect(cli.stdout).toContain(
      'subtract — the turn reached its limit of 3 model calls (execution.max_steps) with the agent still calling tools',
    );
  });

  it('defaults to 10 model calls, and reads HOLODECK_MAX_STEPS', async () => {
    const byDefault = await run('');
    expect(byDefault.requests).toBe(11);
    expect(byDefault.byName.get('loops')?.tool_calls).toHaveLength(10);
    const fromEnv = await run('', { HOLODECK_MAX_STEPS: '2' });
    expect(fromEnv.requests).toBe(3);
    expect(fromEnv.byName.get('loops')?.arg_match_details?.at(-1)?.reason).toMatch(
      /^the turn reached its limit of 2 model calls/,
    );
  });
});

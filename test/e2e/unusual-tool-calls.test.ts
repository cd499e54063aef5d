/**
 * Tool calls as some servers send them, through the built CLI and the real OpenAI client: two calls with one
 * id (local OpenAI-compatible servers often send `call_0` again) each keep their own result, so a forbidden
 * call cannot hide behind another; and the calls of an answer cut off at its token limit never ran, satisfy no
 * expected tool, and leave the conversation able to go on.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { lastUserText, toolResultsSinceLastUser } from '../fakes/fake-request-view.js';
import { answer, type FakeScript } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, TOOLS_BLOCK, writeProject } from './e2e-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const ROW = 'net cash from operating activities';

const script: FakeScript = (request) => {
  const question = lastUserText(request);
  if (toolResultsSinceLastUser(request).length > 0) return answer('done');
  if (question === 'same id') {
    return {
      kind: 'answer',
      tool_calls: [
        { id: 'call_0', name: 'subtract', args: { a: 5, b: 3 } },
        { id: 'call_0', name: 'lookup', args: { row: ROW, column: '2009' } },
      ],
    };
  }
  if (question === 'cut off') {
    return {
      kind: 'answer',
      tool_calls: [{ name: 'lookup', args: { row: ROW, column: '2009' } }],
      finish_reason: 'length',
    };
  }
  return answer('fine');
};

function agentYaml(url: string): string {
  return `name: unusual-calls
${modelBlock('openai', url)}
instructions: { inline: "Use the tools." }
${TOOLS_BLOCK}
test_cases:
  - name: one-id
    input: same id
    expected_tools: [lookup]
    forbidden_tools: [subtract]
  - name: cut-off
    turns:
      - input: cut off
        expected_tools: [lookup]
      - input: and then
        ground_truth: fine
`;
}

describe('unusual tool calls, end to end', () => {
  it('keeps calls that share an id apart, and counts calls a cut-off answer never ran as not run', async () => {
    server = await startFakeModelServer(script);
    const dir = await writeProject({ 'agent.yaml': agentYaml(server.url) });
    const output = join(dir, 'report.json');
    const run = await runCli(['test', dir, '--output', output]);
    expect(run.code).toBe(1);
    const report = JSON.parse(await readFile(output, 'utf8')) as RunReport;
    const [oneId, cutOff] = report.results;

    expect(oneId?.tool_invocations.map((call) => [call.name, call.result, call.error])).toEqual([
      ['subtract', 2, null],
      ['lookup', 206588, null],
    ]);
    expect(oneId?.passed).toBe(false);
    expect(oneId?.arg_match_details?.map((entry) => [entry.tool, entry.passed])).toEqual([
      ['lookup', true],
      ['subtract', false],
    ]);
    // Both results went back to the model, each answering its own call.
    const second = server.requests.find((request) => toolResultsSinceLastUser(request).length > 0);
    expect(toolResultsSinceLastUser(second ?? server.requests[0]!).map((m) => m.role === 'tool' && m.content)).toEqual([
      '2',
      '206588',
    ]);

    const [cut, after] = cutOff?.turns ?? [];
    expect(cut?.tool_invocations).toEqual([
      {
        name: 'lookup',
        args: { row: ROW, column: '2009' },
        result: null,
        error: "not run: the model's answer was cut off at the token limit before its tool calls could run",
        duration_ms: null,
      },
    ]);
    expect(cut?.arg_match_details).toMatchObject([{ tool: 'lookup', passed: false }]);
    expect(cut?.passed).toBe(false);
    expect(after).toMatchObject({ passed: true, response: 'fine', errors: [] });
  });
});

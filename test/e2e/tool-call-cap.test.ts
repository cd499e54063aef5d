/**
 * One model answer may ask for at most 256 tool calls (holodeck's tool loop runs them all at once): one asking for
 * more errors its turn before any call runs, at once, through the built CLI and the real OpenAI client against a
 * fake model; a case that asks for the cap's worth passes.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_TOOL_CALLS_PER_STEP } from '../../src/backends/ai-sdk/tool-call-cap.js';
import type { RunReport } from '../../src/core/results.js';
import { lastUserText } from '../fakes/fake-request-view.js';
import { answer, type FakeReply, type FakeScript } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, TOOLS_BLOCK, writeProject } from './e2e-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const TOO_MANY = MAX_TOOL_CALLS_PER_STEP + 1000;

function lookups(count: number): FakeReply {
  const calls = Array.from({ length: count }, (_, index) => ({
    name: 'lookup',
    args: { row: 'net cash', column: String(index) },
  }));
  return { kind: 'answer', tool_calls: calls };
}

/** The first request of each case asks for its count of calls; the request after the results gets an answer. */
const script: FakeScript = (request) => {
  if (request.messages.at(-1)?.role === 'tool') return answer('done');
  return lookups(lastUserText(request) === 'too many' ? TOO_MANY : MAX_TOOL_CALLS_PER_STEP);
};

describe('the tool calls of one model answer', () => {
  it('error the turn when there are more than the cap, before any runs; as many as the cap run', async () => {
    server = await startFakeModelServer(script);
    const dir = await writeProject({
      'agent.yaml': `name: tool-call-cap
${modelBlock('openai', server.url)}
${TOOLS_BLOCK}
execution: { llm_timeout: 60 }
test_cases:
  - name: too-many
    input: too many
    expected_tools: [{ name: lookup, args: { column: "7" } }]
  - name: at-the-cap
    input: at the cap
    expected_tools: [{ name: lookup, args: { column: "7" } }]
`,
    });
    const started = Date.now();
    const cli = await runCli(['test', 'agent.yaml', '--output', 'report.json'], { cwd: dir });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(cli.code).toBe(1);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
    const [tooMany, atTheCap] = report.results;
    const message = `the model asked for ${TOO_MANY} tool calls in one answer, more than the ${MAX_TOOL_CALLS_PER_STEP} holodeck runs from one model call: none of them was run`;
    expect(tooMany).toMatchObject({ test_name: 'too-many', status: 'error', errors: [message], tool_calls: [] });
    expect(atTheCap).toMatchObject({ test_name: 'at-the-cap', status: 'passed' });
    expect(atTheCap?.tool_calls).toHaveLength(MAX_TOOL_CALLS_PER_STEP);
    expect(cli.stdout).toContain(message);
    // One request for the refused answer (never sent again), two for the case that ran its calls.
    expect(server.requests).toHaveLength(3);
  });
});

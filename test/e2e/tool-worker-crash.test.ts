/**
 * A function tool's call whose worker thread ended under it — the tool itself called process.exit, or another
 * tool of the same module did while the call was running — never gave a result. Whatever the agent answers
 * after the error, the turn errors and the case cannot pass, like a turn whose MCP server died.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { lastUserText, toolResultsSinceLastUser } from '../fakes/fake-request-view.js';
import { answer, type FakeScript } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, writeProject } from './e2e-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const TOOLS = `const schema = { type: 'object', properties: { x: { type: 'string' } } };
export const lookup = {
  description: 'a slow lookup',
  parameters: schema,
  execute: async ({ x }) => { await new Promise((r) => setTimeout(r, 1500)); return 'value of ' + x; },
};
export const boom = { description: 'ends its thread', parameters: schema, execute: () => process.exit(1) };
`;

// Each question names the tool to call; once a tool result (or error) is back, the agent answers with it.
const script: FakeScript = (request) => {
  const results = toolResultsSinceLastUser(request);
  if (results.length > 0) return answer('done');
  const question = lastUserText(request);
  if (question === 'wait') return answer('waited', undefined);
  return { kind: 'answer', tool_calls: [{ name: question, args: { x: 'cash' } }] };
};

describe('a function tool whose worker thread ended under its call', () => {
  it('errors the turn of the call that ran there, and of the tool that ended it', { timeout: 60_000 }, async () => {
    server = await startFakeModelServer(script);
    const dir = await writeProject({
      'tools.mjs': TOOLS,
      'agent.yaml': `name: crash
${modelBlock('openai', server.url)}
instructions: { inline: "Use the tools." }
tools:
  - { name: lookup, type: function, file: tools.mjs, function: lookup }
  - { name: boom, type: function, file: tools.mjs, function: boom }
test_cases:
  - name: innocent
    input: lookup
    expected_tools: [{ name: lookup, args: { x: cash } }]
    ground_truth: done
  - name: crasher
    turns:
      - { input: wait }
      - { input: boom }
`,
    });
    const output = join(dir, 'report.json');
    const run = await runCli(['test', dir, '-j', '2', '--output', output]);
    expect(run.code).toBe(1);
    const report = JSON.parse(await readFile(output, 'utf8')) as RunReport;
    const byName = Object.fromEntries(report.results.map((result) => [result.test_name, result]));
    expect(byName['innocent']?.status).toBe('error');
    expect(byName['innocent']?.errors.join('\n')).toContain(
      'tool lookup was stopped: tool boom called process.exit(1) in the same worker thread',
    );
    expect(byName['crasher']?.status).toBe('error');
    expect(byName['crasher']?.errors.join('\n')).toContain('tool boom called process.exit(1)');
    expect(report.summary.passed).toBe(0);
  });
});

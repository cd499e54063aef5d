/**
 * A code grader of a later turn reads the tool calls of the earlier turns (`earlier_turns[i].tool_invocations`),
 * through the built CLI against the scripted ConvFinQA fake model.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { createConvFinQaScript } from '../fakes/convfinqa-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { GRADERS_MODULE, JKHY_TURNS, modelBlock, TOOLS_BLOCK, writeProject } from './e2e-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('a code grader in a conversation', () => {
  it("sees each earlier turn's tool calls, with their arguments and results", async () => {
    server = await startFakeModelServer(createConvFinQaScript());
    const yaml = `name: jkhy
${modelBlock('openai', server.url)}
instructions: { inline: "Answer with the number only. Use the tools." }
${TOOLS_BLOCK}
evaluations:
  metrics:
    - { type: code, grader: "${GRADERS_MODULE}:earlierCalls", name: earlier_calls }
test_cases:
  - name: JKHY-2009
${JKHY_TURNS}
`;
    const dir = await writeProject({ 'agent.yaml': yaml });
    const run = await runCli(['test', dir, '--output', join(dir, 'r.json')]);
    expect(run.stderr).toBe('');
    const report = JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')) as RunReport;
    const reasons = report.results[0]!.turns!.map((turn) => turn.grader_details[0]?.reason);
    expect(reasons[0]).toBe('first turn');
    expect(reasons[2]).toMatch(/^lookup\(\{.*\}\)→.*206588.* \| lookup\(\{.*\}\)→.*181001/);
    expect(reasons[3]).toMatch(/ \| subtract\(\{"a":206588,"b":181001\}\)→25587$/);
  });
});

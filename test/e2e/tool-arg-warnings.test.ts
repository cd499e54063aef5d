/**
 * An asserted argument that is no parameter of its tool is warned of, where it is written: by `validate` for
 * function tools (their schemas are in the configuration), and by `test` once an MCP server listed its tools.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer } from '../fakes/fake-script.js';
import { FAKE_MCP_SERVER, REPO_ROOT } from '../fakes/fixtures/tool-configs.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, TOOLS_BLOCK, writeProject } from './e2e-project.js';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(() => answer('42'));
});
afterAll(() => server.close());

describe('an asserted argument that is no parameter of its tool', () => {
  it('is warned of by validate for a function tool, located, with the parameter it is close to', async () => {
    const yaml = `name: refunds
${modelBlock('openai', server.url)}
${TOOLS_BLOCK}
  - name: issue_refund
    type: function
    file: ${JSON.stringify(join(REPO_ROOT, 'test/e2e/fixtures/finance-tools.ts'))}
    function: lookup
    description: Refunds an order
    parameters: { type: object, properties: { order_id: { type: string }, amount: { type: number } } }
  - name: note
    type: function
    file: ${JSON.stringify(join(REPO_ROOT, 'test/e2e/fixtures/finance-tools.ts'))}
    function: lookup
    description: Takes any argument
    parameters: { type: object, properties: { text: { type: string } }, additionalProperties: true }
test_cases:
  - name: no-full-refund
    input: Refund order A101.
    forbidden_tools: [{ name: issue_refund, args: { ammount: 120 } }, { name: note, args: { anything: 1 } }]
  - name: rows
    turns:
      - input: q
        expected_tools: [{ name: lookup, args: { row: { fuzzy: cash }, colum: { regex: "^2009$" } } }]
`;
    const dir = await writeProject({ 'agent.yaml': yaml });
    const run = await runCli(['validate', 'agent.yaml'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    const warnings = run.stderr.split('\n').filter((line) => line.startsWith('warning: '));
    expect(warnings).toEqual([
      expect.stringMatching(
        /^warning: agent\.yaml:\d+:\d+: forbidden tool "issue_refund" asserts argument "ammount", which is not a parameter of issue_refund \(did you mean `amount`\?\): no call can match it, so the check passes whatever the agent calls — in test case "no-full-refund"$/,
      ),
      expect.stringMatching(
        /^warning: agent\.yaml:\d+:\d+: expected tool "lookup" asserts argument "colum", which is not a parameter of lookup \(did you mean `column`\?\).* — in test case "rows" turn 1$/,
      ),
    ]);
    const lines = yaml.split('\n');
    const at = (text: string) => `agent.yaml:${lines.findIndex((line) => line.includes(text)) + 1}:`;
    expect(warnings[0]).toContain(at('ammount: 120'));
    expect(warnings[1]).toContain(at('colum: {'));
  });

  it('is warned of by test once the MCP server listed its tools, before any model call', async () => {
    server.reset();
    const mcp = `  - { name: finance, type: mcp, command: ${JSON.stringify(process.execPath)}, args: [--import, tsx, ${JSON.stringify(FAKE_MCP_SERVER)}], cwd: ${JSON.stringify(REPO_ROOT)}, prefix: fin_, include: [lookup] }`;
    const yaml = `name: mcp-args
${modelBlock('openai', server.url)}
tools:
${mcp}
test_cases:
  - { name: cell, input: q, expected_tools: [{ name: fin_lookup, args: { row: cash, colunm: "2009" } }] }
`;
    const dir = await writeProject({ 'agent.yaml': yaml });
    const validated = await runCli(['validate', 'agent.yaml'], { cwd: dir });
    expect(validated.stderr).not.toContain('colunm');
    const run = await runCli(['test', 'agent.yaml', '--dry-run'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(server.requests).toHaveLength(0);
    const lines = yaml.split('\n');
    const line = lines.findIndex((text) => text.includes('colunm'));
    const where = `agent.yaml:${line + 1}:${lines[line]!.indexOf('colunm') + 1}`;
    expect(run.stderr).toContain(
      `warning: ${where}: expected tool "fin_lookup" asserts argument "colunm", which is not a parameter of fin_lookup (did you mean \`column\`?)`,
    );
  });
});

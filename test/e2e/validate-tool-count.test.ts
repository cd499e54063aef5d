/**
 * `holodeck validate` does not start MCP servers, so it cannot know their tools: it counts the servers beside the
 * function tools, rather than one tool for each server.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, TOOLS_MODULE, writeProject } from './e2e-project.js';

const CASES = `test_cases:
  - name: change
    input: what is the difference between 206588 and 181001?
    ground_truth: "25587"
evaluations:
  metrics:
    - { type: standard, metric: numeric }`;

const project = (tools: string) =>
  writeProject({
    'agent.yaml': `name: tools-count\n${modelBlock('openai', 'http://127.0.0.1:9')}\ninstructions: { inline: Answer. }\n${tools}\n${CASES}\n`,
  });

const FUNCTIONS = `  - { name: subtract, type: function, file: ${TOOLS_MODULE}, function: subtract }
  - { name: divide, type: function, file: ${TOOLS_MODULE}, function: divide }`;
const SERVER = `  - { name: fin, type: mcp, command: node, args: [server.mjs], include: [add, multiply] }`;

describe('holodeck validate', () => {
  it('counts MCP servers as servers beside the function tools', async () => {
    const both = await runCli(['validate', await project(`tools:\n${FUNCTIONS}\n${SERVER}`)]);
    expect(both.stderr).toBe('');
    expect(both.code).toBe(0);
    expect(both.stdout).toMatch(
      /is valid: agent "tools-count", 1 test case, 1 turn, 2 function tools, 1 MCP server, backend/,
    );
    const servers = await runCli(['validate', await project(`tools:\n${SERVER}`)]);
    expect(servers.stdout).toMatch(/, 1 turn, 1 MCP server, backend/);
    const functions = await runCli(['validate', await project(`tools:\n${FUNCTIONS}`)]);
    expect(functions.stdout).toMatch(/, 1 turn, 2 tools, backend/);
  });
});

import { describe, expect, it } from 'vitest';
import { at, expectConfig, loadYaml } from '../../test/support/config/fixtures/config-tree.js';
import { checkRunnable } from '../config/check-runnable.js';
import { formatConfigIssue } from '../config/format-config-issue.js';
import { builtinToolIssues } from './builtin-tool-issues.js';

const TOOLS = 'export function read() { return "text"; }\nexport function subtract({ a, b }) { return a - b; }\n';
const READ_TOOL = '  - { name: Read, type: function, file: tools.mjs, function: read, parameters: { type: object } }\n';
const SUBTRACT_TOOL = '  - { name: subtract, type: function, file: tools.mjs, parameters: { type: object } }\n';

function agent(backend: string, tools: string) {
  return `name: demo
model: { provider: anthropic, name: claude-sonnet-4-5, api_key: k, endpoint: "http://127.0.0.1:1" }
backend: ${backend}
tools:
${tools}test_cases:
  - { name: a, input: hi }
`;
}

async function issuesOf(yaml: string): Promise<string[]> {
  const loaded = await loadYaml(yaml, { 'tools.mjs': TOOLS });
  const config = expectConfig(loaded);
  // Located as `validate` and `test` locate them, with the configuration's other issues (here none).
  const issues = await checkRunnable(config, {}, undefined, await builtinToolIssues(config));
  return issues.map((issue) => formatConfigIssue(issue, loaded.dir));
}

describe('builtinToolIssues', () => {
  it('refuses a function tool named like an enabled built-in tool, at its name', async () => {
    const yaml = agent('{ claude_agent_sdk: { builtin_tools: [Read, Grep] } }', READ_TOOL);
    expect(await issuesOf(yaml)).toEqual([
      `${at(yaml, 'Read, type')}  tools[0].name\n  tool "Read" has the name of Claude Code's built-in tool Read, ` +
        'enabled in builtin_tools: calls of either would be reported as Read — rename the function tool, or leave ' +
        'Read out of backend.claude_agent_sdk.builtin_tools',
    ]);
    // Without the built-in, the tool is the agent's only Read (offered as mcp__holodeck__Read).
    expect(await issuesOf(agent('claude_agent_sdk', READ_TOOL))).toEqual([]);
  });

  it('says a listed name that is no built-in once, as unknown, not also as a clash with the tool of that name', async () => {
    const issues = await issuesOf(
      agent('{ claude_agent_sdk: { builtin_tools: [Read, Bsh, subtract] } }', SUBTRACT_TOOL),
    );
    expect(issues).toHaveLength(2);
    expect(issues[0]).toMatch(/unknown Claude Code built-in tool `Bsh` — did you mean `Bash`\?/);
    expect(issues[1]).toMatch(/unknown Claude Code built-in tool `subtract`/);
  });
});

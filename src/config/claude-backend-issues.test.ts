import { describe, expect, it } from 'vitest';
import { at, expectConfig, loadYaml } from '../../test/support/config/fixtures/config-tree.js';
import { checkRunnable } from './check-runnable.js';
import { formatConfigIssue } from './format-config-issue.js';

const TOOLS = 'export function read() { return "text"; }\nexport function add({ a, b }) { return a + b; }\n';
const LONG = 'a_tool_name_of_fifty_characters_which_is_too_long1';

function agent(backend: string, tools: string, endpoint = 'http://127.0.0.1:1') {
  return `name: demo
model: { provider: anthropic, name: claude-sonnet-4-5, api_key: k, endpoint: "${endpoint}" }
backend: ${backend}
tools:
${tools}test_cases:
  - { name: a, input: hi }
`;
}

/** The configuration's runnable issues as the CLI prints them. */
async function issuesOf(yaml: string): Promise<string[]> {
  const loaded = await loadYaml(yaml, { 'tools.mjs': TOOLS });
  const config = expectConfig(loaded);
  const issues = await checkRunnable(config, {});
  return issues.map((issue) => formatConfigIssue(issue, loaded.dir));
}

const READ_TOOL = '  - { name: Read, type: function, file: tools.mjs, function: read, parameters: { type: object } }\n';
const ADD_TOOL = '  - { name: add, type: function, file: tools.mjs, parameters: { type: object } }\n';

describe('claude_agent_sdk configuration issues', () => {
  it('refuses a function tool name over 64 characters as Claude Code offers it (mcp__holodeck__ and the name)', async () => {
    const tools = `  - { name: ${LONG}, type: function, file: tools.mjs, function: add, parameters: { type: object } }\n`;
    const yaml = agent('claude_agent_sdk', tools);
    expect(await issuesOf(yaml)).toEqual([
      `${at(yaml, LONG)}  tools[0].name\n  backend claude_agent_sdk offers this tool to the model as ` +
        `mcp__holodeck__${LONG}, 65 characters: Anthropic accepts at most 64 — shorten the name to at most 49 characters`,
    ]);
    const fits = `  - { name: ${LONG.slice(0, 49)}, type: function, file: tools.mjs, function: add, parameters: { type: object } }\n`;
    expect(await issuesOf(agent('claude_agent_sdk', fits))).toEqual([]);
    expect(await issuesOf(agent('ai_sdk', tools))).toEqual([]);
  });

  it('refuses an endpoint with a query string, located, with the other issues', async () => {
    const yaml = agent('{ claude_agent_sdk: { builtin_tools: [Read] } }', READ_TOOL, 'http://127.0.0.1:1/?key=abc');
    expect(await issuesOf(yaml)).toEqual([
      `${at(yaml, '"http://127.0.0.1:1/?key=abc"')}  model.endpoint\n  the endpoint has a query string, which backend ` +
        'claude_agent_sdk cannot send (Claude Code appends its API paths after it) — remove it (pass credentials as ' +
        'model.api_key), or use backend ai_sdk, which sends it',
    ]);
    expect(await issuesOf(agent('ai_sdk', ADD_TOOL, 'http://127.0.0.1:1/?key=abc'))).toEqual([]);
  });
});

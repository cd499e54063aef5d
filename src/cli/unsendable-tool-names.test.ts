import { describe, expect, it } from 'vitest';
import { expectConfig, loadYaml } from '../../test/support/config/fixtures/config-tree.js';
import type { AgentBackend } from '../core/backend.js';
import { caseWarnings } from './case-warnings.js';
import { unsendableToolNames } from './unsendable-tool-names.js';

const CASES = 'test_cases: [{ name: a, input: q }]\n';

async function configOf(model: string) {
  return expectConfig(await loadYaml(`name: demo\nmodel: ${model}\n${CASES}`));
}

describe('unsendableToolNames', () => {
  it('names the tools OpenAI and Anthropic would refuse, with the fix', async () => {
    const openai = await configOf('{ provider: openai, name: gpt-4o, api_key: sk-test-0123456789 }');
    const long = 'x'.repeat(65);
    expect(unsendableToolNames(openai, ['lookup', 'files.read', 'web search', long, 'ok-name_2'])).toEqual([
      `tool names "files.read", "web search", "${long}" are not what openai accepts (letters, digits, _ and -, at most 64 characters): every request offering them will be refused — leave them out with the MCP server's \`exclude\` or \`include\``,
    ]);
    const anthropic = await configOf('{ provider: anthropic, name: claude-sonnet-4-5, api_key: sk-ant-0123456789 }');
    expect(unsendableToolNames(anthropic, ['a/b'])[0]).toMatch(/^tool name "a\/b" is not what anthropic accepts/);
    expect(unsendableToolNames(openai, ['lookup', 'subtract'])).toEqual([]);
  });

  it('checks the names backend claude_agent_sdk offers: mcp__holodeck__ and the tool name, built-ins as they are', async () => {
    const loaded = await loadYaml(
      `name: demo\nmodel: { provider: anthropic, name: claude-sonnet-4-5, api_key: k }\nbackend: { claude_agent_sdk: { builtin_tools: [Read] } }\n${CASES}`,
    );
    const claude = expectConfig(loaded);
    const fits = 'x'.repeat(49);
    expect(unsendableToolNames(claude, [fits, 'Read'])).toEqual([]);
    expect(unsendableToolNames(claude, [`${fits}y`, 'lookup'])).toEqual([
      `tool name "mcp__holodeck__${fits}y" (as backend claude_agent_sdk offers it) is not what anthropic accepts (letters, digits, _ and -, at most 64 characters): every request offering it will be refused — leave it out with the MCP server's \`exclude\` or \`include\``,
    ]);
  });

  it('says nothing for providers that take other names (Ollama, OpenAI-compatible servers)', async () => {
    const ollama = await configOf('{ provider: ollama, name: llama3.2 }');
    expect(unsendableToolNames(ollama, ['files.read'])).toEqual([]);
  });

  it('is said among the warnings before the run, once the tools are known', async () => {
    const openai = await configOf('{ provider: openai, name: gpt-4o, api_key: sk-test-0123456789 }');
    const backend = { tool_names: ['files.read'] } as unknown as AgentBackend;
    expect((await caseWarnings(openai, openai.test_cases, backend)).join('\n')).toContain(
      'tool name "files.read" is not what openai accepts',
    );
  });
});

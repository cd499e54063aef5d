// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} references are part of the YAML under test
import { describe, expect, it } from 'vitest';
import { at, expectConfig, formattedIssues, loadYaml } from '../../test/support/config/fixtures/config-tree.js';

const CASES = 'test_cases: [{ name: t, input: q }]\n';

async function lines(yaml: string, env: Record<string, string> = {}): Promise<string[]> {
  return formattedIssues(await loadYaml(yaml, {}, env));
}

describe('model', () => {
  it('suggests the provider meant, and requires name', async () => {
    const yaml = `name: a\nmodel: { provider: opnai }\n${CASES}`;
    expect(await lines(yaml)).toEqual([
      `${at(yaml, '{ provider')}  model.name\n  missing required key \`name\` — add the model's name, e.g. name: gpt-4o-mini`,
      `${at(yaml, 'opnai')}  model.provider\n` +
        '  "opnai" is not one of: openai, azure_openai, anthropic, ollama, openai_compatible — did you mean `openai`?',
    ]);
  });

  it('requires an endpoint for openai_compatible and azure_openai, and api_version only for azure', async () => {
    const yaml = `name: a\nmodel: { provider: openai_compatible, name: m, api_version: v1 }\n${CASES}`;
    expect(await lines(yaml)).toEqual([
      `${at(yaml, '{ provider')}  model.endpoint\n  provider openai_compatible needs an \`endpoint\` — ` +
        'add endpoint: with the base URL of the server, e.g. http://127.0.0.1:8000/v1',
      `${at(yaml, 'api_version')}  model.api_version\n  \`api_version\` applies to provider azure_openai only — remove it`,
    ]);
    const azure = `name: a\nmodel: { provider: azure_openai, name: m, endpoint: "https://x.openai.azure.com", api_version: v1 }\n${CASES}`;
    expect(expectConfig(await loadYaml(azure)).model).toMatchObject({ provider: 'azure_openai', api_version: 'v1' });
  });

  it('checks endpoint URLs and number fields', async () => {
    const yaml = `name: a\nmodel: { provider: ollama, name: m, endpoint: localhost:11434, max_tokens: 10.5 }\n${CASES}`;
    expect(await lines(yaml)).toEqual([
      `${at(yaml, 'localhost')}  model.endpoint\n  must be an http:// or https:// URL`,
      `${at(yaml, '10.5')}  model.max_tokens\n  expected a whole number, got 10.5`,
    ]);
    // Shaped like a URL but not one the model clients can use: located here, not found when the run starts.
    for (const endpoint of [
      'http://user:pw@exa mple.com/v1',
      'http://[::1/v1',
      'http://127.0.0.1:99999/v1',
      'http://:80/v1',
    ]) {
      const bad = `name: a\nmodel: { provider: openai, name: m, endpoint: "${endpoint}" }\n${CASES}`;
      expect(await lines(bad), endpoint).toEqual([
        `${at(bad, '"http')}  model.endpoint\n  must be an http:// or https:// URL with a host, a port up to 65535 and ` +
          'no spaces — write it like http://127.0.0.1:8000/v1',
      ]);
    }
  });

  it('takes numbers and booleans from ${VAR} substitution', async () => {
    const yaml =
      'name: a\nmodel:\n  provider: ollama\n  name: m\n  temperature: "${TEMP:-0.5}"\n  max_tokens: ${MAX}\n' +
      'evaluations: { metrics: [{ type: standard, metric: bleu, enabled: "${BLEU:-false}" }] }\n' +
      CASES;
    const config = expectConfig(await loadYaml(yaml, {}, { MAX: '256' }));
    expect(config.model).toMatchObject({ temperature: 0.5, max_tokens: 256 });
    expect(config.evaluations.metrics[0]?.enabled).toBe(false);
  });
});

describe('${VAR} substitution', () => {
  it('reports the first YAML syntax error, with a hint when an unquoted ${VAR} sits in a flow mapping', async () => {
    const yaml = `name: a\nmodel: { provider: ollama, name: \${MODEL} }\n${CASES}`;
    expect(await lines(yaml)).toEqual([
      expect.stringMatching(
        /^agent\.yaml:2:\d+\n {2}YAML syntax error: .* — inside \{ \} or \[ \], quote \$\{VAR\} references: "\$\{VAR\}"$/,
      ),
    ]);
  });

  it('reports every missing variable, located, in test cases too, and nothing else about those values', async () => {
    const yaml =
      'name: ${AGENT_NAME}\nmodel: { provider: ollama, name: m, api_key: "${KEY}" }\n' +
      'test_cases:\n  - { name: t, input: "about ${TOPIC:-cash} in ${YEAR}" }\n';
    expect(await lines(yaml)).toEqual([
      `${at(yaml, '${AGENT')}  name\n  environment variable \`AGENT_NAME\` is not set — set it, or give a default: \${AGENT_NAME:-value}`,
      `${at(yaml, '"${KEY}"')}  model.api_key\n  environment variable \`KEY\` is not set — set it: export KEY=…`,
      `${at(yaml, '"about')}  test_cases[0] "t" › input\n  environment variable \`YEAR\` is not set — set it, or give a default: \${YEAR:-value}`,
    ]);
    const config = expectConfig(await loadYaml(yaml, {}, { AGENT_NAME: 'x', KEY: 'k', YEAR: '2009' }));
    expect(config.test_cases[0]?.turns[0]?.input).toBe('about cash in 2009');
  });
});

describe('backend and instructions', () => {
  it('accepts ai_sdk (default) and claude_agent_sdk, and explains a bare `module`', async () => {
    expect(expectConfig(await loadYaml(`name: a\nmodel: { provider: anthropic, name: m }\n${CASES}`)).backend).toEqual({
      type: 'ai_sdk',
    });
    const claude = `name: a\nmodel: { provider: anthropic, name: m }\nbackend: claude_agent_sdk\n${CASES}`;
    expect(expectConfig(await loadYaml(claude)).backend).toEqual({ type: 'claude_agent_sdk', builtin_tools: [] });
    const withTools = claude.replace(
      'backend: claude_agent_sdk',
      'backend: { claude_agent_sdk: { builtin_tools: [Read, Grep, Read] } }',
    );
    expect(expectConfig(await loadYaml(withTools)).backend).toEqual({
      type: 'claude_agent_sdk',
      builtin_tools: ['Read', 'Grep'],
    });
    const badTool = claude.replace(
      'backend: claude_agent_sdk',
      'backend: { claude_agent_sdk: { builtin_tools: ["rm -rf"] } }',
    );
    expect((await lines(badTool)).join('\n')).toMatch(
      /backend\.claude_agent_sdk\.builtin_tools\[0\]\n.*use a Claude Code tool name/,
    );
    // A name where a list is due is said of builtin_tools, not of the backend as a whole.
    const notList = claude.replace(
      'backend: claude_agent_sdk',
      'backend: { claude_agent_sdk: { builtin_tools: Read } }',
    );
    expect((await lines(notList)).join('\n')).toMatch(
      /backend\.claude_agent_sdk\.builtin_tools\n +expected a list, got "Read" — write it as a list: builtin_tools: \["Read"\]/,
    );
    // Two mistakes inside the block are said of the block's own keys, not as a `{ module }` missing its key.
    const twoMistakes = claude.replace(
      'backend: claude_agent_sdk',
      'backend: { claude_agent_sdk: { builtin_tools: Read, extra: 1 } }',
    );
    expect(await lines(twoMistakes)).toEqual([
      `${at(twoMistakes, 'Read')}  backend.claude_agent_sdk.builtin_tools\n  expected a list, got "Read" — write it as a list: builtin_tools: ["Read"]`,
      `${at(twoMistakes, 'extra')}  backend.claude_agent_sdk.extra\n  unknown key \`extra\` — allowed keys: builtin_tools`,
    ]);
    const bare = `name: a\nmodel: { provider: anthropic, name: m }\nbackend: module\n${CASES}`;
    expect(await lines(bare)).toEqual([
      `${at(bare, 'module')}  backend\n  "module" is not one of: ai_sdk, claude_agent_sdk — ` +
        'or { module: "agents/my-agent.ts:createAgent" } for your own agent',
    ]);
  });

  it('requires exactly one of file or inline, and reads inline text', async () => {
    const both = `name: a\nmodel: { provider: ollama, name: m }\ninstructions: { file: a.md, inline: x }\n${CASES}`;
    expect(await lines(both)).toEqual([
      `${at(both, 'inline')}  instructions.inline\n  instructions need exactly one of \`file\` or \`inline\` — ` +
        'write instructions: { file: instructions.md } or instructions: { inline: "..." }',
    ]);
    const neither = `name: a\nmodel: { provider: ollama, name: m }\ninstructions: {}\n${CASES}`;
    expect(await lines(neither)).toEqual([
      `${at(neither, '{}')}  instructions\n  instructions need exactly one of \`file\` or \`inline\` — ` +
        'write instructions: { file: instructions.md } or instructions: { inline: "..." }',
    ]);
    const bare = `name: a\nmodel: { provider: ollama, name: m }\ninstructions: You are a helpful agent.\n${CASES}`;
    expect(await lines(bare)).toEqual([
      `${at(bare, 'You are')}  instructions\n  expected a mapping (key: value), got "You are a helpful agent." — ` +
        'write instructions: { file: instructions.md } or instructions: { inline: "..." }',
    ]);
    const unreadable = await loadYaml(
      `name: a\nmodel: { provider: ollama, name: m }\ninstructions: { file: dir.md }\n${CASES}`,
      {
        'dir.md/x': '',
      },
    );
    expect(formattedIssues(unreadable)[0]).toMatch(
      /^agent\.yaml:3:23 {2}instructions\.file\n {2}cannot read instructions file .*dir\.md: /,
    );
    const inline = `name: a\nmodel: { provider: ollama, name: m }\ninstructions: { inline: Be brief. }\n${CASES}`;
    expect(expectConfig(await loadYaml(inline)).instructions).toBe('Be brief.');
  });
});

describe('tools', () => {
  it('checks MCP transports and tool names', async () => {
    const yaml =
      'name: a\nmodel: { provider: ollama, name: m }\ntools:\n' +
      '  - { name: both, type: mcp, command: node, url: "http://127.0.0.1:1/mcp" }\n' +
      '  - { name: none, type: mcp }\n' +
      '  - { name: http, type: mcp, url: "http://127.0.0.1:1/mcp", cwd: x }\n' +
      '  - { name: "bad name", type: mcp, command: node, headers: { a: b } }\n' +
      '  - { name: both, type: mpc }\n' +
      '  - { name: fn, type: function, file: x.ts, function: 1fn }\n' +
      CASES;
    const hint = 'use command: (with args, env, cwd) for a stdio server, or url: (with headers) for an HTTP server';
    expect(await lines(yaml)).toEqual([
      `${at(yaml, 'url:')}  tools[0].url\n  an MCP tool has either \`command\` or \`url\`, not both — ${hint}`,
      `${at(yaml, '{ name: none')}  tools[1]\n  an MCP tool needs \`command\` or \`url\` — ${hint}`,
      `${at(yaml, 'cwd')}  tools[2].cwd\n  \`cwd\` does not apply to an HTTP server (\`url\`) — ${hint}`,
      `${at(yaml, '"bad name"')}  tools[3].name\n  must be 1 to 64 letters, digits, \`_\` or \`-\` — ` +
        'model providers accept only these characters in tool names',
      `${at(yaml, 'headers')}  tools[3].headers\n  \`headers\` does not apply to a stdio server (\`command\`) — ${hint}`,
      `${at(yaml, 'both, type: mpc')}  tools[4].name\n  duplicate tool name "both" — tools[0] has the same name; tool names must be unique`,
      `${at(yaml, 'mpc')}  tools[4].type\n  unknown type "mpc" — did you mean \`mcp\`?`,
      `${at(yaml, '1fn')}  tools[5].function\n  must be the name of an export (an identifier, or \`default\`)`,
    ]);
  });
});

describe('MCP tool selection', () => {
  it('takes include, exclude and prefix', async () => {
    const yaml =
      'name: a\nmodel: { provider: ollama, name: m }\ntools:\n' +
      '  - { name: fs, type: mcp, command: node, include: [read, list], prefix: fs_ }\n' +
      '  - { name: web, type: mcp, url: "http://127.0.0.1:1/mcp", exclude: [delete] }\n' +
      CASES;
    const [fs, web] = expectConfig(await loadYaml(yaml)).tools;
    expect(fs).toMatchObject({ include: ['read', 'list'], exclude: [], prefix: 'fs_' });
    expect(web).toMatchObject({ include: null, exclude: ['delete'], prefix: '' });
  });

  it('rejects a prefix models would refuse, and a tool both included and excluded', async () => {
    const yaml =
      'name: a\nmodel: { provider: ollama, name: m }\ntools:\n' +
      '  - { name: fs, type: mcp, command: node, include: [read], exclude: [read], prefix: "fs." }\n' +
      CASES;
    expect(await lines(yaml)).toEqual([
      `${at(yaml, 'read], prefix')}  tools[0].exclude[0]\n  "read" is both included and excluded — remove it from one of the two lists`,
      `${at(yaml, '"fs."')}  tools[0].prefix\n  must be 1 to 32 letters, digits, \`_\` or \`-\` — ` +
        'the prefix becomes part of every tool name, and model providers accept only these characters',
    ]);
  });
});

describe('MCP server working folder', () => {
  it('refuses a cwd that does not exist or is a file, located, rather than failing to start the command', async () => {
    const yaml =
      'name: a\nmodel: { provider: ollama, name: m }\ntools:\n' +
      '  - { name: gone, type: mcp, command: node, cwd: nowhere }\n' +
      '  - { name: file, type: mcp, command: node, cwd: notes.txt }\n' +
      '  - { name: here, type: mcp, command: node, cwd: servers }\n' +
      CASES;
    const loaded = await loadYaml(yaml, { 'notes.txt': 'x', 'servers/readme.md': 'y' });
    expect(formattedIssues(loaded)).toEqual([
      `${at(yaml, 'nowhere')}  tools[0].cwd\n  the server's working folder ${loaded.dir}/nowhere does not exist`,
      `${at(yaml, 'notes.txt')}  tools[1].cwd\n  the server's working folder ${loaded.dir}/notes.txt is not a folder`,
    ]);
  });
});

describe('where the test cases come from', () => {
  it('requires test_cases or test_cases_file, not both and not neither', async () => {
    const none = 'name: a\nmodel: { provider: ollama, name: m }\n';
    expect(await lines(none)).toEqual([
      'agent.yaml:1:1  test_cases\n  there are no test cases — add `test_cases:` (a list) or `test_cases_file:` (a YAML or JSON file of test cases)',
    ]);
    const both = `${none}test_cases_file: cases.yaml\n${CASES}`;
    expect(await lines(both)).toEqual([
      `${at(both, 'test_cases_file')}  test_cases_file\n  use either \`test_cases\` or \`test_cases_file\`, not both — ` +
        'move the inline test cases into the file, or remove `test_cases_file`',
    ]);
    expect(await lines(`${none}test_cases: { name: t }\n`)).toEqual([
      'agent.yaml:3:13  test_cases\n  expected a list, got a mapping — write it as a list item: "- " before its first key, or [ ] around it',
    ]);
  });
});

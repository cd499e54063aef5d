import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentConfig, ModelConfig } from '../../core/config-types.js';
import { BackendSettingError, BackendStartError } from '../../core/errors.js';
import { BackendUnavailableError } from './backend-unavailable-error.js';
import { createClaudeAgentSdkBackend } from './create-claude-agent-sdk-backend.js';
import { importClaudeAgentSdk, launchProblem } from './load-claude-agent-sdk.js';

function config(model: Partial<ModelConfig> = {}): AgentConfig {
  return {
    name: 'a',
    description: null,
    model: {
      provider: 'anthropic',
      name: 'claude-sonnet-4-5',
      endpoint: 'http://127.0.0.1:9',
      api_key: 'k',
      temperature: null,
      max_tokens: null,
      api_version: null,
      ...model,
    },
    backend: { type: 'claude_agent_sdk', builtin_tools: [] },
    instructions: '',
    tools: [],
    evaluations: { model: null, metrics: [] },
    execution: {
      llm_timeout: 60,
      parallel_test_cases: 1,
      max_retries: 0,
      max_steps: 10,
      limit: null,
      filter: null,
      results_dir: null,
      redact: [],
      fail_on_tool_error: false,
      repeat: 1,
      min_pass_rate: 1,
      tool_name_match: 'substring',
      distinct_calls: false,
    },
    test_cases: [],
    config_path: '/x/agent.yaml',
    base_dir: '/x',
  };
}

const toolSet = { tools: [], close: async () => undefined };
const missing = Object.assign(new Error("Cannot find package '@anthropic-ai/claude-agent-sdk' imported from /x.js"), {
  code: 'ERR_MODULE_NOT_FOUND',
});

describe('createClaudeAgentSdkBackend', () => {
  it('without the SDK installed, fails with the install command', async () => {
    const attempt = createClaudeAgentSdkBackend(config(), {
      env: {},
      toolSet,
      importSdk: () => Promise.reject(missing),
    });
    await expect(attempt).rejects.toThrow(BackendUnavailableError);
    await expect(attempt).rejects.toMatchObject({
      code: 'BACKEND_UNAVAILABLE',
      install_command: 'npm install @anthropic-ai/claude-agent-sdk@0.3.334',
    });
  });

  it('cannot start without an Anthropic model and key, or with an unknown built-in tool', async () => {
    const start = (agent: AgentConfig, builtin_tools: string[] = []) =>
      createClaudeAgentSdkBackend(agent, { env: {}, toolSet, builtin_tools, importSdk: importClaudeAgentSdk });
    await expect(start(config({ provider: 'ollama' }))).rejects.toThrow(BackendStartError);
    await expect(start(config({ api_key: null }))).rejects.toThrow(/no API key for provider anthropic/);
    await expect(start(config(), ['Read', 'Teleport'])).rejects.toThrow(
      /unknown Claude Code built-in tool Teleport: choose from .*\bBash\b/,
    );
  });

  it('cannot start with a tool of ours named like an enabled built-in tool (an MCP server listing Read)', async () => {
    const read = {
      name: 'Read',
      description: 'reads a document',
      input_schema: { type: 'object' },
      execute: async () => ({ value: 'text', content: null }),
    };
    const start = (builtin_tools: string[]) =>
      createClaudeAgentSdkBackend(config(), {
        env: {},
        toolSet: { tools: [read], close: async () => undefined },
        builtin_tools,
      });
    await expect(start(['Grep', 'Read'])).rejects.toThrow(
      /^tool "Read" has the name of Claude Code's built-in tool Read, enabled in builtin_tools: calls of either would be reported as Read — .*give the server a `prefix`/,
    );
    await expect(start(['Read'])).rejects.toBeInstanceOf(BackendSettingError);
    const backend = await start(['Grep']);
    await backend.close();
  });

  it('starts with the bundled Claude Code binary; a session opens and closes without a turn', async () => {
    const backend = await createClaudeAgentSdkBackend(config(), { env: {}, toolSet, builtin_tools: ['Read', 'Read'] });
    expect(backend.name).toBe('claude_agent_sdk');
    const session = await backend.openSession({ test_case_name: 'c', signal: new AbortController().signal });
    await session.close();
    await backend.close();
  });

  it('cannot start with a Claude Code binary that cannot be launched, saying why (exit 3), not at every turn', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-noexec-'));
    const executable = join(dir, 'claude');
    await writeFile(executable, '#!/bin/sh\nexit 0\n', { mode: 0o644 });
    try {
      const attempt = createClaudeAgentSdkBackend(config(), { env: {}, toolSet, executable_path: executable });
      await expect(attempt).rejects.toBeInstanceOf(BackendStartError);
      await expect(attempt).rejects.toThrow(
        `backend claude_agent_sdk cannot launch the Claude Code binary ${executable}: it is not executable (EACCES): make it so (chmod +x ${executable})`,
      );
      await expect(attempt).rejects.not.toThrow(/pathToClaudeCodeExecutable|musl|glibc/);
      expect(launchProblem(join(dir, 'gone'))).toMatch(
        /cannot launch the Claude Code binary .*gone: it is not there \(ENOENT\)/,
      );
      expect(launchProblem(process.execPath)).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

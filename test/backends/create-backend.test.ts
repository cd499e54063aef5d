import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend } from '../../src/backends/create-backend.js';
import type { AgentConfig } from '../../src/core/config-types.js';
import { BackendStartError } from '../../src/core/errors.js';
import { createConvFinQaScript, JKHY_2009 } from '../fakes/convfinqa-script.js';
import { agentConfig, modelConfig, turnRequest } from '../fakes/fixtures/agent-config.js';
import { functionToolConfig, stdioMcpConfig } from '../fakes/fixtures/tool-configs.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { isRunning } from '../helpers/is-running.js';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(createConvFinQaScript());
});
afterAll(async () => {
  await server.close();
});

const signal = new AbortController().signal;

/** An MCP server over stdio that writes its pid, so the test can see it stop. */
function mcpWithPid(): { config: ReturnType<typeof stdioMcpConfig>; pid: () => number } {
  const file = join(mkdtempSync(join(tmpdir(), 'holodeck-mcp-')), 'pid');
  return { config: stdioMcpConfig('finance', ['--pid-file', file]), pid: () => Number(readFileSync(file, 'utf8')) };
}

async function waitUntilStopped(pid: number): Promise<boolean> {
  for (let i = 0; i < 100 && isRunning(pid); i += 1) await new Promise((r) => setTimeout(r, 50));
  return !isRunning(pid);
}

function config(overrides: Partial<AgentConfig>): AgentConfig {
  const base = agentConfig({
    model: modelConfig({ provider: 'openai', name: 'gpt-4o-mini', endpoint: `${server.url}/v1`, api_key: 'k' }),
  });
  return { ...base, ...overrides };
}

describe('createBackend', () => {
  it('runs ai_sdk with MCP tools and stops the MCP server on close', async () => {
    const mcp = mcpWithPid();
    const backend = await createBackend(config({ tools: [mcp.config] }), { env: {} });
    expect(backend.name).toBe('ai_sdk');
    const session = await backend.openSession({ test_case_name: JKHY_2009.name, signal });
    const turn = await session.send(turnRequest(0, JKHY_2009.turns[3].input));
    expect(turn.response).toBe('0.14136');
    expect(turn.tool_invocations.map((c) => [c.name, c.result])).toEqual([
      ['subtract', 25587],
      ['divide', 25587 / 181001],
    ]);
    expect(isRunning(mcp.pid())).toBe(true);
    await session.close();
    await backend.close();
    expect(await waitUntilStopped(mcp.pid())).toBe(true);
  });

  it('runs a module backend with the same tools', async () => {
    const backend = await createBackend(
      config({
        backend: {
          type: 'module',
          module: 'oracle.ts:create',
          factory: ({ tools }) => ({ send: async () => String(await tools['subtract']?.({ a: 206588, b: 181001 })) }),
        },
        tools: [stdioMcpConfig('finance')],
      }),
      { env: {} },
    );
    const session = await backend.openSession({ test_case_name: 'oracle', signal });
    const turn = await session.send(turnRequest(0, 'difference?'));
    expect(turn.response).toBe('25587');
    expect(turn.tool_invocations).toMatchObject([{ name: 'subtract', result: 25587, error: null }]);
    await backend.close();
  });

  it('refuses claude_agent_sdk for now and stops the tools it started', async () => {
    const mcp = mcpWithPid();
    const attempt = createBackend(
      config({ backend: { type: 'claude_agent_sdk', builtin_tools: [] }, tools: [mcp.config] }),
      { env: {} },
    );
    await expect(attempt).rejects.toThrow(BackendStartError);
    await expect(attempt).rejects.toThrow(/runs Anthropic models only/);
    expect(await waitUntilStopped(mcp.pid())).toBe(true);
  });

  it('stops the tools when the model cannot be set up', async () => {
    const mcp = mcpWithPid();
    const noKey = config({ tools: [mcp.config] });
    if (noKey.model === null) throw new Error('the fixture has a model');
    const attempt = createBackend({ ...noKey, model: { ...noKey.model, endpoint: null, api_key: null } }, { env: {} });
    await expect(attempt).rejects.toThrow(/no API key for provider openai/);
    expect(await waitUntilStopped(mcp.pid())).toBe(true);
  });

  it('fails to start when a tool cannot be loaded', async () => {
    const clash = functionToolConfig('subtract', { description: '', parameters: {}, execute: () => 0 });
    await expect(createBackend(config({ tools: [clash, stdioMcpConfig('finance')] }), { env: {} })).rejects.toThrow(
      /tool name "subtract" is offered by both function tool "subtract" and MCP server "finance"/,
    );
  });
});

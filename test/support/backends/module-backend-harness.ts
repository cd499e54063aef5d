/**
 * The module backend under test: a module agent's factory over four in-memory finance tools (one of which always
 * throws), the configuration around it, and helpers to open sessions and catch turn errors.
 */
import { expect } from 'vitest';
import { createModuleBackend } from '../../../src/backends/module/create-module-backend.js';
import type { AgentBackend } from '../../../src/core/backend.js';
import type { AgentConfig, BackendConfig } from '../../../src/core/config-types.js';
import { AgentTurnError } from '../../../src/core/errors.js';
import type { LoadedTool, ToolSet } from '../../../src/core/loaded-tool.js';
import type { ModuleAgentFactory } from '../../../src/core/module-agent.js';
import { agentConfig, modelConfig, turnRequest } from '../../fakes/fixtures/agent-config.js';

export function loaded(name: string, execute: (args: Record<string, unknown>) => unknown): LoadedTool {
  return {
    name,
    description: name,
    input_schema: { type: 'object' },
    execute: async (args) => ({ value: execute(args), content: null }),
  };
}

const TABLE: Readonly<Record<string, number>> = { '2009': 206588, '2008': 181001 };
export const toolSet: ToolSet = {
  tools: [
    loaded('lookup', (args) => TABLE[String(args['column'])] ?? null),
    loaded('subtract', (args) => Number(args['a']) - Number(args['b'])),
    loaded('divide', (args) => Number(args['a']) / Number(args['b'])),
    loaded('archive', () => {
      throw new Error('archive is offline');
    }),
  ],
  close: async () => undefined,
};

/** The agent configuration of the fixtures (agent-config.ts) with this backend, and these execution settings. */
export function config(backend: BackendConfig, execution: Partial<AgentConfig['execution']> = {}): AgentConfig {
  const base = agentConfig({
    model: modelConfig({ provider: 'openai', name: 'm' }),
    backend,
    instructions: 'You are a financial analyst.',
    max_retries: 0,
  });
  return { ...base, execution: { ...base.execution, ...execution } };
}

export { turnRequest };

export function backendFor(
  factory: ModuleAgentFactory,
  execution: Partial<AgentConfig['execution']> = {},
): Promise<AgentBackend> {
  return createModuleBackend(config({ type: 'module', module: 'agents/oracle.ts:createAgent', factory }, execution), {
    toolSet,
  });
}

/** A module agent offered these tools instead of the financial ones. */
export function backendWithTools(tools: readonly LoadedTool[], factory: ModuleAgentFactory): Promise<AgentBackend> {
  return createModuleBackend(config({ type: 'module', module: 'agents/oracle.ts:createAgent', factory }), {
    toolSet: { tools, close: async () => undefined },
  });
}

export const open = (backend: AgentBackend, name = 'JKHY-2009') =>
  backend.openSession({ test_case_name: name, signal: new AbortController().signal });

export async function turnError(promise: Promise<unknown>): Promise<AgentTurnError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AgentTurnError);
  return error as AgentTurnError;
}

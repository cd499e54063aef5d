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

export function config(backend: BackendConfig, execution: Partial<AgentConfig['execution']> = {}): AgentConfig {
  return {
    name: 'financial-assistant',
    description: null,
    model: {
      provider: 'openai',
      name: 'm',
      endpoint: null,
      api_key: null,
      temperature: null,
      max_tokens: null,
      api_version: null,
    },
    backend,
    instructions: 'You are a financial analyst.',
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
      ...execution,
    },
    test_cases: [],
    config_path: '/project/agent.yaml',
    base_dir: '/project',
  };
}

export function turnRequest(index: number, input: string, signal: AbortSignal = new AbortController().signal) {
  return { turn_index: index, input, files: [], turn_config: {}, signal };
}

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

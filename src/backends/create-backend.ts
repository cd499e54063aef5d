/**
 * Picks the backend for `backend.type`, loads the configured tools for it, and owns their lifetime:
 * closing the backend closes the tools (MCP servers) too. The backend names the tools the agent is offered.
 */
import type { AgentBackend } from '../core/backend.js';
import { closedParams } from '../core/closed-params.js';
import type { AgentConfig, BackendName } from '../core/config-types.js';
import type { ToolSet } from '../core/loaded-tool.js';
import { loadToolSet } from '../tools/load-tool-set.js';
import type { ToolWorkers } from '../tools/tool-workers.js';
import { createAiSdkBackend } from './ai-sdk/create-ai-sdk-backend.js';
import type { Env } from './ai-sdk/create-language-model.js';
import type { ModelRecording } from './ai-sdk/recording/model-recording.js';
import { createClaudeAgentSdkBackend } from './claude-agent-sdk/create-claude-agent-sdk-backend.js';
import { createModuleBackend } from './module/create-module-backend.js';

export interface CreateBackendOptions {
  /** The environment (API keys, OLLAMA_HOST…); the CLI passes its process environment. */
  readonly env: Env;
  /** How long MCP servers may take to start; default 30000. */
  readonly tool_startup_timeout_ms?: number;
  /** `--record`, `--replay` or `--cache`; only the ai_sdk backend's model calls can go through it. */
  readonly recording?: ModelRecording;
  /** Where function tools run when not in this thread's own tool threads (a case worker: the main thread's). */
  readonly tool_workers?: ToolWorkers;
}

export interface BackendFactoryDeps {
  readonly env: Env;
  readonly toolSet: ToolSet;
  readonly recording?: ModelRecording;
}

export type BackendFactory = (config: AgentConfig, deps: BackendFactoryDeps) => Promise<AgentBackend>;

export const BACKEND_FACTORIES: Readonly<Record<BackendName, BackendFactory>> = {
  ai_sdk: (config, deps) => createAiSdkBackend(config, deps),
  module: (config, deps) => createModuleBackend(config, deps),
  claude_agent_sdk: (config, deps) =>
    createClaudeAgentSdkBackend(config, {
      ...deps,
      builtin_tools: config.backend.type === 'claude_agent_sdk' ? config.backend.builtin_tools : [],
    }),
};

export async function createBackend(config: AgentConfig, options: CreateBackendOptions): Promise<AgentBackend> {
  const toolSet = await loadToolSet(config.tools, {
    base_dir: config.base_dir,
    ...(options.tool_workers === undefined ? {} : { tool_workers: options.tool_workers }),
    ...(options.tool_startup_timeout_ms === undefined ? {} : { startup_timeout_ms: options.tool_startup_timeout_ms }),
  });
  let backend: AgentBackend;
  try {
    const recording = options.recording === undefined ? {} : { recording: options.recording };
    backend = await BACKEND_FACTORIES[config.backend.type](config, { env: options.env, toolSet, ...recording });
  } catch (error) {
    await toolSet.close();
    throw error;
  }
  const builtin = config.backend.type === 'claude_agent_sdk' ? config.backend.builtin_tools : [];
  return {
    name: backend.name,
    tool_names: [...toolSet.tools.map((tool) => tool.name), ...builtin],
    tool_params: toolSet.tools.map((tool) => ({ name: tool.name, params: closedParams(tool.input_schema) })),
    openSession: (sessionOptions) => backend.openSession(sessionOptions),
    close: async () => {
      try {
        await backend.close();
      } finally {
        await toolSet.close();
      }
    },
  };
}

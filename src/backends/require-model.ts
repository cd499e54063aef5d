/** The agent model a model-driven backend runs; only a module backend may go without one. */
import type { AgentConfig, ModelConfig } from '../core/config-types.js';
import { BackendStartError } from '../core/errors.js';

export function requireModel(config: AgentConfig): ModelConfig {
  if (config.model !== null) return config.model;
  throw new BackendStartError(
    `backend ${config.backend.type} needs a model: add model: { provider, name } to agent.yaml or pass --model PROVIDER:NAME`,
  );
}

/**
 * Where the agent's model and the judge's are written in agent.yaml (`model`, `models[1]`, `evaluations.model`),
 * for the messages that say which block to fix: a refused key, a setting the provider dropped.
 */
import type { AgentConfig, ModelPaths } from './config-types.js';

/** As agent.yaml shows them: the judge is `evaluations.model`, else the agent's model (`model`, `models[0]`). */
export function writtenModelPaths(config: AgentConfig): ModelPaths {
  // With `models:`, `model` is the first of them, the same block.
  const index = config.model === null ? -1 : (config.models?.indexOf(config.model) ?? -1);
  const agent = index === -1 ? 'model' : `models[${index}]`;
  return { agent, judge: config.evaluations.model === null ? agent : 'evaluations.model' };
}

/** The paths as `--model` or a model matrix left them, else as agent.yaml shows them. */
export function modelPathsOf(config: AgentConfig): ModelPaths {
  return config.model_paths ?? writtenModelPaths(config);
}

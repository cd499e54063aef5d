/** CLI options override agent.yaml, which overrides env, which overrides defaults (PRODUCT.md §2). */
import type { AgentConfig, ModelConfig, ModelPaths } from '../core/config-types.js';
import { modelPathsOf } from '../core/model-paths.js';
import type { ModelOverride } from './parse-model-option.js';

export interface Overrides {
  readonly backend?: 'ai_sdk' | 'claude_agent_sdk' | undefined;
  readonly model?: ModelOverride | undefined;
  readonly timeout?: number | undefined;
  readonly parallelTestCases?: number | undefined;
  /** `--fail-on-tool-error`: only ever turns the policy on. */
  readonly failOnToolError?: boolean | undefined;
  readonly repeat?: number | undefined;
  readonly minPassRate?: number | undefined;
  /** Environment variables whose values are masked, beside those of `execution.redact` (never fewer). */
  readonly redact?: readonly string[] | undefined;
}

function backendOverride(config: AgentConfig, options: Overrides): AgentConfig['backend'] {
  if (!options.backend || options.backend === config.backend.type) return config.backend;
  return options.backend === 'ai_sdk' ? { type: 'ai_sdk' } : { type: 'claude_agent_sdk', builtin_tools: [] };
}

/**
 * `--model PROVIDER:NAME`: with the configured provider, only the name changes (endpoint and key stay); with
 * another provider, the endpoint, key and API version of the old one no longer apply and are dropped.
 */
export function modelOverride(current: ModelConfig | null, override: ModelOverride | undefined): ModelConfig | null {
  if (override === undefined) return current;
  if (current !== null && current.provider === override.provider) {
    if (current.name === override.name) return current;
    // A price belongs to the model it was written for: another model is priced from the built-in table.
    const { pricing: _price, ...rest } = current;
    return { ...rest, name: override.name };
  }
  return {
    provider: override.provider,
    name: override.name,
    endpoint: null,
    api_key: null,
    api_version: null,
    temperature: current?.temperature ?? null,
    max_tokens: current?.max_tokens ?? null,
  };
}

/** `--model` naming a model of `models:` (a matrix in agent.yaml) runs that block: its endpoint, key and pricing. */
function matrixBlock(config: AgentConfig, override: ModelOverride | undefined): ModelConfig | undefined {
  if (override === undefined) return undefined;
  return config.models?.find((model) => model.provider === override.provider && model.name === override.name);
}

export function applyOverrides(config: AgentConfig, options: Overrides): AgentConfig {
  const { models, ...rest } = config;
  // With `models:`, the judge is the first of them (unless evaluations.model is set), whichever model runs.
  const evaluations = { ...config.evaluations, model: config.evaluations.model ?? config.model };
  const block = matrixBlock(config, options.model);
  return {
    ...(options.model === undefined || models === undefined ? config : { ...rest, evaluations }),
    model: block ?? modelOverride(config.model, options.model),
    ...(options.model === undefined ? {} : { model_paths: overriddenPaths(config, options.model, block) }),
    backend: backendOverride(config, options),
    execution: {
      ...config.execution,
      llm_timeout: options.timeout ?? config.execution.llm_timeout,
      parallel_test_cases: options.parallelTestCases ?? config.execution.parallel_test_cases,
      fail_on_tool_error: options.failOnToolError === true || config.execution.fail_on_tool_error,
      repeat: options.repeat ?? config.execution.repeat,
      min_pass_rate: options.minPassRate ?? config.execution.min_pass_rate,
      redact: [...new Set([...config.execution.redact, ...(options.redact ?? [])])],
    },
  };
}

/**
 * Where the models of a run on `--model` are written: its block of `models:`, or the block it renames (the same
 * provider keeps that block's endpoint and key); the judge stays where it was, unless it is the model that runs.
 */
function overriddenPaths(config: AgentConfig, override: ModelOverride, block: ModelConfig | undefined): ModelPaths {
  const before = modelPathsOf(config);
  const index = block === undefined ? -1 : (config.models?.indexOf(block) ?? -1);
  const renamed = config.model?.provider === override.provider ? before.agent : 'model';
  const agent = index === -1 ? renamed : `models[${index}]`;
  const judgeRuns = config.evaluations.model === null && config.models === undefined;
  return { agent, judge: judgeRuns ? agent : before.judge };
}

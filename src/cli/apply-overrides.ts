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
  /**
   * The model that runs judges too, where agent.yaml names no `evaluations.model`: `--resume` of a run whose record
   * names no judge, made with `--model` before the judge stayed agent.yaml's model, keeps the judge it had.
   */
  readonly judgedByModel?: boolean | undefined;
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

/**
 * The judge is `evaluations.model`, else the agent model of agent.yaml (`model:`, or the first of `models:`),
 * whichever model runs: a run on `--model` names it in `evaluations.model`, so its record keeps it.
 */
function judgeKept(config: AgentConfig, options: Overrides): AgentConfig {
  const { models: _models, ...rest } = config;
  if (options.model === undefined) return config;
  if (options.judgedByModel === true && config.evaluations.model === null) return rest;
  return { ...rest, evaluations: { ...config.evaluations, model: config.evaluations.model ?? config.model } };
}

export function applyOverrides(config: AgentConfig, options: Overrides): AgentConfig {
  const block = matrixBlock(config, options.model);
  return {
    ...judgeKept(config, options),
    model: block ?? modelOverride(config.model, options.model),
    ...(options.model === undefined ? {} : { model_paths: overriddenPaths(config, options, block) }),
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
 * provider keeps that block's endpoint and key); the judge stays where it was, unless the model that runs judges.
 */
function overriddenPaths(config: AgentConfig, options: Overrides, block: ModelConfig | undefined): ModelPaths {
  const before = modelPathsOf(config);
  const index = block === undefined ? -1 : (config.models?.indexOf(block) ?? -1);
  const renamed = config.model?.provider === options.model?.provider ? before.agent : 'model';
  const agent = index === -1 ? renamed : `models[${index}]`;
  const judgeRuns = options.judgedByModel === true && config.evaluations.model === null;
  return { agent, judge: judgeRuns ? agent : before.judge };
}

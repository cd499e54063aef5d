/**
 * `--resume` keeps the options the run started with — parallelism, timeout, `--fail-on-tool-error`, backend and
 * model — unless the command line gives them again (prepare-run.ts refuses a timeout or a tool-error rule other
 * than the run's), masks every variable the run masked (`--redact`) beside any given now, and keeps a judge its
 * record names as the model it ran on.
 */
import type { AgentConfig, ProviderName } from '../core/config-types.js';
import type { StoredRunMetadata } from '../records/run-record.js';
import type { Overrides } from './apply-overrides.js';
import { judgedByItsModel } from './resume/resumed-judge.js';

const PROVIDERS: readonly string[] = ['openai', 'azure_openai', 'anthropic', 'ollama', 'openai_compatible'];

export function resumedOverrides(
  config: AgentConfig,
  given: Overrides,
  stored: Pick<StoredRunMetadata, 'backend' | 'model' | 'execution'> & { readonly config_snapshot?: unknown },
): Overrides {
  const storedBackend =
    (stored.backend === 'ai_sdk' || stored.backend === 'claude_agent_sdk') && stored.backend !== config.backend.type
      ? stored.backend
      : undefined;
  const model = stored.model;
  const storedModel =
    model !== null &&
    PROVIDERS.includes(model.provider) &&
    (config.model === null || config.model.provider !== model.provider || config.model.name !== model.name)
      ? { provider: model.provider as ProviderName, name: model.name }
      : undefined;
  return {
    parallelTestCases: given.parallelTestCases ?? stored.execution?.parallel_test_cases,
    timeout: given.timeout ?? stored.execution?.llm_timeout,
    repeat: given.repeat ?? stored.execution?.repeat,
    minPassRate: given.minPassRate ?? stored.execution?.min_pass_rate,
    backend: given.backend ?? storedBackend,
    model: given.model ?? storedModel,
    failOnToolError: given.failOnToolError === true || storedFailOnToolError(stored.config_snapshot) ? true : undefined,
    redact: [...(given.redact ?? []), ...(stored.execution?.redact ?? [])],
    judgedByModel: judgedByItsModel(stored.config_snapshot) ? true : undefined,
  };
}

/** Whether the run failed turns on a tool error (`--fail-on-tool-error`, `execution.fail_on_tool_error`). */
export function storedFailOnToolError(snapshot: unknown): boolean {
  if (typeof snapshot !== 'object' || snapshot === null) return false;
  const execution = (snapshot as { execution?: unknown }).execution;
  return (
    typeof execution === 'object' &&
    execution !== null &&
    (execution as Record<string, unknown>)['fail_on_tool_error'] === true
  );
}

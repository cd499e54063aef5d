/**
 * The checks that need a built configuration, after the command line's overrides: ground truths a numeric metric
 * cannot read, Claude Code built-in tools it does not know, and whether the run can start (API keys, endpoints, a
 * backend that serves the provider). Each issue is located in the file that holds it.
 */
import { checkRunnable } from '../config/check-runnable.js';
import type { AgentConfig } from '../core/config-types.js';
import type { ConfigIssue } from '../core/errors.js';
import { applyOverrides, type Overrides } from './apply-overrides.js';
import { backendOrigin } from './backend-origin.js';
import { builtinToolIssues } from './builtin-tool-issues.js';
import { groundTruthIssues } from './ground-truth-issues.js';

export interface RunnableCheck {
  /** The configuration with the overrides applied. */
  readonly config: AgentConfig;
  readonly issues: readonly ConfigIssue[];
}

/** `offline` (`--replay`): no model is called, so missing API keys are no reason to refuse. */
export async function runnableConfigIssues(
  loaded: AgentConfig,
  overrides: Overrides,
  offline: boolean,
): Promise<RunnableCheck> {
  const config = applyOverrides(loaded, overrides);
  const given = overrides.model;
  const origins = {
    model: given === undefined ? 'config' : 'cli',
    // A --model of the configured provider (or of `models:`) keeps a block of agent.yaml: its key may go there.
    model_block:
      given !== undefined &&
      (loaded.model?.provider === given.provider ||
        (loaded.models ?? []).some((m) => m.provider === given.provider && m.name === given.name)),
    backend: await backendOrigin(config, overrides, process.env),
    offline,
  } as const;
  const more = await Promise.all([groundTruthIssues(config), builtinToolIssues(config)]);
  return { config, issues: await checkRunnable(config, process.env, origins, more.flat()) };
}

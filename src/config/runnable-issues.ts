/**
 * What `holodeck test` would refuse before calling a model, checked after command-line overrides so that
 * `validate` and `test` agree: the backend can serve the model's provider, and every model that will be
 * called (the agent's, and the judge's when an LLM-judged metric is enabled) has its endpoint and API key.
 */
import type { AgentConfig, MetricConfig, ModelConfig } from '../core/config-types.js';
import { modelPathsOf } from '../core/model-paths.js';
import { endpointFromEnv, endpointProblem } from '../core/provider-endpoint-vars.js';
import { PROVIDER_KEY_VARS, providerNeedsKey } from '../core/provider-key-vars.js';
import { urlWithoutCredentials } from '../core/url-without-credentials.js';
import { claudeBackendIssues } from './claude-backend-issues.js';
import { formatFieldPath } from './field-path.js';
import { ISSUE } from './issue-codes.js';
import { type ConfigPath, type IssueTarget, type PendingIssue, pendingIssue } from './pending-issue.js';
import type { Env } from './substitute-env.js';

/** Where the model and backend in force came from: agent.yaml, or the command line (`--model`, `--backend`). */
export interface RunnableOrigins {
  readonly model: 'config' | 'cli';
  /** `env`: HOLODECK_BACKEND, where agent.yaml names no backend. */
  readonly backend: 'config' | 'cli' | 'env';
  /** A model matrix from agent.yaml: where this run's model is written, e.g. `models[1]` (default `model`). */
  readonly model_path?: ConfigPath;
  /** A `--model` (`model: 'cli'`) that keeps a block of agent.yaml, where its api_key may be written. */
  readonly model_block?: boolean;
  /** `--replay`: every model request is answered from a cassette, so no API key is needed. */
  readonly offline?: boolean;
}

const FROM_CONFIG: RunnableOrigins = { model: 'config', backend: 'config' };

interface ModelUse {
  readonly model: ModelConfig;
  /** Where it is written: `model`, `evaluations.model`, or nowhere (`--model`). */
  readonly path: ConfigPath;
  readonly target: IssueTarget;
  /** How messages name it: `model`, `evaluations.model`, `--model`. */
  readonly label: string;
  /** Claude Code needs a key even for a local endpoint. */
  readonly keyAlways: boolean;
  /** The variables a `${VAR}` in its `api_key` was filled from (none: written as it is, or not written). */
  readonly keyVars?: readonly string[];
  /** False for a `--model` of a provider agent.yaml has no block of: its key can come from the environment only. */
  readonly block?: boolean;
  /** What it is when its place does not say (`the judge`, written as the agent model of agent.yaml). */
  readonly role?: string;
}

export function runnableIssues(config: AgentConfig, env: Env, origins: RunnableOrigins = FROM_CONFIG): PendingIssue[] {
  const issues: PendingIssue[] = [];
  const fromCli = origins.model === 'cli';
  const modelPath = origins.model_path ?? ['model'];
  const agentUse = (model: ModelConfig, keyAlways: boolean): ModelUse => ({
    model,
    path: fromCli ? [] : modelPath,
    target: fromCli ? 'none' : 'value',
    label: fromCli ? '--model' : formatFieldPath(modelPath),
    keyAlways,
    keyVars: fromCli ? [] : keyVarsAt(config, modelPath),
    block: !fromCli || origins.model_block !== false,
  });
  const backend = config.backend.type;
  if (backend !== 'module') {
    if (config.model === null) {
      issues.push(
        pendingIssue(ISSUE.missingKey, ['model'], `backend ${backend} needs a model`, {
          target: 'parent',
          hint: 'add model: { provider, name } or pass --model PROVIDER:NAME',
        }),
      );
    } else if (backend === 'claude_agent_sdk' && config.model.provider !== 'anthropic') {
      issues.push(backendMismatch(config.model, origins));
    } else {
      issues.push(...modelIssues(agentUse(config.model, backend === 'claude_agent_sdk'), env));
    }
  }
  issues.push(...claudeBackendIssues(config, modelPath));
  issues.push(...judgeIssues(config, env, agentUse));
  return origins.offline === true ? issues.filter((issue) => issue.code !== ISSUE.apiKeyMissing) : issues;
}

function backendMismatch(model: ModelConfig, origins: RunnableOrigins): PendingIssue {
  const backendFrom = {
    cli: '--backend claude_agent_sdk',
    config: 'backend claude_agent_sdk',
    env: 'backend claude_agent_sdk (from the environment variable HOLODECK_BACKEND: agent.yaml names no backend)',
  }[origins.backend];
  return pendingIssue(
    ISSUE.backendProvider,
    origins.model === 'cli' ? [] : [...(origins.model_path ?? ['model']), 'provider'],
    `${backendFrom} runs Anthropic models only, but the model's provider is ${model.provider}`,
    {
      target: origins.model === 'cli' ? 'none' : 'value',
      hint:
        origins.backend === 'env'
          ? 'use provider anthropic with this backend, or unset HOLODECK_BACKEND (or set it to ai_sdk, every provider)'
          : 'use provider anthropic with this backend, or backend ai_sdk (every provider)',
    },
  );
}

function judgeIssues(
  config: AgentConfig,
  env: Env,
  agentUse: (model: ModelConfig, keyAlways: boolean) => ModelUse,
): PendingIssue[] {
  const judged = judgedMetrics(config);
  if (judged.length === 0) return [];
  const judge = config.evaluations.model;
  if (judge !== null) {
    // Where the judge is written: `evaluations.model`, or the agent model of agent.yaml when `--model` runs another.
    const label = modelPathsOf(config).judge;
    const path = label
      .split(/[.[\]]/)
      .flatMap((part) => (part === '' ? [] : [/^\d+$/.test(part) ? Number(part) : part]));
    const role = label === 'evaluations.model' ? {} : { role: 'the judge' };
    const use: ModelUse = {
      model: judge,
      path,
      target: 'value',
      label,
      keyAlways: false,
      keyVars: keyVarsAt(config, path),
      ...role,
    };
    return modelIssues(use, env);
  }
  if (config.model === null) {
    // One fix for all of them; located at the first, since `evaluations.model` is not there to point at.
    const first = judged[0] as JudgedMetric;
    return [
      pendingIssue(ISSUE.missingKey, first.path, `${judgedNames(judged)} an LLM judge model, and none is configured`, {
        target: 'value',
        hint: 'add evaluations: { model: { provider, name } } (or a model: for the agent, which then judges too)',
      }),
    ];
  }
  // The agent's own model judges: already checked for the agent, unless a module agent does not use it.
  return config.backend.type === 'module' ? modelIssues(agentUse(config.model, false), env) : [];
}

function modelIssues(use: ModelUse, env: Env): PendingIssue[] {
  const { model } = use;
  const issues: PendingIssue[] = [];
  if (model.provider === 'openai_compatible' && model.endpoint === null) {
    issues.push(
      issueAt(
        use,
        ISSUE.endpointRequired,
        `provider openai_compatible needs an endpoint`,
        'add endpoint: with the server base URL, e.g. http://127.0.0.1:8000/v1',
      ),
    );
  }
  if (model.provider === 'azure_openai' && model.endpoint === null && !present(env['AZURE_OPENAI_ENDPOINT'])) {
    issues.push(
      issueAt(
        use,
        ISSUE.endpointRequired,
        'provider azure_openai needs an endpoint',
        'add endpoint: https://<resource>.openai.azure.com, or set AZURE_OPENAI_ENDPOINT',
      ),
    );
  }
  const fromEnv = model.endpoint === null ? endpointFromEnv(model.provider, env) : null;
  const endpointWrong = fromEnv === null ? null : endpointProblem(fromEnv.url);
  if (fromEnv !== null && endpointWrong !== null) {
    issues.push(
      issueAt(
        use,
        ISSUE.invalidUrl,
        // A URL is shown without its credentials; text that is no URL not at all (it may be a key pasted there).
        `the environment variable ${fromEnv.name}, the model's endpoint, ${endpointWrong}${endpointWrong.startsWith('is not a URL') ? '' : `: "${urlWithoutCredentials(fromEnv.url)}"`}`,
        `set ${fromEnv.name} to the server's base URL (e.g. http://127.0.0.1:8000/v1), or unset it`,
      ),
    );
  }
  const needsKey = use.keyAlways || providerNeedsKey(model.provider, model.endpoint ?? fromEnv?.url ?? null);
  if (model.api_key !== null && !present(model.api_key) && !hasKey(model, env)) {
    // Written, yet empty: a variable set to nothing (a CI secret a fork's build does not get). Sent as it is, it
    // would be an empty key every request is refused for, after the run has started.
    const vars = PROVIDER_KEY_VARS[model.provider];
    const named = use.keyVars ?? [];
    issues.push(
      pendingIssue(
        ISSUE.apiKeyMissing,
        use.label === '--model' ? use.path : [...use.path, 'api_key'],
        named.length === 0 ? 'api_key is empty' : `api_key is empty: ${emptyVars(named, env)}`,
        {
          target: use.label === '--model' ? use.target : 'value',
          hint: `${named.length === 0 ? 'write the key there' : `give ${named.join(' or ')} the key`}, or leave api_key out (${vars.join(' or ')} is read instead)`,
        },
      ),
    );
  } else if (needsKey && !hasKey(model, env)) {
    const vars = PROVIDER_KEY_VARS[model.provider];
    const empty = vars.filter((name) => env[name]?.trim() === '');
    const where = use.label === '--model' ? 'the model block' : use.label;
    // A --model of a provider agent.yaml does not configure has no block to write a key in.
    const orBlock =
      use.block === false
        ? `: agent.yaml has no ${model.provider} model block for --model to take a key from`
        : `, or api_key: \${${vars[0]}} in ${where}`;
    const hint =
      empty.length > 0
        ? `${empty.join(' and ')} ${empty.length === 1 ? 'is' : 'are'} set but empty: give ${empty.length === 1 ? 'it' : 'one'} the key${orBlock}`
        : `set the ${vars.join(' or ')} environment variable${orBlock}`;
    issues.push(
      issueAt(
        use,
        ISSUE.apiKeyMissing,
        `no API key for provider ${model.provider} (model ${model.name}${use.role === undefined ? '' : `, ${use.role}`})${keyAlwaysNote(use, fromEnv?.url ?? null)}`,
        hint,
      ),
    );
  }
  return issues;
}

/** Why a key is needed where the provider's own client would go without one: Claude Code asks for one anyway. */
function keyAlwaysNote(use: ModelUse, envEndpoint: string | null): string {
  if (!use.keyAlways || providerNeedsKey(use.model.provider, use.model.endpoint ?? envEndpoint)) return '';
  return ': backend claude_agent_sdk needs one even for a local endpoint (Claude Code will not start without it), where any value works if the server does not check it';
}

/** `${OPENAI_KEY} is set to nothing`, `${OPENAI_KEY} is unset and its default is empty`. */
function emptyVars(names: readonly string[], env: Env): string {
  return names
    .map((name) => `\${${name}} ${env[name] === undefined ? 'is unset and its default is empty' : 'is set to nothing'}`)
    .join(', and ');
}

/** The variables that filled the `api_key` of the model block at `path`. */
function keyVarsAt(config: AgentConfig, path: ConfigPath): string[] {
  const at = JSON.stringify([...path, 'api_key']);
  const names = (config.env_references ?? []).filter((ref) => JSON.stringify(ref.path) === at).map((ref) => ref.name);
  return [...new Set(names)];
}

function issueAt(use: ModelUse, code: string, message: string, hint: string): PendingIssue {
  const text = use.label === '--model' ? `--model ${use.model.provider}:${use.model.name}: ${message}` : message;
  return pendingIssue(code, use.path, text, { hint, target: use.target });
}

function hasKey(model: ModelConfig, env: Env): boolean {
  if (present(model.api_key)) return true;
  return PROVIDER_KEY_VARS[model.provider].some((name) => present(env[name]));
}

/** Set to something: an empty or blank variable (a CI secret that is not configured) is no key. */
function present(value: string | null | undefined): boolean {
  return value !== null && value !== undefined && value.trim() !== '';
}

interface JudgedMetric {
  readonly name: string;
  readonly path: ConfigPath;
}

/** Every enabled geval or rag metric at any level, in the order of the configuration, with where it is. */
function judgedMetrics(config: AgentConfig): JudgedMetric[] {
  const found = judgedIn(config.evaluations.metrics, ['evaluations', 'metrics']);
  for (const testCase of config.test_cases) {
    const path: ConfigPath = ['test_cases', testCase.index];
    found.push(...judgedIn(testCase.evaluations, [...path, 'evaluations']));
    for (const turn of testCase.turns)
      found.push(...judgedIn(turn.evaluations, [...path, 'turns', turn.index, 'evaluations']));
  }
  return found;
}

function judgedIn(metrics: readonly MetricConfig[] | null, path: ConfigPath): JudgedMetric[] {
  if (metrics === null) return [];
  const found: JudgedMetric[] = [];
  metrics.forEach((metric, index) => {
    if (metric.enabled && (metric.type === 'geval' || metric.type === 'rag')) {
      found.push({ name: metric.name, path: [...path, index] });
    }
  });
  return found;
}

/** `metric "a" needs`, `metrics "a" and "b" need`, `metrics "a", "b", "c" and 4 more need`. */
function judgedNames(judged: readonly JudgedMetric[]): string {
  const names = [...new Set(judged.map((metric) => `"${metric.name}"`))];
  if (names.length === 1) return `metric ${names[0]} needs`;
  const shown = names.length > 3 ? [...names.slice(0, 3), `${names.length - 3} more`] : names;
  return `metrics ${shown.slice(0, -1).join(', ')} and ${shown.at(-1)} need`;
}

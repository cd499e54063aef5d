/**
 * Whether `holodeck test` runs a model matrix, and its models: two or more `--model` (the command line wins),
 * else two or more `models:` in agent.yaml. One `--model` keeps its old meaning: a single run on that model.
 */
import { checkRunnable } from '../../config/check-runnable.js';
import type { ConfigPath } from '../../config/pending-issue.js';
import type { AgentConfig } from '../../core/config-types.js';
import type { ConfigIssue } from '../../core/errors.js';
import { modelPathsOf } from '../../core/model-paths.js';
import { applyOverrides, type Overrides } from '../apply-overrides.js';
import { builtinToolIssues } from '../builtin-tool-issues.js';
import { groundTruthIssues } from '../ground-truth-issues.js';
import type { ModelOverride } from '../parse-model-option.js';

export interface MatrixEntry {
  /** `provider:name`, as the table and the messages name the model. */
  readonly label: string;
  /** Applied as `--model` is: a block of `models:` with this provider and name is used whole. */
  readonly override: ModelOverride;
  /** Where the model is written in agent.yaml (`models[i]`); null when it comes from the command line only. */
  readonly path: ConfigPath | null;
}

export type MatrixPlan =
  | { readonly ok: true; readonly entries: readonly MatrixEntry[] }
  | { readonly ok: false; readonly message: string };

const labelOf = (model: ModelOverride) => `${model.provider}:${model.name}`;

/**
 * The models of the matrix; none when the run is an ordinary single run. `backend`: the backend in force
 * (`--backend` applied); a module agent is given no model, so a matrix of it would run one agent N times.
 */
export function planMatrix(
  config: AgentConfig,
  models: readonly ModelOverride[],
  backend: AgentConfig['backend']['type'] = config.backend.type,
): MatrixPlan {
  const plan = matrixModels(config, models);
  if (plan.ok && plan.entries.length > 1 && backend === 'module') {
    const asked = models.length > 1 ? 'several --model' : '`models:`';
    return {
      ok: false,
      message:
        `${asked} run a model matrix, but a module agent (backend module) is given no model: each model would run ` +
        'the same agent — run it once, or use backend ai_sdk or claude_agent_sdk to compare models',
    };
  }
  return plan;
}

function matrixModels(config: AgentConfig, models: readonly ModelOverride[]): MatrixPlan {
  const listed = config.models ?? [];
  const pathOf = (model: ModelOverride): ConfigPath | null => {
    const index = listed.findIndex((block) => block.provider === model.provider && block.name === model.name);
    return index === -1 ? null : ['models', index];
  };
  if (models.length === 1) return { ok: true, entries: [] };
  if (models.length > 1) {
    const seen = new Set<string>();
    for (const model of models) {
      const label = labelOf(model);
      if (seen.has(label)) {
        return { ok: false, message: `--model ${label} is given twice: each model of a matrix runs the suite once` };
      }
      seen.add(label);
    }
    return {
      ok: true,
      entries: models.map((model) => ({ label: labelOf(model), override: model, path: pathOf(model) })),
    };
  }
  if (listed.length < 2) return { ok: true, entries: [] };
  return {
    ok: true,
    entries: listed.map((block, index) => ({
      label: labelOf(block),
      override: { provider: block.provider, name: block.name },
      path: ['models', index],
    })),
  };
}

/**
 * The configuration one model of the matrix runs: the command line's overrides with this model. Judges keep
 * their own model: `evaluations.model`, else the agent model of agent.yaml (`model:`, or the first of
 * `models:`) — never the model under test.
 */
export function matrixConfig(loaded: AgentConfig, overrides: Overrides, model: ModelOverride): AgentConfig {
  return applyOverrides(withMatrixJudge(loaded), { ...overrides, model });
}

/** agent.yaml with the judge of its matrix named in `evaluations.model`, so that no model given to it replaces it. */
export function withMatrixJudge(loaded: AgentConfig): AgentConfig {
  const evaluations = { ...loaded.evaluations, model: loaded.evaluations.model ?? loaded.model };
  // The judge keeps the place it is written at (`model`, `models[0]`), which messages name.
  return { ...loaded, evaluations, model_paths: modelPathsOf(loaded) };
}

/**
 * What would stop one model of the matrix from running (API key, endpoint, backend, built-in tools), located;
 * `first`: also what stops every model alike (a ground truth its numeric metric cannot read), said once.
 */
export async function matrixIssues(
  loaded: AgentConfig,
  entry: MatrixEntry,
  overrides: Overrides,
  env: NodeJS.ProcessEnv,
  first: boolean,
): Promise<readonly ConfigIssue[]> {
  const config = matrixConfig(loaded, overrides, entry.override);
  const origins = {
    model: entry.path === null ? 'cli' : 'config',
    backend: overrides.backend === undefined ? 'config' : 'cli',
    ...(entry.path === null
      ? { model_block: loaded.model?.provider === entry.override.provider }
      : { model_path: entry.path }),
  } as const;
  const shared = first ? await groundTruthIssues(config) : [];
  return checkRunnable(config, env, origins, [...shared, ...(await builtinToolIssues(config))]);
}

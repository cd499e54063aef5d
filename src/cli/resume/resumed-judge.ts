/**
 * `--resume` keeps the judge the run had. A run of a model matrix was judged by the matrix's judge
 * (`evaluations.model`, else the agent model of agent.yaml), not by its own model: resumed alone with
 * `--model`, it is configured as the matrix configured it. A judge other than the run's is refused, as another
 * model is: one record would hold the verdicts of two judges.
 */
import type { AgentConfig } from '../../core/config-types.js';
import { isRecord } from '../../core/is-record.js';
import { runJudge } from '../../core/run-judge.js';
import { storedJudge } from '../../core/stored-judge.js';
import type { StoredRunMetadata } from '../../records/run-record.js';
import { type ModelOverride, parseModelOption } from '../parse-model-option.js';

type RunMetadata = Pick<StoredRunMetadata, 'model' | 'comparison_id' | 'config_snapshot'>;

/** The model of the run when it is one model's run of a model matrix; null for an ordinary run. */
export function matrixModelOf(metadata: RunMetadata): ModelOverride | null {
  if (metadata.comparison_id === undefined || metadata.model === null) return null;
  const parsed = parseModelOption(`${metadata.model.provider}:${metadata.model.name}`);
  return parsed.ok ? parsed.value : null;
}

/**
 * Whether the run's record names no judge (its snapshot's `evaluations.model` is null): the model it ran on judged,
 * as a run on `--model` was judged before the judge stayed agent.yaml's model. Resumed, it keeps that judge.
 */
export function judgedByItsModel(snapshot: unknown): boolean {
  const evaluations = isRecord(snapshot) ? snapshot['evaluations'] : undefined;
  return isRecord(evaluations) && evaluations['model'] === null;
}

/** What keeps the run from being resumed with this configuration's judge; null when it is the run's. */
export function judgeMismatch(config: AgentConfig, metadata: RunMetadata, run: string): string | null {
  // A suite no judge reads has no judge to keep: another agent model is refused as such, not as a judge.
  const judge = runJudge(config);
  if (judge === null) return null;
  const then = storedJudge(metadata);
  const now = `${judge.provider}:${judge.name}`;
  if (then === null || then === now) return null;
  return (
    `the run ${run} was judged by ${then} (evaluations.model, else the agent's model); resuming it with ${now} as ` +
    "the judge would put two judges' verdicts in one record: set evaluations.model back, or start a new run"
  );
}

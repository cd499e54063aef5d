/**
 * The judge of a run's LLM-judged metrics (geval, rag), as its record's configuration snapshot says: the
 * snapshot's `evaluations.model` when set, else the run's own model (the agent model judged). Read by
 * `--resume`, which keeps the run's judge, and by `holodeck compare` and the dashboard, which say when two runs
 * were judged by different models.
 */
import { isRecord } from './is-record.js';

/** What the record keeps of the run: its model and its configuration snapshot. */
export interface JudgedRunMetadata {
  readonly model: { readonly provider: string; readonly name: string } | null;
  readonly config_snapshot: unknown;
}

/** `provider:name` of the judge the run had, as its configuration snapshot says; null when it does not say. */
export function storedJudge(metadata: JudgedRunMetadata): string | null {
  const snapshot = metadata.config_snapshot;
  const evaluations = isRecord(snapshot) ? snapshot['evaluations'] : undefined;
  if (!isRecord(evaluations)) return null;
  const judge = evaluations['model'];
  if (isRecord(judge)) {
    return typeof judge['provider'] === 'string' && typeof judge['name'] === 'string'
      ? `${judge['provider']}:${judge['name']}`
      : null;
  }
  return metadata.model === null ? null : `${metadata.model.provider}:${metadata.model.name}`;
}

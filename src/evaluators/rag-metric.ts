/** The shape of one RAG metric (what it needs of a turn is in metric-needs.ts): what it asks the judge, and how the answer becomes a score. */
import type { EvaluationInput, MetricOutcome } from '../core/evaluator.js';
import type { Read } from './judge-output.js';

export interface RagMetric<Answer> {
  readonly schema_name: string;
  readonly schema: Readonly<Record<string, unknown>>;
  prompt(input: EvaluationInput): string;
  /** Validates the judge's answer; `input` allows checks such as one verdict per retrieval context. */
  read(input: EvaluationInput): Read<Answer>;
  outcome(answer: Answer, input: EvaluationInput): MetricOutcome;
}

/** `"3 of 4 claims"` */
export function share(count: number, total: number, noun: string): string {
  return `${count} of ${total} ${noun}${total === 1 ? '' : 's'}`;
}

/** A list of quoted items for reasoning texts, shortened after `limit` items. */
export function quoteList(items: readonly string[], limit = 3): string {
  const shown = items.slice(0, limit).map((item) => JSON.stringify(item));
  const more = items.length > limit ? ` and ${items.length - limit} more` : '';
  return shown.join('; ') + more;
}

/** The retrieval contexts of a turn (the runner skips RAG metrics needing them when there are none). */
export function contextsOf(input: EvaluationInput): readonly string[] {
  return input.retrieval_context ?? [];
}

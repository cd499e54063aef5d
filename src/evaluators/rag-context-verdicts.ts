/** One verdict per retrieval context, keyed by its 1-based rank: the shared answer shape of contextual metrics. */
import type { EvaluationInput } from '../core/evaluator.js';
import {
  invalidAnswer,
  objectSchema,
  type Read,
  readArray,
  readEnum,
  readNumber,
  readObject,
  readString,
} from './judge-output.js';
import { contextsOf } from './rag-metric.js';

export interface ContextVerdict<V extends string> {
  /** 1-based rank of the context. */
  readonly context: number;
  readonly verdict: V;
  readonly reason: string;
}

export function contextVerdictsSchema<V extends string>(verdicts: readonly V[]): Record<string, unknown> {
  return objectSchema({
    verdicts: {
      type: 'array',
      description: 'Exactly one entry per retrieval context, in rank order.',
      items: objectSchema({
        context: { type: 'integer', description: 'The number of the context, from 1.' },
        verdict: { type: 'string', enum: [...verdicts] },
        reason: { type: 'string' },
      }),
    },
  });
}

/** Reads the verdicts and checks there is exactly one for each context; returns them in rank order. */
export function readContextVerdicts<V extends string>(
  verdicts: readonly V[],
): (input: EvaluationInput) => Read<{ verdicts: ContextVerdict<V>[] }> {
  return (input) => {
    const count = contextsOf(input).length;
    const readEntries = readObject({
      verdicts: readArray(
        readObject({ context: readNumber(1, count, true), verdict: readEnum(verdicts), reason: readString }),
      ),
    });
    return (value, path) => {
      const answer = readEntries(value, path);
      const byRank = new Map<number, ContextVerdict<V>>();
      for (const entry of answer.verdicts) {
        if (byRank.has(entry.context)) invalidAnswer(`${path}.verdicts has two verdicts for context ${entry.context}`);
        byRank.set(entry.context, entry);
      }
      if (byRank.size !== count) {
        invalidAnswer(`${path}.verdicts must have one verdict for each of the ${count} contexts, got ${byRank.size}`);
      }
      return { verdicts: [...byRank.values()].sort((a, b) => a.context - b.context) };
    };
  };
}

/** `#1, #3` */
export function ranks(verdicts: ReadonlyArray<{ readonly context: number }>): string {
  return verdicts.map((v) => `#${v.context}`).join(', ');
}

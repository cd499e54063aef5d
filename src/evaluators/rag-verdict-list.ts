/**
 * The answer shape of the RAG metrics that split a text into parts and judge each: `{ <list>: [{ <item>, verdict,
 * reason }] }` — statements of a response or an expected output, claims of a response — as a reader and the JSON
 * schema the judge is asked to follow.
 */
import { objectSchema, type Read, readArray, readEnum, readObject, readString } from './judge-output.js';

export type VerdictEntry<I extends string, V extends string> = Record<I, string> & {
  readonly verdict: V;
  readonly reason: string;
};

export interface VerdictList<L extends string, I extends string, V extends string> {
  readonly read: Read<Record<L, VerdictEntry<I, V>[]>>;
  readonly schema: Record<string, unknown>;
}

/** `minItems`: the fewest entries an answer may hold (a text with nothing to judge may be judged by none). */
export function verdictList<L extends string, I extends string, V extends string>(
  list: L,
  item: I,
  verdicts: readonly V[],
  minItems = 0,
): VerdictList<L, I, V> {
  const entry = readObject({ [item]: readString, verdict: readEnum(verdicts), reason: readString });
  const read = readObject({ [list]: readArray(entry, minItems) }) as VerdictList<L, I, V>['read'];
  const itemSchema = objectSchema({
    [item]: { type: 'string' },
    verdict: { type: 'string', enum: [...verdicts] },
    reason: { type: 'string' },
  });
  return { read, schema: objectSchema({ [list]: { type: 'array', items: itemSchema } }) };
}

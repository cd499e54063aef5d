/**
 * The `args` of an expected or forbidden tool: argument name → expected value (see arg-matcher-schema.ts).
 * Two values are refused as written, as nothing the author wrote could be compared as they meant it:
 * - a `__proto__` key, at any depth: a mapping built from the YAML would drop it (it sets the object's
 *   prototype instead), and the argument would silently go unchecked. It is looked for in the value as read,
 *   before any mapping is rebuilt.
 * - an integer beyond 2^53, as a JSON `ground_truth` is refused: it has already lost digits, so a call that
 *   differs in them would match.
 */
import { z } from 'zod';
import { ISSUE } from '../issue-codes.js';
import type { PathSegment } from '../pending-issue.js';
import { argValueSchema } from './arg-matcher-schema.js';
import { addIssue, isRecord, objectRule } from './fields.js';

const PROTO_KEY = '__proto__';

export const argsSchema = z.preprocess(
  (value, ctx) => {
    for (const path of pathsWhere(value, (_item, key) => key === PROTO_KEY)) {
      addIssue(
        ctx,
        ISSUE.invalidValue,
        path,
        `\`${PROTO_KEY}\` cannot be a key in args: it would be dropped unchecked`,
        {
          target: 'key',
          hint: 'remove it and assert the other arguments; to check such an argument, use a code grader',
        },
      );
    }
    return value;
  },
  z.record(z.string(), argValueSchema).check(
    objectRule((args, ctx) => {
      for (const path of pathsWhere(args, (item) => typeof item === 'number' && lostDigits(item))) {
        addIssue(ctx, ISSUE.invalidValue, path, 'a number too large to keep exactly (it has lost digits)', {
          hint: 'integers beyond 9007199254740991 cannot be compared exactly, as the number the model sends loses the same digits; if the tool takes the value as text, write it in quotes',
        });
      }
    }),
  ),
);

/** An integer past the safe range: the text it was written as is gone (as a JSON ground_truth's would be). */
export function lostDigits(value: number): boolean {
  return Number.isInteger(value) && !Number.isSafeInteger(value);
}

/** The paths (from the value) of the items, at any depth, for which `test` holds; `key` is the item's key. */
function pathsWhere(value: unknown, test: (item: unknown, key: PathSegment | null) => boolean): PathSegment[][] {
  const found: PathSegment[][] = [];
  // A value an alias shares is walked once; the YAML reader has already refused one that holds itself.
  const seen = new Set<object>();
  const walk = (item: unknown, path: PathSegment[]) => {
    if (test(item, path.at(-1) ?? null)) found.push(path);
    if (typeof item !== 'object' || item === null || seen.has(item)) return;
    seen.add(item);
    const entries: [PathSegment, unknown][] = Array.isArray(item)
      ? item.map((inner: unknown, index): [PathSegment, unknown] => [index, inner])
      : isRecord(item)
        ? Object.keys(item).map((key): [PathSegment, unknown] => [key, item[key]])
        : [];
    for (const [key, inner] of entries) walk(inner, [...path, key]);
  };
  walk(value, []);
  return found;
}

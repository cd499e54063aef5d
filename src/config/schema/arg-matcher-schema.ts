/**
 * One expected argument: a literal (scalar, list or object, compared by deep equality), or a matcher object
 * with exactly one of `fuzzy`, `regex` or `literal` (`{ literal: ... }` compares with an object that would
 * otherwise read as a matcher, e.g. `{ literal: { fuzzy: x } }`).
 */
import { z } from 'zod';
import { compileLinearRegex } from '../../matchers/linear-regex.js';
import { describeValue } from '../describe-value.js';
import { closestMatch, didYouMean } from '../did-you-mean.js';
import { ISSUE } from '../issue-codes.js';
import type { PathSegment } from '../pending-issue.js';
import { addIssue, hasKey, isRecord, objectRule } from './fields.js';
import { type KeyIssueWording, withIssue } from './schema-meta.js';

export const MATCHER_KEYS = ['fuzzy', 'regex', 'literal'] as const;

const LITERAL_HINT = 'to compare with an object value as it is, write { literal: {...} }';

export const matcherObjectSchema = withIssue(
  z
    .strictObject({
      fuzzy: z.union([z.string(), z.number(), z.boolean()]).optional().describe('Compared after normalisation.'),
      regex: z.string().optional().describe('Full match against the rendered value (RE2 syntax, linear time).'),
      literal: z.unknown().optional().describe('Exact comparison with any JSON value, objects included.'),
    })
    .check(
      objectRule((matcher, ctx) => {
        if (!MATCHER_KEYS.some((key) => Object.hasOwn(matcher, key))) {
          addIssue(ctx, ISSUE.matcherShape, [], 'a matcher object needs `fuzzy` or `regex`', {
            hint: `write { fuzzy: "..." } or { regex: "..." }; ${LITERAL_HINT}`,
          });
        }
        checkMatcherKeys(matcher, ctx);
      }),
    ),
  { unknownKey: (key, value) => besideMatcherKey(key, isRecord(value) ? value : {}) },
);

/**
 * `{ regex: "cash", flags: "i" }`: a matcher key with another key beside it could be a matcher with an option
 * or an object to compare with as it is; neither is guessed.
 */
function besideMatcherKey(key: string, value: Record<string, unknown>): KeyIssueWording {
  // `fuzzzy` beside `fuzzy` is a slip of the key, not a second key.
  const near = didYouMean(key, MATCHER_KEYS);
  if (near !== null) return { code: ISSUE.unknownKey, message: `unknown key \`${key}\``, hint: near };
  const matcherKey = MATCHER_KEYS.find((name) => Object.hasOwn(value, name)) ?? 'regex';
  const asIs = 'to compare with this object as it is, write { literal: {...} }';
  const flags = 'flags go inside the pattern, e.g. { regex: "(?i)cash" } for any letter case';
  return {
    code: ISSUE.matcherShape,
    message: `\`${matcherKey}\` makes this object a matcher, which holds that one key only: \`${key}\` cannot go with it`,
    hint: matcherKey === 'regex' ? `${flags}; ${asIs}` : asIs,
  };
}

/** A matcher with more than one of its keys, and its pattern: each said once, whichever way it was read. */
function checkMatcherKeys(matcher: Record<string, unknown>, ctx: z.core.$RefinementCtx): void {
  const present = MATCHER_KEYS.filter((key) => Object.hasOwn(matcher, key));
  if (present.length > 1) {
    const keys = present.map((key) => `\`${key}\``).join(' and ');
    addIssue(
      ctx,
      ISSUE.matcherShape,
      [present[1]!],
      `a matcher has exactly one of \`fuzzy\`, \`regex\` or \`literal\`, not ${keys}`,
      {
        target: 'key',
        hint: `keep one of ${keys}`,
      },
    );
  }
  if (hasKey(matcher, 'regex') && typeof matcher['regex'] === 'string') checkRegex(matcher['regex'], ctx);
}

/** Any other object: compared by deep equality with the actual argument. */
export const objectLiteralSchema = z
  .record(z.string(), z.unknown())
  .describe('An object compared by deep equality (key order does not matter).')
  .check(objectRule(checkObjectLiteral));

function checkObjectLiteral(value: Record<string, unknown>, ctx: z.core.$RefinementCtx): void {
  const keys = Object.keys(value);
  const matcherKey = keys.find((key) => (MATCHER_KEYS as readonly string[]).includes(key));
  if (matcherKey !== undefined && keys.length === 1 && matcherKey !== 'literal') {
    // A matcher whose value is of the wrong kind: say what it must be, not that a matcher is one.
    const wanted = matcherKey === 'regex' ? 'a pattern (a string)' : 'a string, a number or a boolean';
    const example = matcherKey === 'regex' ? '{ regex: "^2009.*$" }' : '{ fuzzy: "181,001" }';
    addIssue(
      ctx,
      ISSUE.matcherShape,
      [matcherKey],
      `\`${matcherKey}\` must be ${wanted}, got ${describeValue(value[matcherKey])}`,
      {
        hint: `write ${example}; ${LITERAL_HINT}`,
      },
    );
    return;
  }
  if (matcherKey !== undefined && keys.every((key) => (MATCHER_KEYS as readonly string[]).includes(key))) {
    // Only matcher keys, more than one: a matcher written with two of them (`{ regex, fuzzy }`).
    checkMatcherKeys(value, ctx);
    return;
  }
  if (matcherKey !== undefined) {
    for (const key of keys.filter((name) => !(MATCHER_KEYS as readonly string[]).includes(name))) {
      const { code, message, hint } = besideMatcherKey(key, value);
      addIssue(ctx, code, [key], message, { target: 'key', hint });
    }
    return;
  }
  const near = keys.length === 1 ? closestMatch(keys[0]!, MATCHER_KEYS) : null;
  if (near !== null) {
    addIssue(ctx, ISSUE.matcherShape, [keys[0]!], `\`${keys[0]}\` is not a matcher: did you mean \`${near}\`?`, {
      target: 'key',
      hint: `write { ${near}: ... }; to compare with an object whose only key is \`${keys[0]}\`, write { literal: {...} }`,
    });
    return;
  }
  checkNoNestedMatcher(value, [], ctx);
}

/**
 * Matchers apply to a whole argument; an object shaped like one inside a list or object literal would be
 * compared as it is, which is rarely what was meant.
 */
function checkNoNestedMatcher(value: unknown, path: PathSegment[], ctx: z.core.$RefinementCtx): void {
  const entries: [PathSegment, unknown][] = Array.isArray(value)
    ? value.map((item, index): [PathSegment, unknown] => [index, item])
    : isRecord(value)
      ? Object.entries(value)
      : [];
  for (const [key, item] of entries) {
    const itemKeys = isRecord(item) ? Object.keys(item) : [];
    if (itemKeys.length === 1 && (itemKeys[0] === 'fuzzy' || itemKeys[0] === 'regex')) {
      addIssue(
        ctx,
        ISSUE.matcherShape,
        [...path, key],
        `\`${itemKeys[0]}\` matches a whole argument, not a part of one`,
        {
          hint: `match the whole argument with one matcher, or ${LITERAL_HINT} (compared as written)`,
        },
      );
      continue;
    }
    checkNoNestedMatcher(item, [...path, key], ctx);
  }
}

function checkRegex(pattern: string, ctx: z.core.$RefinementCtx): void {
  const compiled = compileLinearRegex(pattern);
  if (compiled.ok) return;
  const message = `invalid regular expression ${JSON.stringify(pattern)}: ${compiled.reason}`;
  addIssue(ctx, ISSUE.invalidRegex, ['regex'], message, {
    hint: compiled.hint === null ? 'fix the pattern or use { fuzzy: ... }' : `${compiled.hint}, or use { fuzzy: ... }`,
  });
}

const listLiteralSchema = z.array(z.unknown()).check(
  z.superRefine<unknown>((value, ctx) => checkNoNestedMatcher(value, [], ctx), {
    when: (payload) => Array.isArray(payload.value),
  }),
);

export const argValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  listLiteralSchema,
  matcherObjectSchema,
  objectLiteralSchema,
]);

export type ArgValueInput = z.output<typeof argValueSchema>;

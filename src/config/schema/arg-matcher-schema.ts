/**
 * One expected argument: a literal (scalar or list), or a matcher object with exactly one of `fuzzy`,
 * `regex` or `literal` (the way to compare with an object value).
 */
import { z } from 'zod';
import { compileLinearRegex } from '../../matchers/linear-regex.js';
import { ISSUE } from '../issue-codes.js';
import { addIssue, hasKey, objectRule } from './fields.js';

const MATCHER_KEYS = ['fuzzy', 'regex', 'literal'] as const;

export const matcherObjectSchema = z
  .strictObject({
    fuzzy: z.union([z.string(), z.number(), z.boolean()]).optional().describe('Compared after normalisation.'),
    regex: z.string().optional().describe('Full match against the rendered value (RE2 syntax, linear time).'),
    literal: z.unknown().optional().describe('Exact comparison with any JSON value, objects included.'),
  })
  .check(
    objectRule((matcher, ctx) => {
      const present = MATCHER_KEYS.filter((key) => Object.hasOwn(matcher, key));
      if (present.length === 0) {
        addIssue(ctx, ISSUE.matcherShape, [], 'a matcher object needs `fuzzy` or `regex`', {
          hint: 'write { fuzzy: "..." } or { regex: "..." }; to compare with an object value use { literal: {...} }',
        });
      } else if (present.length > 1) {
        addIssue(ctx, ISSUE.matcherShape, [present[1]!], `a matcher has exactly one of \`fuzzy\` or \`regex\``, {
          target: 'key',
          hint: `keep either \`${present[0]}\` or \`${present[1]}\``,
        });
      }
      if (hasKey(matcher, 'regex') && typeof matcher.regex === 'string') {
        const compiled = compileLinearRegex(matcher.regex);
        if (!compiled.ok) {
          const pattern = JSON.stringify(matcher.regex);
          addIssue(ctx, ISSUE.invalidRegex, ['regex'], `invalid regular expression ${pattern}: ${compiled.reason}`, {
            hint:
              compiled.hint === null
                ? 'fix the pattern or use { fuzzy: ... }'
                : `${compiled.hint}, or use { fuzzy: ... }`,
          });
        }
      }
    }),
  );

export const argValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.unknown()),
  matcherObjectSchema,
]);

export type ArgValueInput = z.output<typeof argValueSchema>;

/**
 * `standard` metrics that assert on the answer itself, with no ground truth: contains / not_contains,
 * regex, is_json, json_schema. Patterns compile here, so a bad one is a located error; JSON Schemas compile
 * when the metric is built (a schema_file has to be read first).
 */
import { z } from 'zod';
import { compileLinearRegex } from '../../matchers/linear-regex.js';
import { ISSUE } from '../issue-codes.js';
import { addIssue, booleanField, hasKey, metricBaseFields, nonBlankString, objectRule } from './fields.js';
import { withIssue } from './schema-meta.js';

const needle = () => withIssue(z.string().min(1), { code: ISSUE.blankString, message: 'must not be empty' });

const caseSensitive = () => booleanField().optional().describe('Default true.');

/** Exactly one of two keys; reported at the second key when both are there, at the object when neither is. */
function exactlyOne(first: string, second: string, hint: string) {
  return objectRule((metric, ctx) => {
    const hasFirst = hasKey(metric, first);
    const hasSecond = hasKey(metric, second);
    if (hasFirst && hasSecond) {
      addIssue(ctx, ISSUE.conflictingKeys, [second], `give either \`${first}\` or \`${second}\`, not both`, {
        target: 'key',
        hint,
      });
    } else if (!hasFirst && !hasSecond) {
      addIssue(
        ctx,
        ISSUE.missingKey,
        [first],
        `metric ${String(metric['metric'])} needs \`${first}\` or \`${second}\``,
        {
          target: 'parent',
          hint,
        },
      );
    }
  });
}

export const containsMetric = z
  .strictObject({
    type: z.literal('standard'),
    metric: z.enum(['contains', 'not_contains']),
    ...metricBaseFields(),
    value: needle().optional().describe('The text to look for.'),
    values: z.array(needle()).min(1).optional().describe('contains: all must appear; not_contains: none may.'),
    case_sensitive: caseSensitive(),
  })
  .check(exactlyOne('value', 'values', 'write value: "text" or values: ["a", "b"]'));

export const regexMetric = z
  .strictObject({
    type: z.literal('standard'),
    metric: z.literal('regex'),
    ...metricBaseFields(),
    pattern: z.string().min(1).describe('RE2 syntax; passes when found anywhere in the answer.'),
    case_sensitive: caseSensitive(),
  })
  .check(
    objectRule((metric, ctx) => {
      if (typeof metric['pattern'] !== 'string' || metric['pattern'] === '') return;
      const compiled = compileLinearRegex(metric['pattern']);
      if (compiled.ok) return;
      const message = `invalid regular expression ${JSON.stringify(metric['pattern'])}: ${compiled.reason}`;
      addIssue(ctx, ISSUE.invalidRegex, ['pattern'], message, { hint: compiled.hint ?? 'fix the pattern' });
    }),
  );

export const isJsonMetric = z.strictObject({
  type: z.literal('standard'),
  metric: z.literal('is_json'),
  ...metricBaseFields(),
});

export const jsonSchemaMetric = z
  .strictObject({
    type: z.literal('standard'),
    metric: z.literal('json_schema'),
    ...metricBaseFields(),
    schema: z.record(z.string(), z.unknown()).optional().describe('An inline JSON Schema.'),
    schema_file: nonBlankString().optional().describe('A JSON Schema file, relative to the config folder.'),
  })
  .check(
    exactlyOne('schema', 'schema_file', 'write schema: { type: object, ... } or schema_file: schemas/answer.json'),
  );

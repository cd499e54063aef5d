/** The fields of one turn (also the flat fields of a single-turn test case). */
import { z } from 'zod';
import { FILE_TYPES, inferFileType } from '../file-types.js';
import { ISSUE } from '../issue-codes.js';
import { argsSchema } from './args-schema.js';
import { addIssue, booleanField, envEnum, hasKey, nonBlankString, numberField, objectRule } from './fields.js';
import { metricListSchema } from './metric-schema.js';
import { withIssue } from './schema-meta.js';
import { toolAssertionRules } from './tool-assertion-rules.js';

export const inputSchema = withIssue(z.string().regex(/\S/), {
  code: ISSUE.blankInput,
  message: 'input must not be blank',
  hint: 'write the message the agent receives in this turn',
});

/** A blank expected answer is a slip (an empty cell, an unset variable), not an answer: every response would skip it. */
const groundTruthText = withIssue(z.string().regex(/\S/), {
  code: ISSUE.blankString,
  message: 'ground_truth must not be blank',
  hint: 'write the expected answer, or leave ground_truth out (the metrics that need one are then skipped on this turn)',
});

/** An empty list is a slip, not passages: every metric that reads them would skip the turn. */
const retrievalContextSchema = withIssue(z.array(z.string()).min(1), {
  code: ISSUE.emptyList,
  message: 'retrieval_context is empty: give the passages, or leave the key out',
  hint: 'the metrics that read it (faithfulness, contextual_*) skip a turn without passages',
});

export const groundTruthSchema = z
  .union([groundTruthText, z.number()])
  .superRefine((value, ctx) => {
    // A JSON number beyond 2^53 has already lost digits: the text the author wrote is gone (a YAML number's text is
    // kept, see ground-truth-as-written.ts).
    if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)) {
      addIssue(ctx, ISSUE.invalidValue, [], 'ground_truth is a number too large to keep exactly (it has lost digits)', {
        hint: 'write it as a string, in quotes, to keep every digit',
      });
    }
  })
  .describe('The expected answer; a YAML number is kept as written (`1.50`, `007`), a JSON number as its value.');

const countSchema = withIssue(z.number().int().min(1), {
  message: 'count must be a whole number >= 1',
  hint: 'count is the minimum number of matching calls in the turn (default 1); to forbid a call, list it in forbidden_tools',
});

export const TOOL_NAME_MATCHES = ['substring', 'exact'] as const;

const nameMatchSchema = envEnum(TOOL_NAME_MATCHES)
  .optional()
  .describe('substring: the called name contains `name` (default, or execution.tool_name_match); exact: equals it.');

export const expectedToolObjectSchema = z.strictObject({
  name: nonBlankString().describe('Matches any called tool whose name contains it (or equals it: name_match).'),
  name_match: nameMatchSchema,
  args: argsSchema.optional(),
  count: numberField(countSchema)
    .optional()
    .describe(
      'At least this many matching calls in the turn (default 1); forbidden_tools lists calls that must not be made.',
    ),
});

export const expectedToolSchema = z.union([nonBlankString(), expectedToolObjectSchema]);

export const forbiddenToolSchema = z.union([
  nonBlankString(),
  z.strictObject({
    name: nonBlankString().describe('Matches any called tool whose name contains it (or equals it: name_match).'),
    name_match: nameMatchSchema,
    args: argsSchema.optional(),
  }),
]);

export const EXPECTED_TOOLS_ORDERS = ['any', 'strict'] as const;

export const fileSchema = z
  .strictObject({
    path: nonBlankString().describe('Relative to the config folder.'),
    type: z.enum(FILE_TYPES).optional().describe('Inferred from the extension when omitted.'),
    description: z.string().optional(),
  })
  .check(
    objectRule((file, ctx) => {
      if (hasKey(file, 'type') || typeof file['path'] !== 'string' || inferFileType(file['path']) !== null) return;
      addIssue(ctx, ISSUE.fileType, ['type'], `cannot tell the type of "${file['path']}" from its extension`, {
        target: 'parent',
        hint: `add type: one of ${FILE_TYPES.join(', ')}`,
      });
    }),
  );

/** Fields a turn shares with the flat single-turn shape. */
export const turnFields = {
  ground_truth: groundTruthSchema.optional(),
  expected_tools: z.array(expectedToolSchema).optional(),
  expected_tools_order: envEnum(EXPECTED_TOOLS_ORDERS)
    .optional()
    .describe('strict: the expected tools are called in the order listed (default any).'),
  distinct_calls: booleanField()
    .optional()
    .describe('One call satisfies at most one expected_tools entry (default: execution.distinct_calls).'),
  forbidden_tools: z
    .array(forbiddenToolSchema)
    .optional()
    .describe('Tools (optionally with arguments) that no call of the turn may match.'),
  files: z.array(fileSchema).optional(),
  retrieval_context: retrievalContextSchema.optional(),
  turn_config: z.record(z.string(), z.unknown()).optional().describe('Free-form, handed to code graders.'),
};

export const turnSchema = z
  .strictObject({
    input: inputSchema,
    ...turnFields,
    evaluations: metricListSchema.optional().describe('Per-turn override (empty = inherit).'),
  })
  .check(objectRule((turn, ctx) => toolAssertionRules(turn, ctx)));

export type TurnInput = z.output<typeof turnSchema>;
export type ExpectedToolInput = z.output<typeof expectedToolSchema>;
export type ForbiddenToolInput = z.output<typeof forbiddenToolSchema>;
export type FileInput = z.output<typeof fileSchema>;

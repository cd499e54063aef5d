/** A test case: the legacy single-turn flat shape, or `turns:` (multi-turn). */
import { z } from 'zod';
import { ISSUE } from '../issue-codes.js';
import { addIssue, hasKey, isRecord, listRule, nonBlankString, objectRule, uniqueNamesRule } from './fields.js';
import { metricListSchema } from './metric-schema.js';
import { withIssue } from './schema-meta.js';
import { toolAssertionRules } from './tool-assertion-rules.js';
import { inputSchema, turnFields, turnSchema } from './turn-schema.js';

/** Keys of the single-turn shape that a multi-turn case keeps inside its turns. */
export const FLAT_TURN_KEYS = [
  'input',
  'ground_truth',
  'expected_tools',
  'expected_tools_order',
  'distinct_calls',
  'forbidden_tools',
  'files',
  'retrieval_context',
  'turn_config',
] as const;

const turnsSchema = withIssue(z.array(turnSchema).min(1), {
  code: ISSUE.emptyTurns,
  message: '`turns` is empty',
  hint: 'add at least one turn ({ input: ... }), or use the single-turn `input:` shape',
});

export const testCaseSchema = z
  .strictObject({
    name: nonBlankString().describe('Unique within the suite.'),
    evaluations: metricListSchema.optional().describe('Test-case override of the agent-level metrics.'),
    turns: turnsSchema.optional(),
    input: inputSchema.optional(),
    ...turnFields,
  })
  .check(
    objectRule((testCase, ctx) => {
      if (!hasKey(testCase, 'turns')) {
        if (!hasKey(testCase, 'input')) {
          addIssue(
            ctx,
            ISSUE.noInput,
            ['input'],
            'a test case needs `input` (one question) or `turns` (a conversation)',
            {
              target: 'parent',
            },
          );
        }
        toolAssertionRules(testCase, ctx);
        return;
      }
      for (const key of FLAT_TURN_KEYS) {
        if (!hasKey(testCase, key)) continue;
        addIssue(ctx, ISSUE.mixedShape, [key], `\`${key}\` cannot be combined with \`turns\``, {
          target: 'key',
          hint: `move \`${key}\` into the turn it belongs to, or remove \`turns\` for a single-turn case`,
        });
      }
    }),
  );

export function testCaseNameOf(testCase: unknown): string | null {
  const name = isRecord(testCase) ? testCase['name'] : null;
  return typeof name === 'string' && name.trim() !== '' ? name : null;
}

export const uniqueTestCaseNames = uniqueNamesRule(testCaseNameOf, (name, first) => ({
  message: `duplicate test case name "${name}"`,
  hint: `test_cases[${first}] has the same name; test case names must be unique`,
}));

export const testCaseListSchema = z.array(testCaseSchema).check(listRule(uniqueTestCaseNames));

export type TestCaseInput = z.output<typeof testCaseSchema>;

/** The whole agent.yaml, composed from the section schemas; also the source of the JSON Schema. */
import { z } from 'zod';
import { ISSUE } from '../issue-codes.js';
import { type PendingIssue, pendingIssue } from '../pending-issue.js';
import { backendSchema } from './backend-schema.js';
import { executionSchema } from './execution-schema.js';
import { addIssue, hasKey, nonBlankString, objectRule } from './fields.js';
import { instructionsSchema } from './instructions-schema.js';
import { metricListSchema } from './metric-schema.js';
import { modelSchema } from './model-schema.js';
import { modelAndModelsIssues, modelListSchema } from './models-schema.js';
import { testCaseListSchema } from './test-case-schema.js';
import { toolListSchema } from './tool-schema.js';

export { executionSchema };

export const evaluationsSchema = z.strictObject({
  model: modelSchema.optional().describe('Judge model for geval and rag metrics (default: the agent model).'),
  metrics: metricListSchema.optional().describe('Agent-level metrics, applied to every turn.'),
});

/** Where the test cases come from: exactly one of `test_cases` and `test_cases_file`. */
export function testCaseSourceIssues(root: Readonly<Record<string, unknown>>): PendingIssue[] {
  const inline = hasKey(root, 'test_cases');
  const file = hasKey(root, 'test_cases_file');
  if (inline && file) {
    return [
      pendingIssue(
        ISSUE.testCasesSource,
        ['test_cases_file'],
        'use either `test_cases` or `test_cases_file`, not both',
        {
          target: 'key',
          hint: 'move the inline test cases into the file, or remove `test_cases_file`',
        },
      ),
    ];
  }
  if (!inline && !file) {
    return [
      pendingIssue(ISSUE.testCasesSource, ['test_cases'], 'there are no test cases', {
        target: 'parent',
        hint: 'add `test_cases:` (a list) or `test_cases_file:` (a YAML or JSON file of test cases)',
      }),
    ];
  }
  return [];
}

/**
 * `model:` is required, except with `backend: { module: ... }`, whose agent chooses its own model (if any). A
 * backend mapping other than `{ claude_agent_sdk: … }` is taken for a module agent written wrong (`{ modul: … }`):
 * its own issues say what to fix, not a model it does not need.
 */
export function modelPresenceIssues(root: Readonly<Record<string, unknown>>): PendingIssue[] {
  if (hasKey(root, 'model') || hasKey(root, 'models')) return [];
  const backend = root['backend'];
  if (typeof backend === 'object' && backend !== null && !Array.isArray(backend)) {
    const keys = Object.keys(backend);
    if (keys.length > 0 && !keys.includes('claude_agent_sdk')) return [];
  }
  return [
    pendingIssue(ISSUE.missingKey, ['model'], 'missing `model`', {
      target: 'parent',
      hint: 'add model: { provider: openai, name: gpt-4o-mini } (any provider), or use backend: { module: "agent.ts:createAgent" } for your own agent',
    }),
  ];
}

export const agentConfigSchema = z
  .strictObject({
    name: nonBlankString().describe('Agent name, used in reports and run records.'),
    description: z.string().optional(),
    model: modelSchema.optional().describe('The agent model; optional with backend: { module: ... }.'),
    models: modelListSchema
      .optional()
      .describe('A model matrix: the suite runs once per model (each a `model:` block); instead of `model`.'),
    backend: backendSchema.optional(),
    instructions: instructionsSchema.optional(),
    tools: toolListSchema.optional(),
    evaluations: evaluationsSchema.optional(),
    execution: executionSchema.optional(),
    test_cases: testCaseListSchema.optional(),
    test_cases_file: nonBlankString().optional().describe('A YAML or JSON file of test cases, relative to the config.'),
  })
  .check(
    objectRule((root, ctx) => {
      const issues = [...modelPresenceIssues(root), ...modelAndModelsIssues(root), ...testCaseSourceIssues(root)];
      for (const issue of issues) {
        addIssue(ctx, issue.code, issue.path, issue.message, { hint: issue.hint, target: issue.target });
      }
    }),
  );

/** The content of a test_cases_file: a list of test cases, or `{ test_cases: [...] }`. */
export const testCasesFileSchema = z.union([testCaseListSchema, z.strictObject({ test_cases: testCaseListSchema })]);

export type ExecutionInput = z.output<typeof executionSchema>;
export type EvaluationsInput = z.output<typeof evaluationsSchema>;

/** The whole agent.yaml, composed from the section schemas; also the source of the JSON Schema. */
import { z } from 'zod';
import { MAX_TIMER_SECONDS } from '../../core/max-timer.js';
import { ISSUE } from '../issue-codes.js';
import { type PendingIssue, pendingIssue } from '../pending-issue.js';
import { backendSchema } from './backend-schema.js';
import {
  addIssue,
  booleanField,
  envEnum,
  hasKey,
  nonBlankString,
  numberField,
  objectRule,
  shareField,
} from './fields.js';
import { instructionsSchema } from './instructions-schema.js';
import { metricListSchema } from './metric-schema.js';
import { modelSchema } from './model-schema.js';
import { modelAndModelsIssues, modelListSchema } from './models-schema.js';
import { rateLimitSchema } from './rate-limit-schema.js';
import { testCaseListSchema } from './test-case-schema.js';
import { toolListSchema } from './tool-schema.js';
import { TOOL_NAME_MATCHES } from './turn-schema.js';

export const executionSchema = z.strictObject({
  llm_timeout: numberField(z.number().positive().max(MAX_TIMER_SECONDS))
    .optional()
    .describe('Per-turn agent timeout in seconds (default 60).'),
  parallel_test_cases: numberField(z.number().int().min(1)).optional().describe('Test cases run at once (default 1).'),
  max_retries: numberField(z.number().int().min(0))
    .optional()
    .describe('Retries of a failed model request (default 3).'),
  max_steps: numberField(z.number().int().min(1).max(1000))
    .optional()
    .describe(
      'Model calls one turn may make, each with the tool calls it asks for, before it must answer; a turn still calling tools then fails (default 10).',
    ),
  limit: numberField(z.number().int().min(1)).optional().describe('Run only the first N test cases.'),
  filter: nonBlankString()
    .optional()
    .describe('Run only test cases whose name contains this text (* and ? are wildcards).'),
  results_dir: nonBlankString().optional().describe('Where run records go (default: results/ beside the config).'),
  cache: booleanField()
    .optional()
    .describe(
      'Answer unchanged model requests from the on-disk cache and store new answers (default false); requests with temperature above 0 are cached only with --cache.',
    ),
  redact: z
    .array(nonBlankString())
    .optional()
    .describe('Environment variables whose values are masked in every output, beside the ones found by name.'),
  fail_on_tool_error: booleanField()
    .optional()
    .describe('A turn in which a tool call returned an error fails, naming the tool and the error (default false).'),
  repeat: numberField(z.number().int().min(1).max(1000))
    .optional()
    .describe('Run each test case N times, each in a fresh session, for pass rates, pass^k and flakiness (default 1).'),
  min_pass_rate: shareField(z.number().gt(0).max(1))
    .optional()
    .describe(
      'With repeat: a test case passes when at least this share of its repeats passed, e.g. 0.8 or "80%" (default 1).',
    ),
  tool_name_match: envEnum(TOOL_NAME_MATCHES)
    .optional()
    .describe('How expected tool names match called ones: substring (default) or exact; an entry may set name_match.'),
  distinct_calls: booleanField()
    .optional()
    .describe(
      'One tool call satisfies at most one expected_tools entry of a turn, assigned by maximum matching (default false); a turn may set distinct_calls.',
    ),
  rate_limit: rateLimitSchema
    .optional()
    .describe(
      "Default rate limit of every model (the agent's and the judges') that sets no rate_limit of its own, e.g. { requests_per_minute: 500 }; each model gets its own.",
    ),
});

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

/** `model:` is required, except with `backend: { module: ... }`, whose agent chooses its own model (if any). */
export function modelPresenceIssues(root: Readonly<Record<string, unknown>>): PendingIssue[] {
  if (hasKey(root, 'model') || hasKey(root, 'models')) return [];
  const backend = root['backend'];
  if (typeof backend === 'object' && backend !== null && hasKey(backend as Record<string, unknown>, 'module'))
    return [];
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

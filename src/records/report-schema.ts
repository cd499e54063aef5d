/**
 * The JSON report (PRODUCT.md §7) as a zod schema: validates reports and run records when they are read
 * back, and generates `schema/report.schema.json` (see report-json-schema.ts). Objects are strict: the
 * report has exactly the fields the product specifies, no more.
 */
import { z } from 'zod';
import { ANSWER_CUT_OFF_VALUES } from '../core/answer-cut-off.js';

const count = z.number().int().min(0);
const PASSED_MATCHES_STATUS = { message: 'passed must be true exactly when status is "passed"', path: ['passed'] };
function passedMatchesStatus(result: { passed: boolean; status: string }): boolean {
  return result.passed === (result.status === 'passed');
}
const status = z
  .enum(['passed', 'failed', 'error', 'skipped'])
  .describe(
    'passed: every assertion held; failed: an assertion did not hold; error: no verdict could be reached (model ' +
      'endpoint unreachable, timeout, tool server down, grader or tool crashed); skipped: it did not run. ' +
      '`passed` is true exactly when status is "passed".',
  );
const milliseconds = z.number().min(0);
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
const jsonValue: z.ZodType<Json> = z
  .lazy(() =>
    z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValue), z.record(z.string(), jsonValue)]),
  )
  .meta({ id: 'JsonValue', description: 'Any JSON value.' });

export const tokenUsageSchema = z
  .strictObject({
    prompt_tokens: count,
    completion_tokens: count,
    total_tokens: count,
    cache_read_tokens: count,
    cache_creation_tokens: count,
  })
  .meta({ id: 'TokenUsage', description: 'Token counts; element-wise sums for turns, test cases and the run.' });

const usd = z.number().min(0);
export const costBreakdownSchema = z
  .strictObject({
    agent_usd: usd
      .nullable()
      .describe("The agent model's calls; null when they used tokens and the model has no price."),
    judge_usd: usd
      .nullable()
      .describe("The judge model's calls (geval, rag); 0 when there were none; null when it has no price."),
    priced_usd: usd.describe('The priced part: cost_usd when everything has a price, else a lower bound of the cost.'),
    unpriced_models: z.array(z.string()).describe('Models that used tokens and have no price, as "provider:name".'),
    judge_calls: count.describe('Judge model calls made.'),
    judge_token_usage: tokenUsageSchema.describe("Tokens of the judge calls (the agent's are token_usage)."),
    spent_usd: usd
      .nullable()
      .optional()
      .describe(
        'What this run paid: the calls it made to a model, the answers served from a cassette or the cache left out; null when one of those calls used tokens and its model has no price. Absent in reports written before served answers were told apart (all of cost_usd was then spent).',
      ),
    stored: z
      .strictObject({
        calls: count.describe("Model calls (the agent's and the judge's) answered so."),
        usd: usd
          .nullable()
          .describe('What those answers cost at the prices of their models; null when one has no price.'),
        priced_usd: usd.describe('Their priced part: usd when every one has a price, else a lower bound.'),
      })
      .optional()
      .describe(
        'The answers served from a cassette (--replay) or the cache (--cache) instead of the model: priced in cost_usd from their recorded token usage at the prices in force now, not paid for by this run.',
      ),
  })
  .meta({ id: 'CostBreakdown', description: 'What the model calls cost, in US dollars.' });
const costUsd = usd
  .nullable()
  .optional()
  .describe(
    "Cost in US dollars of the agent's and the judge's model calls; null when a call that used tokens has no price; absent in reports written before cost was counted.",
  );

export const toolInvocationSchema = z
  .strictObject({
    name: z.string(),
    args: z.record(z.string(), z.unknown()),
    result: z.unknown().describe('What the tool returned (JSON), or null when it failed.'),
    error: z.string().nullable().describe('The error message when the tool threw or the call was invalid.'),
    duration_ms: milliseconds.nullable(),
  })
  .meta({ id: 'ToolInvocation', description: 'One call of a tool by the agent.' });

export const metricResultSchema = z
  .strictObject({
    metric_name: z.string(),
    kind: z.enum(['standard', 'geval', 'rag', 'code']),
    score: z.number().nullable().describe('null when the metric was skipped or errored.'),
    threshold: z.number().nullable(),
    passed: z.boolean().nullable().describe('null when the metric was skipped.'),
    skipped: z
      .boolean()
      .describe('Skipped metrics (e.g. no ground truth on the turn) count as neither passed nor failed.'),
    error: z.string().nullable(),
    reasoning: z.string().nullable(),
    details: jsonValue.nullable(),
    evaluation_time_ms: milliseconds,
  })
  .meta({ id: 'MetricResult' });

export const expectedToolReportSchema = z
  .strictObject({
    name: z.string(),
    args: z
      .record(z.string(), jsonValue)
      .nullable()
      .describe('Asserted arguments as written: a literal value, { "fuzzy": "..." } or { "regex": "..." }.'),
    count: z.number().int().min(0).describe('At least this many matching calls; 0 = must not be called.'),
  })
  .meta({ id: 'ExpectedTool' });

export const toolAssertionResultSchema = z
  .strictObject({
    tool: z.string(),
    args: z.record(z.string(), jsonValue).nullable(),
    count: z
      .number()
      .int()
      .min(0)
      .describe(
        '0: a forbidden_tools entry or count 0, passed when no call matched (the offending calls named in reason).',
      ),
    passed: z.boolean(),
    matched_call_index: z
      .number()
      .int()
      .min(-1)
      .describe("Index in the turn's tool_invocations of the first satisfying call, or -1."),
    matching_calls: count,
    assigned_calls: z
      .array(z.number().int().min(0))
      .optional()
      .describe(
        'Under distinct_calls: the calls given to this entry, each satisfying no other entry (absent otherwise, and for count 0).',
      ),
    reason: z.string().nullable().describe('Why the assertion failed; null when it passed.'),
  })
  .meta({ id: 'ToolAssertionResult', description: 'The outcome of one expected_tools entry on one turn.' });

export const graderDetailSchema = z
  .strictObject({
    metric_name: z.string(),
    grader: z.string().describe('The grader as configured: "path/or/package:exportName".'),
    score: z.number().nullable(),
    passed: z.boolean().nullable().describe('null when the grader was skipped.'),
    reason: z.string().nullable(),
    details: jsonValue.nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'GraderDetail' });

const answerCutOff = z
  .enum(ANSWER_CUT_OFF_VALUES)
  .optional()
  .describe(
    "Present when the model stopped its final answer before finishing it: token_limit (its output token limit, OpenAI's finish_reason length, Anthropic's stop_reason max_tokens) or content_filter. Single-turn test cases carry it on the case, multi-turn ones on each turn.",
  );

export const turnResultSchema = z
  .strictObject({
    turn_index: count.describe('0-based position of the turn in its test case.'),
    input: z.string(),
    response: z.string(),
    ground_truth: z.string().nullable(),
    expected_tools: z.array(expectedToolReportSchema).nullable(),
    tool_calls: z.array(z.string()),
    tool_invocations: z.array(toolInvocationSchema),
    tools_matched: z.boolean().nullable().describe('null when the turn asserts no tools.'),
    arg_match_details: z.array(toolAssertionResultSchema),
    metric_results: z.array(metricResultSchema),
    status,
    passed: z.boolean(),
    skipped: z.boolean(),
    execution_time_ms: milliseconds,
    token_usage: tokenUsageSchema,
    cost_usd: costUsd,
    cost: costBreakdownSchema.optional(),
    errors: z.array(z.string()),
    grader_details: z.array(graderDetailSchema),
    retries: count.describe('Model requests retried during this turn.'),
    answer_cut_off: answerCutOff,
  })
  .refine(passedMatchesStatus, PASSED_MATCHES_STATUS)
  .meta({ id: 'TurnResult' });

const testResultShape = z.strictObject({
  test_name: z.string(),
  test_input: z.string().describe('Multi-turn: the turn inputs joined with "\\n---\\n".'),
  agent_response: z.string().describe("Multi-turn: the last turn's response."),
  ground_truth: z.string().nullable(),
  expected_tools: z.array(expectedToolReportSchema).nullable(),
  tool_calls: z.array(z.string()),
  tool_invocations: z.array(toolInvocationSchema),
  tools_matched: z.boolean().nullable(),
  arg_match_details: z
    .array(toolAssertionResultSchema)
    .optional()
    .describe('Single-turn test cases: the outcome of each tool assertion (multi-turn cases have it per turn).'),
  metric_results: z.array(metricResultSchema),
  status,
  passed: z.boolean(),
  answer_cut_off: answerCutOff,
  retries: count
    .optional()
    .describe('Single-turn test cases: model requests retried (multi-turn cases have it per turn).'),
  execution_time_ms: milliseconds,
  token_usage: tokenUsageSchema,
  cost_usd: costUsd,
  cost: costBreakdownSchema.optional(),
  errors: z.array(z.string()),
  timestamp: z.string(),
  turns: z.array(turnResultSchema).optional().describe('Present on multi-turn test cases only.'),
});

const rate = z.number().min(0).max(1);
const passCountsShape = {
  runs: count.describe('Repeats run (n).'),
  passed: count.describe('Repeats that passed (c); an errored or skipped repeat is never a pass.'),
  failed: count,
  errored: count,
  skipped: count,
  pass_rate: rate.describe('passed / runs.'),
  flaky: z.boolean().describe('Some repeats passed and some did not.'),
  pass_at_k: z.array(rate).describe('pass@k for k = 1..runs: 1 − C(n−c,k)/C(n,k) (unbiased, as in HumanEval).'),
  pass_hat_k: z.array(rate).describe('pass^k for k = 1..runs: C(c,k)/C(n,k) (unbiased, as in τ-bench).'),
};

export const turnRepeatStatsSchema = z
  .strictObject({ turn_index: count, ...passCountsShape })
  .meta({ id: 'TurnRepeatStats', description: 'One turn of a test case over its repeats.' });

export const repeatStatsSchema = z
  .strictObject({
    ...passCountsShape,
    min_pass_rate: rate.describe('The case passes when pass_rate ≥ min_pass_rate (--min-pass-rate).'),
    turns: z.array(turnRepeatStatsSchema).optional().describe('Multi-turn test cases: each turn, in order.'),
  })
  .meta({ id: 'RepeatStats', description: 'A test case over its repeats (--repeat N, N > 1).' });

export const repeatResultSchema = testResultShape
  .refine(passedMatchesStatus, PASSED_MATCHES_STATUS)
  .meta({ id: 'RepeatResult', description: 'One repeat of a test case (--repeat), as a test result of its own.' });

export const testResultSchema = testResultShape
  .extend({
    repeats: z
      .array(repeatResultSchema)
      .optional()
      .describe(
        '--repeat N (N > 1) only: every repeat, in order. The other fields are those of the first repeat with the status of the case, with token usage, time and cost summed over the repeats.',
      ),
    repeat_stats: repeatStatsSchema.optional(),
  })
  .refine(passedMatchesStatus, PASSED_MATCHES_STATUS)
  .meta({ id: 'TestResult' });

export const reportSummarySchema = z
  .strictObject({
    total_tests: count,
    passed: count,
    failed: count.describe(
      'Cases that did not pass, errored and skipped ones included: passed + failed == total_tests.',
    ),
    errored: count.describe('Cases whose status is "error" (also counted in failed).'),
    skipped: count.describe('Cases whose status is "skipped" (also counted in failed).'),
    pass_rate: z.number().min(0).max(1).describe('passed / total_tests, from 0 to 1.'),
    total_turns: count,
    passed_turns: count,
    failed_turns: count.describe('Turns that ran and did not pass, errored ones included.'),
    errored_turns: count,
    skipped_turns: count,
    tool_errors: count
      .optional()
      .describe(
        'Tool calls that returned an error (thrown, MCP isError, invalid arguments, server down); absent in reports written before they were counted.',
      ),
    repeats: count.optional().describe('--repeat N (N > 1) only: N; turn counts then count every repeat.'),
    flaky_tests: count.optional().describe('--repeat N (N > 1) only: cases some of whose repeats passed and some not.'),
    duration_ms: milliseconds,
    token_usage: tokenUsageSchema,
    cost_usd: costUsd,
    cost: costBreakdownSchema.optional(),
  })
  .meta({ id: 'ReportSummary', description: 'Counts test cases (not turns), plus turn counts.' });

export const runReportSchema = z
  .strictObject({
    agent_name: z.string(),
    agent_config_path: z.string(),
    timestamp: z.string(),
    holodeck_version: z.string(),
    comparison_id: z
      .string()
      .optional()
      .describe('A model matrix run: the id shared by the runs of every model of the same invocation.'),
    model: z.string().optional().describe('A model matrix run: the model of this run, as provider:name.'),
    interrupted: z
      .strictObject({ selected_tests: count, not_run: count })
      .optional()
      .describe(
        'Present when the run stopped before every selected test case finished (Ctrl-C, --max-cost, a crash): the summary counts only the finished ones.',
      ),
    summary: reportSummarySchema,
    results: z.array(testResultSchema),
  })
  .meta({ title: 'holodeck test report', description: 'The JSON report written by holodeck test.' });

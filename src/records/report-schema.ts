/**
 * The JSON report (PRODUCT.md §7) as a zod schema: validates reports and run records when they are read
 * back, and generates `schema/report.schema.json` (see report-json-schema.ts). Objects are strict: the
 * report has exactly the fields the product specifies, no more. Every field is described, as README's "Fields of
 * the JSON report" says it (test/docs/report-fields-doc.test.ts checks both).
 */
import { z } from 'zod';
import { ANSWER_CUT_OFF_VALUES } from '../core/answer-cut-off.js';
import { CRASH_TEXT_MAX, INTERRUPTION_REASONS } from '../core/results.js';
import { costSchema, costUsdSchema, tokenUsageSchema } from './cost-schema.js';
import { graderDetailSchema, metricResultSchema } from './metric-result-schema.js';
import { expectedToolReportSchema, toolAssertionResultSchema, toolInvocationSchema } from './tool-report-schema.js';

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
const passed = z.boolean().describe('true exactly when status is "passed".');
const milliseconds = z.number().min(0);
const expectedTools = z
  .array(expectedToolReportSchema)
  .nullable()
  .describe('The expected_tools entries, then the forbidden_tools ones (count 0), as written; null when neither.');
const toolCalls = z
  .array(z.string())
  .describe('The name of each tool call, in call order (calls that errored, never ran or named no tool included).');
const toolInvocations = z.array(toolInvocationSchema).describe('Each tool call in full, in call order.');
const tokenUsage = tokenUsageSchema.describe("The agent's tokens (the judges' are in cost.judge_token_usage).");

const answerCutOff = z
  .enum(ANSWER_CUT_OFF_VALUES)
  .optional()
  .describe(
    "Present when the model stopped its final answer before finishing it: token_limit (its output token limit, OpenAI's finish_reason length, Anthropic's stop_reason max_tokens) or content_filter. Single-turn test cases carry it on the case, multi-turn ones on each turn.",
  );

export const turnResultSchema = z
  .strictObject({
    turn_index: count.describe('0-based position of the turn in its test case.'),
    input: z.string().describe("The turn's input."),
    response: z.string().describe("The agent's answer."),
    ground_truth: z.string().nullable().describe("The turn's ground_truth; null when it has none."),
    expected_tools: expectedTools,
    tool_calls: toolCalls,
    tool_invocations: toolInvocations,
    tools_matched: z
      .boolean()
      .nullable()
      .describe(
        'true when every tool check of the turn (arg_match_details) held, false when one did not; null when the turn has none or got no answer.',
      ),
    arg_match_details: z.array(toolAssertionResultSchema).describe('The tool checks of the turn.'),
    metric_results: z.array(metricResultSchema).describe('One per metric applied to the turn.'),
    status,
    passed,
    skipped: z.boolean().describe('The turn did not run (status "skipped").'),
    execution_time_ms: milliseconds.describe('From sending the turn to its last verdict, judges and graders included.'),
    token_usage: tokenUsage,
    cost_usd: costUsdSchema,
    cost: costSchema,
    errors: z
      .array(z.string())
      .describe(
        "What kept the turn from a verdict (a failed model request, a timeout, a tool server down, user code ending the run): any makes it an error; a metric's own error is in metric_results.",
      ),
    grader_details: z
      .array(graderDetailSchema)
      .describe('One per code grader that ran on the turn, with the grader named.'),
    retries: count.describe("Model requests retried during this turn, its judges' included."),
    answer_cut_off: answerCutOff,
  })
  .refine(passedMatchesStatus, PASSED_MATCHES_STATUS)
  .meta({ id: 'TurnResult' });

const testResultShape = z.strictObject({
  test_name: z.string().describe("The test case's name."),
  test_input: z.string().describe('Its input; multi-turn: the turn inputs joined with "\\n---\\n".'),
  agent_response: z.string().describe("The agent's answer; multi-turn: the last turn's."),
  ground_truth: z.string().nullable().describe("Its ground_truth, else null; multi-turn: the last turn's."),
  expected_tools: expectedTools.describe("Single-turn: the turn's expected tools (see the turn's); multi-turn: null."),
  tool_calls: toolCalls.describe("The turn's tool call names; multi-turn: every turn's, in order."),
  tool_invocations: toolInvocations.describe("The turn's tool calls; multi-turn: every turn's, in order."),
  tools_matched: z
    .boolean()
    .nullable()
    .describe(
      "Single-turn: the turn's; multi-turn: null when no turn checked tools, else true when every turn that did held.",
    ),
  arg_match_details: z
    .array(toolAssertionResultSchema)
    .optional()
    .describe('Single-turn test cases: the outcome of each tool assertion (multi-turn cases have it per turn).'),
  metric_results: z
    .array(metricResultSchema)
    .describe("Single-turn: the turn's; multi-turn: one per metric name, rolled up over the turns."),
  status,
  passed,
  answer_cut_off: answerCutOff,
  retries: count
    .optional()
    .describe('Single-turn test cases: model requests retried (multi-turn cases have it per turn).'),
  execution_time_ms: milliseconds.describe("From opening the case's session to its last verdict."),
  token_usage: tokenUsage.describe("The agent's tokens, summed over the turns."),
  cost_usd: costUsdSchema,
  cost: costSchema,
  errors: z
    .array(z.string())
    .describe('Its errors and a session that could not open; multi-turn: each turn\'s prefixed "turn 2/4: ".'),
  timestamp: z.string().describe('When the test case started (ISO 8601, UTC).'),
  turns: z
    .array(turnResultSchema)
    .optional()
    .describe("Multi-turn test cases (written with turns:) only; a single-turn case has its turn's fields as its own."),
  stopped_by_crash: z
    .literal(true)
    .optional()
    .describe(
      'true when the run crashed while this case ran: its status is error, its first error says the crash, and --resume runs it again. Absent otherwise.',
    ),
});

const rate = z.number().min(0).max(1);
const passCountsShape = {
  runs: count.describe('Repeats run (n).'),
  passed: count.describe('Repeats that passed (c); an errored or skipped repeat is never a pass.'),
  failed: count.describe('Repeats that failed on an assertion.'),
  errored: count.describe('Repeats whose status is "error".'),
  skipped: count.describe('Repeats that did not run.'),
  pass_rate: rate.describe('passed / runs.'),
  flaky: z.boolean().describe('Some repeats passed and some did not.'),
  pass_at_k: z.array(rate).describe('pass@k for k = 1..runs: 1 − C(n−c,k)/C(n,k) (unbiased, as in HumanEval).'),
  pass_hat_k: z.array(rate).describe('pass^k for k = 1..runs: C(c,k)/C(n,k) (unbiased, as in τ-bench).'),
};

export const turnRepeatStatsSchema = z
  .strictObject({ turn_index: count.describe('0-based position of the turn in its test case.'), ...passCountsShape })
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
    repeat_stats: repeatStatsSchema.optional().describe('--repeat N (N > 1) only: how the case and its turns fared.'),
  })
  .refine(passedMatchesStatus, PASSED_MATCHES_STATUS)
  .meta({ id: 'TestResult' });

const metricSummarySchema = z
  .strictObject({
    metric_name: z.string().describe('The metric, as metric_results name it.'),
    mean_score: z
      .number()
      .nullable()
      .describe('The mean score over the evaluations that produced one; null when none did.'),
    passed: count.describe('Evaluations that passed.'),
    failed: count.describe('Evaluations that ran and did not pass.'),
    errored: count.describe('Evaluations that could not run (a judge or grader that failed); not in failed.'),
  })
  .meta({ id: 'MetricSummary' });

export const reportSummarySchema = z
  .strictObject({
    total_tests: count.describe('Test cases that finished.'),
    passed: count.describe('Cases whose status is "passed".'),
    failed: count.describe(
      'Cases that did not pass, errored and skipped ones included: passed + failed == total_tests.',
    ),
    errored: count.describe('Cases whose status is "error" (also counted in failed).'),
    skipped: count.describe('Cases whose status is "skipped" (also counted in failed).'),
    pass_rate: z.number().min(0).max(1).describe('passed / total_tests, from 0 to 1 (0 when no case finished).'),
    total_turns: count.describe(
      "Turns of the finished cases (a single-turn case is one); with repeats, every repeat's.",
    ),
    passed_turns: count.describe('Turns whose status is "passed".'),
    failed_turns: count.describe('Turns that ran and did not pass, errored ones included.'),
    errored_turns: count.describe('Turns whose status is "error" (also counted in failed_turns).'),
    skipped_turns: count.describe(
      'Turns that did not run: passed_turns + failed_turns + skipped_turns == total_turns.',
    ),
    tool_errors: count
      .optional()
      .describe(
        'Tool calls that returned an error (thrown, MCP isError, invalid arguments, server down); absent in reports written before they were counted.',
      ),
    repeats: count.optional().describe('--repeat N (N > 1) only: N; turn counts then count every repeat.'),
    flaky_tests: count.optional().describe('--repeat N (N > 1) only: cases some of whose repeats passed and some not.'),
    metrics: z
      .array(metricSummarySchema)
      .optional()
      .describe(
        'Each metric over every evaluation of the run (each turn of a multi-turn case, a single-turn case once, every repeat), in name order; absent in reports written before it was counted.',
      ),
    duration_ms: milliseconds.describe("The run's wall-clock time (a resumed run adds its earlier sessions')."),
    token_usage: tokenUsage.describe("The agent's tokens over every case (the judges' are in cost.judge_token_usage)."),
    cost_usd: costUsdSchema,
    cost: costSchema,
  })
  .meta({ id: 'ReportSummary', description: 'Counts test cases (not turns), plus turn counts.' });

export const runReportSchema = z
  .strictObject({
    agent_name: z.string().describe("The agent's name."),
    agent_config_path: z.string().describe('The absolute path of the config file that ran.'),
    timestamp: z.string().describe('When the run started (ISO 8601, UTC).'),
    holodeck_version: z.string().describe('The version of holodeck that ran it.'),
    comparison_id: z
      .string()
      .optional()
      .describe('A model matrix run: the id shared by the runs of every model of the same invocation.'),
    model: z.string().optional().describe('A model matrix run: the model of this run, as provider:name.'),
    interrupted: z
      .strictObject({
        selected_tests: count.describe('The test cases the run was to run.'),
        not_run: count.describe('Those that did not finish: not started, or cancelled while running.'),
        reason: z
          .enum(INTERRUPTION_REASONS)
          .optional()
          .describe(
            'Why the run stopped: signal (Ctrl-C, SIGTERM, SIGHUP), max_cost (--max-cost reached), crash (an uncaught exception or unhandled rejection, exit 3); absent in reports written before it was said.',
          ),
        error: z
          .string()
          .optional()
          .describe(
            `reason crash only: the crash, its first line, secrets masked, cut to ${CRASH_TEXT_MAX} characters.`,
          ),
      })
      .optional()
      .describe(
        'Present when the run stopped before every selected test case finished (Ctrl-C, --max-cost, a crash): the summary counts only the finished ones.',
      ),
    summary: reportSummarySchema.describe("The run's counts."),
    results: z
      .array(testResultSchema)
      .describe("One test result per finished test case, in the configuration's order."),
  })
  .meta({ title: 'holodeck test report', description: 'The JSON report written by holodeck test.' });

/**
 * The JSON report exactly as PRODUCT.md §7 names it: every field written explicitly, in a stable order,
 * runtime values made plain JSON (an `undefined` tool result becomes `null`), and no `turns` key on
 * single-turn results.
 */
import type { JsonValue } from '../core/json.js';
import type {
  CostFields,
  ExpectedToolReport,
  GraderDetail,
  MetricResult,
  PassCounts,
  RepeatStats,
  ReportSummary,
  RunInterruption,
  RunReport,
  TestResult,
  ToolAssertionResult,
  TurnResult,
} from '../core/results.js';
import type { TokenUsage } from '../core/token-usage.js';
import type { ToolInvocation } from '../core/tool-invocation.js';
import { type TextCaps, textCaps } from './cap-text.js';
import { toJsonSafe } from './to-json-safe.js';

type Json = { [key: string]: JsonValue };

export interface ReportJsonOptions {
  /** Texts longer than this many characters are cut with a note (default DEFAULT_MAX_TEXT_LENGTH). */
  readonly max_text_length?: number | undefined;
}

export function reportToJson(report: RunReport, options: ReportJsonOptions = {}): Json {
  return {
    ...reportHeadToJson(report),
    results: report.results.map((result) => testResultToJson(result, options)),
  };
}

/** The report without its results, in field order (`results` would come last). */
export function reportHeadToJson(report: Omit<RunReport, 'results'>): Json {
  return {
    agent_name: report.agent_name,
    agent_config_path: report.agent_config_path,
    timestamp: report.timestamp,
    holodeck_version: report.holodeck_version,
    ...(report.comparison_id === undefined ? {} : { comparison_id: report.comparison_id }),
    ...(report.model === undefined ? {} : { model: report.model }),
    ...(report.interrupted === undefined ? {} : { interrupted: interruptionToJson(report.interrupted) }),
    summary: summaryToJson(report.summary),
  };
}

/** The interruption's fields, those a record written before they were said lacks left out. */
function interruptionToJson(stopped: RunInterruption): Json {
  return {
    selected_tests: stopped.selected_tests,
    not_run: stopped.not_run,
    ...(stopped.reason === undefined ? {} : { reason: stopped.reason }),
    ...(stopped.error === undefined ? {} : { error: stopped.error }),
  };
}

/**
 * Each result's JSON, by the text cap it was made with: the run record and the JSON report render every
 * finished case, the same result object (both sit behind one redactingReporter), so it is built once.
 * Callers read the returned value and never change it.
 */
const renderedResults = new WeakMap<TestResult, { readonly max: number | undefined; readonly json: Json }>();

export function testResultToJson(result: TestResult, options: ReportJsonOptions = {}): Json {
  const max = options.max_text_length;
  const rendered = renderedResults.get(result);
  if (rendered !== undefined && rendered.max === max) return rendered.json;
  const json = buildTestResultJson(result, options);
  renderedResults.set(result, { max, json });
  return json;
}

function buildTestResultJson(result: TestResult, options: ReportJsonOptions): Json {
  const caps = textCaps(options.max_text_length);
  const json: Json = {
    test_name: result.test_name,
    test_input: caps.text(result.test_input),
    agent_response: caps.text(result.agent_response),
    ground_truth: caps.nullable(result.ground_truth),
    expected_tools: expectedToolsToJson(result.expected_tools),
    tool_calls: [...result.tool_calls],
    tool_invocations: result.tool_invocations.map((call) => invocationToJson(call, caps)),
    tools_matched: result.tools_matched,
    ...(result.arg_match_details === undefined
      ? {}
      : { arg_match_details: result.arg_match_details.map((assertion) => assertionToJson(assertion, caps)) }),
    metric_results: result.metric_results.map((metric) => metricToJson(metric, caps)),
    status: result.status,
    passed: result.passed,
    ...(result.answer_cut_off === undefined ? {} : { answer_cut_off: result.answer_cut_off }),
    ...(result.retries === undefined ? {} : { retries: result.retries }),
    execution_time_ms: result.execution_time_ms,
    token_usage: usageToJson(result.token_usage),
    ...costToJson(result),
    errors: result.errors.map(caps.text),
    timestamp: result.timestamp,
  };
  if (result.turns !== undefined) json['turns'] = result.turns.map((turn) => turnToJson(turn, caps));
  if (result.repeats !== undefined) json['repeats'] = result.repeats.map((run) => testResultToJson(run, options));
  if (result.repeat_stats !== undefined) json['repeat_stats'] = repeatStatsToJson(result.repeat_stats);
  if (result.stopped_by_crash === true) json['stopped_by_crash'] = true;
  return json;
}

function repeatStatsToJson(stats: RepeatStats): Json {
  return {
    ...passCountsToJson(stats),
    min_pass_rate: stats.min_pass_rate,
    ...(stats.turns === undefined
      ? {}
      : { turns: stats.turns.map((turn) => ({ turn_index: turn.turn_index, ...passCountsToJson(turn) })) }),
  };
}

function passCountsToJson(counts: PassCounts): Json {
  return {
    runs: counts.runs,
    passed: counts.passed,
    failed: counts.failed,
    errored: counts.errored,
    skipped: counts.skipped,
    pass_rate: counts.pass_rate,
    flaky: counts.flaky,
    pass_at_k: [...counts.pass_at_k],
    pass_hat_k: [...counts.pass_hat_k],
  };
}

function turnToJson(turn: TurnResult, caps: TextCaps): Json {
  return {
    turn_index: turn.turn_index,
    input: caps.text(turn.input),
    response: caps.text(turn.response),
    ground_truth: caps.nullable(turn.ground_truth),
    expected_tools: expectedToolsToJson(turn.expected_tools),
    tool_calls: [...turn.tool_calls],
    tool_invocations: turn.tool_invocations.map((call) => invocationToJson(call, caps)),
    tools_matched: turn.tools_matched,
    arg_match_details: turn.arg_match_details.map((assertion) => assertionToJson(assertion, caps)),
    metric_results: turn.metric_results.map((metric) => metricToJson(metric, caps)),
    status: turn.status,
    passed: turn.passed,
    skipped: turn.skipped,
    execution_time_ms: turn.execution_time_ms,
    token_usage: usageToJson(turn.token_usage),
    ...costToJson(turn),
    errors: turn.errors.map(caps.text),
    grader_details: turn.grader_details.map((grader) => graderToJson(grader, caps)),
    retries: turn.retries,
    ...(turn.answer_cut_off === undefined ? {} : { answer_cut_off: turn.answer_cut_off }),
  };
}

function summaryToJson(summary: ReportSummary): Json {
  return {
    total_tests: summary.total_tests,
    passed: summary.passed,
    failed: summary.failed,
    errored: summary.errored,
    skipped: summary.skipped,
    pass_rate: summary.pass_rate,
    total_turns: summary.total_turns,
    passed_turns: summary.passed_turns,
    failed_turns: summary.failed_turns,
    errored_turns: summary.errored_turns,
    skipped_turns: summary.skipped_turns,
    ...(summary.tool_errors === undefined ? {} : { tool_errors: summary.tool_errors }),
    ...(summary.repeats === undefined ? {} : { repeats: summary.repeats, flaky_tests: summary.flaky_tests ?? 0 }),
    ...(summary.metrics === undefined
      ? {}
      : {
          metrics: summary.metrics.map((m) => ({
            metric_name: m.metric_name,
            mean_score: m.mean_score,
            passed: m.passed,
            failed: m.failed,
            errored: m.errored,
          })),
        }),
    duration_ms: summary.duration_ms,
    token_usage: usageToJson(summary.token_usage),
    ...costToJson(summary),
  };
}

/** `cost_usd` and `cost`, when the result has them (results written before cost was counted do not). */
function costToJson(fields: CostFields): Json {
  const cost = fields.cost;
  return {
    ...(fields.cost_usd === undefined ? {} : { cost_usd: fields.cost_usd }),
    ...(cost === undefined
      ? {}
      : {
          cost: {
            agent_usd: cost.agent_usd,
            judge_usd: cost.judge_usd,
            priced_usd: cost.priced_usd,
            unpriced_models: [...cost.unpriced_models],
            judge_calls: cost.judge_calls,
            judge_token_usage: usageToJson(cost.judge_token_usage),
            ...(cost.spent_usd === undefined ? {} : { spent_usd: cost.spent_usd }),
            ...(cost.stored === undefined
              ? {}
              : {
                  stored: { calls: cost.stored.calls, usd: cost.stored.usd, priced_usd: cost.stored.priced_usd },
                }),
          },
        }),
  };
}

function metricToJson(metric: MetricResult, caps: TextCaps): Json {
  return {
    metric_name: metric.metric_name,
    kind: metric.kind,
    score: finiteOrNull(metric.score),
    threshold: finiteOrNull(metric.threshold),
    passed: metric.passed,
    skipped: metric.skipped,
    error: caps.nullable(metric.error),
    reasoning: caps.nullable(metric.reasoning),
    details: caps.json(plain(metric.details)),
    evaluation_time_ms: metric.evaluation_time_ms,
  };
}

function expectedToolsToJson(tools: readonly ExpectedToolReport[] | null): JsonValue {
  return tools === null ? null : tools.map((tool) => ({ name: tool.name, args: plain(tool.args), count: tool.count }));
}

function assertionToJson(assertion: ToolAssertionResult, caps: TextCaps): Json {
  return {
    tool: assertion.tool,
    args: plain(assertion.args),
    count: assertion.count,
    passed: assertion.passed,
    matched_call_index: assertion.matched_call_index,
    matching_calls: assertion.matching_calls,
    ...(assertion.assigned_calls === undefined ? {} : { assigned_calls: [...assertion.assigned_calls] }),
    reason: caps.nullable(assertion.reason),
  };
}

function graderToJson(grader: GraderDetail, caps: TextCaps): Json {
  return {
    metric_name: grader.metric_name,
    grader: grader.grader,
    score: finiteOrNull(grader.score),
    passed: grader.passed,
    reason: caps.nullable(grader.reason),
    details: caps.json(plain(grader.details)),
    error: caps.nullable(grader.error),
  };
}

function invocationToJson(call: ToolInvocation, caps: TextCaps): Json {
  const args = toJsonSafe(call.args);
  const record = args !== null && typeof args === 'object' && !Array.isArray(args) ? args : {};
  return {
    name: call.name,
    args: Object.fromEntries(Object.entries(record).map(([key, value]) => [key, caps.json(value)])),
    result: caps.json(plain(call.result)),
    error: caps.nullable(call.error),
    duration_ms: call.duration_ms,
  };
}

function usageToJson(usage: TokenUsage): Json {
  return {
    prompt_tokens: usage.prompt_tokens,
    completion_tokens: usage.completion_tokens,
    total_tokens: usage.total_tokens,
    cache_read_tokens: usage.cache_read_tokens,
    cache_creation_tokens: usage.cache_creation_tokens,
  };
}

function plain(value: unknown): JsonValue {
  return toJsonSafe(value) ?? null;
}

function finiteOrNull(value: number | null): number | null {
  return value !== null && Number.isFinite(value) ? value : null;
}

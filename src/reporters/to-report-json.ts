/**
 * The JSON report exactly as PRODUCT.md §7 names it: every field written explicitly, in a stable order,
 * runtime values made plain JSON (an `undefined` tool result becomes `null`), and no `turns` key on
 * single-turn results.
 */
import type { JsonValue } from '../core/json.js';
import type {
  ExpectedToolReport,
  GraderDetail,
  MetricResult,
  ReportSummary,
  RunReport,
  TestResult,
  ToolAssertionResult,
  TurnResult,
} from '../core/results.js';
import type { TokenUsage } from '../core/token-usage.js';
import type { ToolInvocation } from '../core/tool-invocation.js';
import { toJsonSafe } from './to-json-safe.js';

type Json = { [key: string]: JsonValue };

export function reportToJson(report: RunReport): Json {
  return {
    agent_name: report.agent_name,
    agent_config_path: report.agent_config_path,
    timestamp: report.timestamp,
    holodeck_version: report.holodeck_version,
    summary: summaryToJson(report.summary),
    results: report.results.map(testResultToJson),
  };
}

export function testResultToJson(result: TestResult): Json {
  const json: Json = {
    test_name: result.test_name,
    test_input: result.test_input,
    agent_response: result.agent_response,
    ground_truth: result.ground_truth,
    expected_tools: expectedToolsToJson(result.expected_tools),
    tool_calls: [...result.tool_calls],
    tool_invocations: result.tool_invocations.map(invocationToJson),
    tools_matched: result.tools_matched,
    metric_results: result.metric_results.map(metricToJson),
    passed: result.passed,
    execution_time_ms: result.execution_time_ms,
    token_usage: usageToJson(result.token_usage),
    errors: [...result.errors],
    timestamp: result.timestamp,
  };
  if (result.turns !== undefined) json['turns'] = result.turns.map(turnToJson);
  return json;
}

function turnToJson(turn: TurnResult): Json {
  return {
    turn_index: turn.turn_index,
    input: turn.input,
    response: turn.response,
    ground_truth: turn.ground_truth,
    expected_tools: expectedToolsToJson(turn.expected_tools),
    tool_calls: [...turn.tool_calls],
    tool_invocations: turn.tool_invocations.map(invocationToJson),
    tools_matched: turn.tools_matched,
    arg_match_details: turn.arg_match_details.map(assertionToJson),
    metric_results: turn.metric_results.map(metricToJson),
    passed: turn.passed,
    skipped: turn.skipped,
    execution_time_ms: turn.execution_time_ms,
    token_usage: usageToJson(turn.token_usage),
    errors: [...turn.errors],
    grader_details: turn.grader_details.map(graderToJson),
    retries: turn.retries,
  };
}

function summaryToJson(summary: ReportSummary): Json {
  return {
    total_tests: summary.total_tests,
    passed: summary.passed,
    failed: summary.failed,
    pass_rate: summary.pass_rate,
    total_turns: summary.total_turns,
    passed_turns: summary.passed_turns,
    failed_turns: summary.failed_turns,
    skipped_turns: summary.skipped_turns,
    duration_ms: summary.duration_ms,
    token_usage: usageToJson(summary.token_usage),
  };
}

function metricToJson(metric: MetricResult): Json {
  return {
    metric_name: metric.metric_name,
    kind: metric.kind,
    score: finiteOrNull(metric.score),
    threshold: finiteOrNull(metric.threshold),
    passed: metric.passed,
    skipped: metric.skipped,
    error: metric.error,
    reasoning: metric.reasoning,
    details: plain(metric.details),
    evaluation_time_ms: metric.evaluation_time_ms,
  };
}

function expectedToolsToJson(tools: readonly ExpectedToolReport[] | null): JsonValue {
  return tools === null ? null : tools.map((tool) => ({ name: tool.name, args: plain(tool.args), count: tool.count }));
}

function assertionToJson(assertion: ToolAssertionResult): Json {
  return {
    tool: assertion.tool,
    args: plain(assertion.args),
    count: assertion.count,
    passed: assertion.passed,
    matched_call_index: assertion.matched_call_index,
    matching_calls: assertion.matching_calls,
    reason: assertion.reason,
  };
}

function graderToJson(grader: GraderDetail): Json {
  return {
    metric_name: grader.metric_name,
    grader: grader.grader,
    score: finiteOrNull(grader.score),
    passed: grader.passed,
    reason: grader.reason,
    details: plain(grader.details),
    error: grader.error,
  };
}

function invocationToJson(call: ToolInvocation): Json {
  const args = toJsonSafe(call.args);
  return {
    name: call.name,
    args: args !== null && typeof args === 'object' && !Array.isArray(args) ? args : {},
    result: plain(call.result),
    error: call.error,
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

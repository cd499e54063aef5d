/** Builders of realistic results for reporter tests (used by tests only); see report-scenarios.ts. */

import { summarizeMetrics } from '../../../src/core/metric-tally.js';
import type {
  MetricResult,
  RunReport,
  TestFields,
  TestResult,
  ToolAssertionResult,
  TurnFields,
  TurnResult,
} from '../../../src/core/results.js';
import { caseStatus, type Status, turnStatus, verdict } from '../../../src/core/status.js';
import { addUsage, type TokenUsage, ZERO_USAGE } from '../../../src/core/token-usage.js';
import type { ToolInvocation } from '../../../src/core/tool-invocation.js';
import { turnLabel } from '../../../src/core/turn-label.js';

export function usage(prompt: number, completion: number): TokenUsage {
  return { ...ZERO_USAGE, prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

export function metric(overrides: Partial<MetricResult> & Pick<MetricResult, 'metric_name'>): MetricResult {
  return {
    kind: 'standard',
    score: 1,
    threshold: null,
    passed: true,
    skipped: false,
    error: null,
    reasoning: null,
    details: null,
    evaluation_time_ms: 1,
    ...overrides,
  };
}

export function call(name: string, args: Record<string, unknown>, result: unknown, error: string | null = null) {
  const invocation: ToolInvocation = { name, args, result, error, duration_ms: 3 };
  return invocation;
}

export function assertion(overrides: Partial<ToolAssertionResult> & Pick<ToolAssertionResult, 'tool'>) {
  const result: ToolAssertionResult = {
    args: null,
    count: 1,
    passed: true,
    matched_call_index: 0,
    matching_calls: 1,
    reason: null,
    ...overrides,
  };
  return result;
}

/** Overrides of a result's fields; `passed` says whether its assertions held, `status` is derived unless given. */
type VerdictOverrides = { readonly passed?: boolean; readonly status?: Status };

export function turn(
  overrides: Partial<TurnFields> & VerdictOverrides & Pick<TurnFields, 'turn_index' | 'input'>,
): TurnResult {
  const { passed, status, ...fieldOverrides } = overrides;
  const invocations = overrides.tool_invocations ?? [];
  const fields: TurnFields = {
    response: '',
    ground_truth: null,
    expected_tools: null,
    tool_calls: invocations.map((i) => i.name),
    tool_invocations: invocations,
    tools_matched: null,
    arg_match_details: [],
    metric_results: [],
    skipped: false,
    execution_time_ms: 250,
    token_usage: usage(100, 20),
    errors: [],
    grader_details: [],
    retries: 0,
    ...fieldOverrides,
  };
  return { ...fields, ...verdict(status ?? turnStatus({ ...fields, assertions_held: passed ?? true })) };
}

/** A multi-turn TestResult with the roll-up fields computed as PRODUCT.md §4 describes. */
export function multiTurnResult(
  name: string,
  turns: readonly TurnResult[],
  errors: readonly string[] = [],
): TestResult {
  const last = turns[turns.length - 1];
  return {
    test_name: name,
    test_input: turns.map((t) => t.input).join('\n---\n'),
    agent_response: last?.response ?? '',
    ground_truth: last?.ground_truth ?? null,
    expected_tools: null,
    tool_calls: turns.flatMap((t) => t.tool_calls),
    tool_invocations: turns.flatMap((t) => t.tool_invocations),
    tools_matched: turns.some((t) => t.tools_matched !== null) ? turns.every((t) => t.tools_matched !== false) : null,
    metric_results: rollUpMetrics(turns),
    ...verdict(
      caseStatus(
        turns.map((t) => t.status),
        errors,
      ),
    ),
    execution_time_ms: turns.reduce((sum, t) => sum + t.execution_time_ms, 0),
    token_usage: turns.reduce((sum, t) => addUsage(sum, t.token_usage), ZERO_USAGE),
    errors: [...errors, ...turns.flatMap((t) => t.errors.map((e) => `${turnLabel(t.turn_index, turns.length)}: ${e}`))],
    timestamp: '2026-12-02T12:30:06.000Z',
    turns,
  };
}

function rollUpMetrics(turns: readonly TurnResult[]): MetricResult[] {
  const names = [...new Set(turns.flatMap((t) => t.metric_results.map((m) => m.metric_name)))];
  return names.map((name) => {
    const all = turns.flatMap((t) => t.metric_results.filter((m) => m.metric_name === name));
    const ran = all.filter((m) => !m.skipped && m.score !== null);
    const first = all[0] ?? metric({ metric_name: name });
    return metric({
      metric_name: name,
      kind: first.kind,
      threshold: first.threshold,
      score: ran.length > 0 ? ran.reduce((sum, m) => sum + (m.score ?? 0), 0) / ran.length : null,
      passed: all.every((m) => m.skipped) ? null : all.filter((m) => !m.skipped).every((m) => m.passed === true),
      skipped: all.every((m) => m.skipped),
    });
  });
}

export function singleTurnResult(
  overrides: Partial<TestFields> & VerdictOverrides & Pick<TestFields, 'test_name'>,
): TestResult {
  const { passed, status, ...fieldOverrides } = overrides;
  const fields: TestFields = {
    test_input: 'hello',
    agent_response: 'hi there',
    ground_truth: 'hi there',
    expected_tools: null,
    tool_calls: [],
    tool_invocations: [],
    tools_matched: null,
    metric_results: [metric({ metric_name: 'equality' })],
    execution_time_ms: 180,
    token_usage: usage(40, 5),
    errors: [],
    timestamp: '2026-12-02T12:30:05.500Z',
    ...fieldOverrides,
  };
  const derived = turnStatus({ ...fields, skipped: false, assertions_held: passed ?? true });
  return { ...fields, ...verdict(status ?? derived) };
}

export function reportOf(results: readonly TestResult[], overrides: Partial<RunReport> = {}): RunReport {
  const turns = results.flatMap((r) => r.turns ?? [turnOfSingle(r)]);
  const passed = results.filter((r) => r.passed).length;
  return {
    agent_name: 'financial-assistant',
    agent_config_path: '/work/sample/financial-assistant/agent.yaml',
    timestamp: '2026-12-02T12:30:05.123Z',
    holodeck_version: '0.1.0',
    summary: {
      total_tests: results.length,
      passed,
      failed: results.length - passed,
      errored: results.filter((r) => r.status === 'error').length,
      skipped: results.filter((r) => r.status === 'skipped').length,
      pass_rate: results.length === 0 ? 0 : passed / results.length,
      total_turns: turns.length,
      passed_turns: turns.filter((t) => t.status === 'passed').length,
      failed_turns: turns.filter((t) => t.status === 'failed' || t.status === 'error').length,
      errored_turns: turns.filter((t) => t.status === 'error').length,
      skipped_turns: turns.filter((t) => t.status === 'skipped').length,
      tool_errors: results.reduce((sum, r) => sum + r.tool_invocations.filter((c) => c.error !== null).length, 0),
      metrics: summarizeMetrics(results),
      duration_ms: 4321,
      token_usage: results.reduce((sum, r) => addUsage(sum, r.token_usage), ZERO_USAGE),
    },
    results,
    ...overrides,
  };
}

function turnOfSingle(result: TestResult): TurnResult {
  return turn({ turn_index: 0, input: result.test_input, status: result.status });
}

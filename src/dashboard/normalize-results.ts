/** Test results from a record, checked field by field so a malformed or older record never breaks the views. */
import type {
  ExpectedToolReport,
  GraderDetail,
  MetricKind,
  MetricResult,
  TestResult,
  ToolAssertionResult,
  TurnResult,
} from '../core/results.js';
import { type Status, verdict } from '../core/status.js';
import type { TokenUsage } from '../core/token-usage.js';
import type { ToolInvocation } from '../core/tool-invocation.js';
import { upgradeTestResult } from '../records/upgrade-results.js';
import {
  asFields,
  count,
  type Fields,
  flag,
  flagOrNull,
  jsonOrNull,
  list,
  numberOrNull,
  recordOrNull,
  text,
  textList,
  textOrNull,
} from './json-fields.js';
import { normalizeCost } from './normalize-cost.js';
import { normalizeRepeatStats } from './normalize-repeats.js';

const METRIC_KINDS: readonly MetricKind[] = ['standard', 'geval', 'rag', 'code'];

function objects(fields: Fields, key: string): Fields[] {
  return list(fields, key).flatMap((item) => {
    const entry = asFields(item);
    return entry === null ? [] : [entry];
  });
}

export function normalizeUsage(value: unknown): TokenUsage {
  const fields = asFields(value) ?? {};
  const prompt = count(fields, 'prompt_tokens');
  const completion = count(fields, 'completion_tokens');
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: count(fields, 'total_tokens', prompt + completion),
    cache_read_tokens: count(fields, 'cache_read_tokens'),
    cache_creation_tokens: count(fields, 'cache_creation_tokens'),
  };
}

function normalizeMetric(fields: Fields): MetricResult {
  const kind = text(fields, 'kind', 'standard') as MetricKind;
  return {
    metric_name: text(fields, 'metric_name', '(unnamed metric)'),
    kind: METRIC_KINDS.includes(kind) ? kind : 'standard',
    score: numberOrNull(fields, 'score'),
    threshold: numberOrNull(fields, 'threshold'),
    passed: flagOrNull(fields, 'passed'),
    skipped: flag(fields, 'skipped'),
    error: textOrNull(fields, 'error'),
    reasoning: textOrNull(fields, 'reasoning'),
    details: jsonOrNull(fields, 'details'),
    evaluation_time_ms: count(fields, 'evaluation_time_ms'),
  };
}

function normalizeInvocation(fields: Fields): ToolInvocation {
  return {
    name: text(fields, 'name', '(unnamed tool)'),
    args: recordOrNull(fields, 'args') ?? {},
    result: fields.result === undefined ? null : fields.result,
    error: textOrNull(fields, 'error'),
    duration_ms: numberOrNull(fields, 'duration_ms'),
  };
}

function normalizeExpected(fields: Fields): ExpectedToolReport {
  return { name: text(fields, 'name'), args: recordOrNull(fields, 'args'), count: count(fields, 'count', 1) };
}

function expectedTools(fields: Fields): ExpectedToolReport[] | null {
  return Array.isArray(fields.expected_tools) ? objects(fields, 'expected_tools').map(normalizeExpected) : null;
}

function normalizeAssertion(fields: Fields): ToolAssertionResult {
  return {
    tool: text(fields, 'tool'),
    args: recordOrNull(fields, 'args'),
    count: count(fields, 'count', 1),
    passed: flag(fields, 'passed'),
    matched_call_index: count(fields, 'matched_call_index', -1),
    matching_calls: count(fields, 'matching_calls'),
    ...assignedCalls(fields),
    reason: textOrNull(fields, 'reason'),
  };
}

/** `assigned_calls` (distinct_calls) when the record has it: call indices only. */
function assignedCalls(fields: Fields): { assigned_calls?: number[] } {
  if (!Array.isArray(fields.assigned_calls)) return {};
  const calls = fields.assigned_calls.filter((item): item is number => Number.isInteger(item) && item >= 0);
  return { assigned_calls: calls };
}

function normalizeGrader(fields: Fields): GraderDetail {
  return {
    metric_name: text(fields, 'metric_name'),
    grader: text(fields, 'grader'),
    score: numberOrNull(fields, 'score'),
    passed: flagOrNull(fields, 'passed'),
    reason: textOrNull(fields, 'reason'),
    details: jsonOrNull(fields, 'details'),
    error: textOrNull(fields, 'error'),
  };
}

function normalizeTurn(fields: Fields, position: number): TurnResult {
  const invocations = objects(fields, 'tool_invocations').map(normalizeInvocation);
  return {
    turn_index: count(fields, 'turn_index', position),
    input: text(fields, 'input'),
    response: text(fields, 'response'),
    ground_truth: textOrNull(fields, 'ground_truth'),
    expected_tools: expectedTools(fields),
    tool_calls: Array.isArray(fields.tool_calls) ? textList(fields, 'tool_calls') : invocations.map((i) => i.name),
    tool_invocations: invocations,
    tools_matched: flagOrNull(fields, 'tools_matched'),
    arg_match_details: objects(fields, 'arg_match_details').map(normalizeAssertion),
    metric_results: objects(fields, 'metric_results').map(normalizeMetric),
    ...verdict(statusOf(fields)),
    skipped: flag(fields, 'skipped'),
    execution_time_ms: count(fields, 'execution_time_ms'),
    token_usage: normalizeUsage(fields.token_usage),
    ...normalizeCost(fields),
    errors: textList(fields, 'errors'),
    grader_details: objects(fields, 'grader_details').map(normalizeGrader),
    retries: count(fields, 'retries'),
  };
}

/** A TestResult from any JSON value; null when it is not an object. */
export function normalizeTestResult(value: unknown): TestResult | null {
  const fields = asFields(upgradeTestResult(value));
  if (fields === null) return null;
  const invocations = objects(fields, 'tool_invocations').map(normalizeInvocation);
  const result: TestResult = {
    test_name: text(fields, 'test_name', '(unnamed test case)'),
    test_input: text(fields, 'test_input'),
    agent_response: text(fields, 'agent_response'),
    ground_truth: textOrNull(fields, 'ground_truth'),
    expected_tools: expectedTools(fields),
    tool_calls: Array.isArray(fields.tool_calls) ? textList(fields, 'tool_calls') : invocations.map((i) => i.name),
    tool_invocations: invocations,
    tools_matched: flagOrNull(fields, 'tools_matched'),
    metric_results: objects(fields, 'metric_results').map(normalizeMetric),
    ...verdict(statusOf(fields)),
    execution_time_ms: count(fields, 'execution_time_ms'),
    token_usage: normalizeUsage(fields.token_usage),
    ...normalizeCost(fields),
    errors: textList(fields, 'errors'),
    timestamp: text(fields, 'timestamp'),
  };
  const withRepeats = { ...result, ...normalizeRepeats(fields) };
  if (!Array.isArray(fields.turns)) return withRepeats;
  return { ...withRepeats, turns: objects(fields, 'turns').map(normalizeTurn) };
}

/** `--repeat`: every repeat (each a result of its own, never with repeats of its own) and the figures. */
function normalizeRepeats(fields: Fields): Pick<TestResult, 'repeats' | 'repeat_stats'> {
  const stats = normalizeRepeatStats(fields.repeat_stats);
  if (stats === undefined || !Array.isArray(fields.repeats)) return {};
  const repeats = fields.repeats.flatMap((item) => {
    const repeat = normalizeTestResult(asFields(item) === null ? null : { ...asFields(item), repeats: undefined });
    return repeat === null ? [] : [repeat];
  });
  return { repeats, repeat_stats: stats };
}

const STATUSES: readonly string[] = ['passed', 'failed', 'error', 'skipped'];

/** The recorded status (records of every version carry one once upgraded); `error` when it is unreadable. */
function statusOf(fields: Fields): Status {
  const status = fields['status'];
  return typeof status === 'string' && STATUSES.includes(status) ? (status as Status) : 'error';
}

/**
 * Realistic test results for dashboard tests: ConvFinQA-style multi-turn conversations with table lookups and
 * arithmetic tools, fuzzy argument assertions, a numeric metric and a code grader; plus single-turn cases.
 */

import type { MetricResult, TestResult, ToolAssertionResult, TurnResult } from '../../../src/core/results.js';
import { caseStatus, verdict } from '../../../src/core/status.js';
import { addUsage, type TokenUsage, ZERO_USAGE } from '../../../src/core/token-usage.js';
import type { ToolInvocation } from '../../../src/core/tool-invocation.js';

export function usage(prompt: number, completion: number): TokenUsage {
  return { ...ZERO_USAGE, prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

function numeric(score: number, reasoning: string | null = null): MetricResult {
  return {
    metric_name: 'numeric',
    kind: 'standard',
    score,
    threshold: 1,
    passed: score >= 1,
    skipped: false,
    error: null,
    reasoning,
    details: null,
    evaluation_time_ms: 1,
  };
}

function grader(passed: boolean): MetricResult {
  return {
    metric_name: 'turn_program_equivalence',
    kind: 'code',
    score: passed ? 1 : 0,
    threshold: 1,
    passed,
    skipped: false,
    error: null,
    reasoning: passed ? 'tool calls follow the reference program' : 'step 1 used 180000 where the program has 181001',
    details: { program: 'subtract(206588, 181001), divide(#0, 181001)', matched_steps: passed ? 2 : 1 },
    evaluation_time_ms: 2,
  };
}

function call(
  name: string,
  args: Record<string, unknown>,
  result: unknown,
  error: string | null = null,
): ToolInvocation {
  return { name, args, result, error, duration_ms: 3 };
}

function assertion(tool: string, args: ToolAssertionResult['args'], passed: boolean, reason: string | null = null) {
  const result: ToolAssertionResult = {
    tool,
    args,
    count: 1,
    passed,
    matched_call_index: passed ? 0 : -1,
    matching_calls: passed ? 1 : 0,
    reason,
  };
  return result;
}

export interface ConversationOptions {
  /** 0-based index of a turn whose subtraction uses a wrong operand (fails the arg assertion and metrics). */
  readonly failTurn?: number | null;
  /** Turns from this index on are skipped, as after an unrecoverable session error. */
  readonly skipFrom?: number | null;
  /** Text put into the response, tool result and name, to check the page never renders it as HTML. */
  readonly payload?: string;
  readonly turns?: number;
  /** Leaves out the document table, grader details and metric details, for scale tests of many cases. */
  readonly compact?: boolean;
}

const TABLE = `| year | net revenue | operating income |\n| 2009 | 206,588 | 45,213 |\n| 2008 | 181,001 | 41,922 |`;

/** A turn skipped after the session ended in an earlier turn. */
function skippedTurn(index: number): TurnResult {
  return {
    turn_index: index,
    input: `and what was the change in operating income in turn ${index}?`,
    response: '',
    ground_truth: '3291',
    expected_tools: [{ name: 'subtract', args: null, count: 1 }],
    tool_calls: [],
    tool_invocations: [],
    tools_matched: null,
    arg_match_details: [],
    metric_results: [],
    ...verdict('skipped'),
    skipped: true,
    execution_time_ms: 0,
    token_usage: ZERO_USAGE,
    errors: ['skipped: the session ended after an unrecoverable error in an earlier turn'],
    grader_details: [],
    retries: 0,
  };
}

function conversationTurn(index: number, options: ConversationOptions): TurnResult {
  const payload = options.payload ?? '';
  const failed = options.failTurn === index;
  if (options.skipFrom != null && index >= options.skipFrom) return skippedTurn(index);
  const operand = failed ? 180000 : 181001;
  const answer = 206588 - operand;
  const lookup = call(
    'lookup',
    { row: 'net revenue', column: index === 0 ? '2009' : '2008' },
    index === 0 ? 206588 : 181001,
  );
  const subtract = call('subtract', { a: 206588, b: operand }, answer);
  const expectedArgs = { a: { fuzzy: '206588' }, b: { fuzzy: '181001' } };
  const reason = failed ? `arg 'b' mismatch: expected ≈"181001", got 180000` : null;
  const input =
    index === 0
      ? `${options.compact ? '' : `${TABLE}\n\n`}what was the net revenue in 2009?${payload}`
      : `what was the change from 2008 to 2009?${payload}`;
  return {
    turn_index: index,
    input,
    response: failed ? `The change was ${answer}. ${payload}` : `The change was ${answer}.${payload}`,
    ground_truth: '25587',
    expected_tools: [{ name: 'subtract', args: expectedArgs, count: 1 }],
    tool_calls: ['lookup', 'subtract'],
    tool_invocations: [lookup, { ...subtract, result: payload ? `${answer} ${payload}` : answer }],
    tools_matched: !failed,
    arg_match_details: [assertion('subtract', expectedArgs, !failed, reason)],
    metric_results: [
      numeric(failed ? 0 : 1, failed ? `expected 25587, got ${answer}` : null),
      ...(options.compact ? [] : [grader(!failed)]),
    ],
    ...verdict(failed ? 'failed' : 'passed'),
    skipped: false,
    execution_time_ms: 800 + index * 150,
    token_usage: usage(900 + index * 300, 40),
    errors: [],
    grader_details: options.compact
      ? []
      : [
          {
            metric_name: 'turn_program_equivalence',
            grader: 'graders/turn_program_equivalence.ts:turnProgramEquivalence',
            score: failed ? 0 : 1,
            passed: !failed,
            reason: failed ? 'operand #2 differs from the program' : null,
            details: { steps: 2 },
            error: null,
          },
        ],
    retries: 0,
  };
}

/** A multi-turn case with the roll-up fields computed as the runner does. */
export function conversationCase(name: string, options: ConversationOptions = {}): TestResult {
  const turns = Array.from({ length: options.turns ?? 3 }, (_, index) => conversationTurn(index, options));
  const last = turns[turns.length - 1];
  return {
    test_name: `${name}${options.payload ?? ''}`,
    test_input: turns.map((turn) => turn.input).join('\n---\n'),
    agent_response: last?.response ?? '',
    ground_truth: last?.ground_truth ?? null,
    expected_tools: null,
    tool_calls: turns.flatMap((turn) => turn.tool_calls),
    tool_invocations: turns.flatMap((turn) => turn.tool_invocations),
    tools_matched: turns.every((turn) => turn.tools_matched !== false),
    metric_results: [numeric(turns.every((turn) => turn.passed || turn.skipped) ? 1 : 0)],
    ...verdict(
      caseStatus(
        turns.map((turn) => turn.status),
        [],
      ),
    ),
    execution_time_ms: turns.reduce((sum, turn) => sum + turn.execution_time_ms, 0),
    token_usage: turns.reduce((sum, turn) => addUsage(sum, turn.token_usage), ZERO_USAGE),
    errors: turns.flatMap((turn) => turn.errors.map((error) => `turn ${turn.turn_index}: ${error}`)),
    timestamp: '2026-12-02T12:30:06.000Z',
    turns,
  };
}

/** A single-turn case (no `turns`), optionally failing its equality metric. */
export function singleCase(name: string, passed: boolean): TestResult {
  return {
    test_name: name,
    test_input: 'What is the capital of France?',
    agent_response: passed ? 'Paris' : 'Lyon',
    ground_truth: 'Paris',
    expected_tools: null,
    tool_calls: [],
    tool_invocations: [],
    tools_matched: null,
    metric_results: [
      {
        metric_name: 'equality',
        kind: 'standard',
        score: passed ? 1 : 0,
        threshold: null,
        passed,
        skipped: false,
        error: null,
        reasoning: passed ? null : 'expected "Paris", got "Lyon"',
        details: null,
        evaluation_time_ms: 0,
      },
    ],
    ...verdict(passed ? 'passed' : 'failed'),
    execution_time_ms: 420,
    token_usage: usage(60, 4),
    errors: [],
    timestamp: '2026-12-02T12:30:07.000Z',
  };
}

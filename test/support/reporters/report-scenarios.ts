/** Ready-made results for reporter tests (used by tests only), built with the report-fixtures helpers. */
import type { RunReport, TestResult } from '../../../src/core/results.js';
import { ZERO_USAGE } from '../../../src/core/token-usage.js';
import { assertion, call, metric, multiTurnResult, reportOf, singleTurnResult, turn } from './report-fixtures.js';

/** A passing two-turn ConvFinQA conversation with tool calls, a fuzzy arg assertion and a code grader. */
export function passingConversation(): TestResult {
  const lookup = call('lookup', { row: 'net cash from operating activities', column: '2009' }, 206588);
  const subtract = call('mcp__fin__subtract', { a: 206588, b: 181001 }, 25587);
  return multiTurnResult('JKHY-2009', [
    turn({
      turn_index: 0,
      input: 'what is the net cash from operating activities in 2009?',
      response: 'The net cash from operating activities in 2009 was 206588.',
      ground_truth: '206588',
      tool_invocations: [lookup],
      metric_results: [metric({ metric_name: 'numeric', score: 1 })],
    }),
    turn({
      turn_index: 1,
      input: 'what is the difference from 2008?',
      response: '25587',
      ground_truth: '25587',
      expected_tools: [{ name: 'subtract', args: { a: 206588, b: { fuzzy: '181,001' } }, count: 1 }],
      tool_invocations: [subtract],
      tools_matched: true,
      arg_match_details: [assertion({ tool: 'subtract', args: { a: 206588, b: { fuzzy: '181,001' } } })],
      metric_results: [
        metric({ metric_name: 'numeric', score: 1 }),
        metric({ metric_name: 'turn_program', kind: 'code', score: 1, threshold: 0.5, reasoning: 'program matches' }),
      ],
      grader_details: [
        {
          metric_name: 'turn_program',
          grader: 'graders/turn_program_equivalence.ts:turnProgramEquivalence',
          score: 1,
          passed: true,
          reason: 'program matches',
          details: { steps: ['subtract(206588, 181001)'] },
          error: null,
        },
      ],
    }),
  ]);
}

/** A failing three-turn conversation: turn 1 has an argument mismatch and an errored grader, turn 2 is skipped. */
export function failingConversation(): TestResult {
  const badSubtract = call('subtract', { a: 206588, b: 180000 }, 26588);
  const divide = call('divide', { a: 1, b: 0 }, null, 'division by zero');
  return multiTurnResult('AAPL-2017', [
    turn({
      turn_index: 0,
      input: 'what was the revenue in 2017?',
      response: '229234',
      ground_truth: '229234',
      metric_results: [metric({ metric_name: 'numeric', score: 1 })],
    }),
    turn({
      turn_index: 1,
      input: 'and the change from 2016?',
      response: 'It changed by 26588.',
      ground_truth: '25587',
      expected_tools: [{ name: 'subtract', args: { a: 206588, b: { fuzzy: '181001' } }, count: 1 }],
      tool_invocations: [badSubtract, divide],
      tools_matched: false,
      arg_match_details: [
        assertion({
          tool: 'subtract',
          args: { a: 206588, b: { fuzzy: '181001' } },
          passed: false,
          matched_call_index: -1,
          matching_calls: 0,
          reason: `arg 'b' mismatch: expected ≈"181001", got 180000`,
        }),
      ],
      metric_results: [
        metric({ metric_name: 'numeric', score: 0, passed: false, reasoning: 'expected 25587, got 26588' }),
        metric({
          metric_name: 'turn_program',
          kind: 'code',
          score: null,
          threshold: 0.5,
          passed: false,
          error: 'TypeError: Cannot read properties of undefined (reading "steps")',
        }),
        metric({
          metric_name: 'faithfulness',
          kind: 'rag',
          score: null,
          passed: false,
          skipped: true,
          reasoning: 'skipped: the turn has no retrieval_context',
        }),
      ],
      grader_details: [
        {
          metric_name: 'turn_program',
          grader: 'graders/turn_program_equivalence.ts:turnProgramEquivalence',
          score: null,
          passed: false,
          reason: null,
          details: null,
          error: 'TypeError: Cannot read properties of undefined (reading "steps")',
        },
      ],
      passed: false,
    }),
    turn({
      turn_index: 2,
      input: 'what is that as a percentage?',
      skipped: true,
      passed: false,
      execution_time_ms: 0,
      token_usage: ZERO_USAGE,
      errors: ['skipped: the session became unrecoverable at turn 2'],
    }),
  ]);
}

/** The whole realistic run: single-turn pass, multi-turn pass, multi-turn failure, single-turn failure. */
export function sampleReport(): RunReport {
  return reportOf([
    singleTurnResult({ test_name: 'greeting' }),
    passingConversation(),
    failingConversation(),
    singleTurnResult({
      test_name: 'farewell',
      test_input: 'bye',
      agent_response: 'see you',
      ground_truth: 'goodbye',
      passed: false,
      metric_results: [metric({ metric_name: 'equality', score: 0, passed: false })],
    }),
  ]);
}

/** Agent output written to break documents: HTML, Markdown, XML terminators and control characters. */
export const HOSTILE_TEXT =
  '<script>alert("x")</script> ]]> | pipe | ``` fence \u001b[31mred\u001b[0m \u0000nul \uFFFF & &amp; # heading\n---\n* item';

/** A failing single-turn case and a failing two-turn case whose names, inputs and outputs are hostile. */
export function hostileReport(): RunReport {
  const hostileCall = call('lookup', { row: HOSTILE_TEXT }, HOSTILE_TEXT, null);
  return reportOf([
    singleTurnResult({
      test_name: `evil <b>name</b> | ]]>`,
      test_input: HOSTILE_TEXT,
      agent_response: HOSTILE_TEXT,
      passed: false,
      errors: [HOSTILE_TEXT],
      metric_results: [metric({ metric_name: 'equality', score: 0, passed: false, reasoning: HOSTILE_TEXT })],
    }),
    multiTurnResult('multi <i>evil</i>', [
      turn({ turn_index: 0, input: 'fine', response: 'fine' }),
      turn({
        turn_index: 1,
        input: HOSTILE_TEXT,
        response: HOSTILE_TEXT,
        tool_invocations: [hostileCall],
        tools_matched: false,
        arg_match_details: [
          assertion({ tool: 'lookup', passed: false, matched_call_index: -1, matching_calls: 0, reason: HOSTILE_TEXT }),
        ],
        // A metric's name comes from the configuration, which may hold escape sequences too.
        metric_results: [metric({ metric_name: 'eq\u001b[5mBLINK', score: 0, passed: false })],
        passed: false,
      }),
    ]),
  ]);
}

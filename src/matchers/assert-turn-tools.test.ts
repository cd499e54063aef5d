import { describe, expect, it } from 'vitest';
import type { ExpectedTool } from '../core/config-types.js';
import { formatAssertion } from '../core/format-assertion.js';
import type { ToolInvocation } from '../core/tool-invocation.js';
import { assertTools } from './assert-tools.js';
import { assertTurnTools } from './assert-turn-tools.js';

function call(name: string, args: Record<string, unknown>, error: string | null = null): ToolInvocation {
  return { name, args, result: error === null ? 1 : null, error, duration_ms: 1 };
}

const expected = (name: string, name_match: ExpectedTool['name_match'] = 'substring'): ExpectedTool => ({
  name,
  name_match,
  args: null,
  count: 1,
});

const CALLS = [call('lookup', { column: '2009' }), call('divide', { a: 1, b: 0 }, 'division by zero')];

describe('assertTurnTools', () => {
  it('counts a call that returned an error as a call of its tool', () => {
    const checks = assertTurnTools({ expected_tools: [expected('divide')], expected_tools_order: 'any' }, CALLS);
    expect(checks.tools_matched).toBe(true);
    expect(checks.assertions).toMatchObject([{ tool: 'divide', passed: true, matched_call_index: 1 }]);
  });

  it('checks nothing when the turn expects no tools and the policy is off', () => {
    expect(assertTurnTools({ expected_tools: null, expected_tools_order: 'any' }, CALLS)).toEqual({
      assertions: [],
      tools_matched: null,
    });
  });

  it('under fail_on_tool_error fails each call that returned an error, naming tool, call and error', () => {
    const checks = assertTurnTools({ expected_tools: [expected('lookup')], expected_tools_order: 'any' }, CALLS, {
      fail_on_tool_error: true,
    });
    expect(checks.tools_matched).toBe(false);
    expect(checks.assertions.map((a) => [a.passed, formatAssertion(a)])).toEqual([
      [true, 'lookup — matched call #0'],
      [false, 'divide — call #1 divide(a=1, b=0) returned an error: division by zero (fail_on_tool_error)'],
    ]);
  });

  it('under fail_on_tool_error checks a turn without expected tools too, and passes one without errors', () => {
    const none = { expected_tools: null, expected_tools_order: 'any' as const };
    expect(assertTurnTools(none, CALLS, { fail_on_tool_error: true }).tools_matched).toBe(false);
    expect(assertTurnTools(none, CALLS.slice(0, 1), { fail_on_tool_error: true })).toEqual({
      assertions: [],
      tools_matched: null,
    });
  });

  it('fails a turn cut off at its step limit after every other check, under the tool called last', () => {
    const turn = { expected_tools: [expected('lookup')], expected_tools_order: 'any' as const };
    const checks = assertTurnTools(turn, CALLS, { fail_on_tool_error: false }, 1);
    expect(checks.tools_matched).toBe(false);
    expect(checks.assertions.map((a) => [a.passed, formatAssertion(a)])).toEqual([
      [true, 'lookup — matched call #0'],
      [
        false,
        'divide — the turn reached its limit of 1 model call (execution.max_steps) with the agent still calling tools: it gave no final answer',
      ],
    ]);
    const none = { expected_tools: null, expected_tools_order: 'any' as const };
    expect(assertTurnTools(none, [], { fail_on_tool_error: false }, 4).assertions[0]?.reason).toMatch(
      /^the turn reached its limit of 4 model calls/,
    );
  });
});

describe('name_match: exact', () => {
  it('takes only a call of exactly that name, and names the near misses when none was made', () => {
    const calls = [call('mcp__fin__subtract', { a: 1 })];
    expect(assertTools([expected('subtract')], calls)[0]?.passed).toBe(true);
    const [exact] = assertTools([expected('subtract', 'exact')], calls);
    expect(exact).toMatchObject({
      passed: false,
      reason: "tool 'subtract' was not called (exact name; called: mcp__fin__subtract)",
    });
    expect(assertTools([expected('divide', 'exact')], calls)[0]?.reason).toBe(
      "tool 'divide' was not called (exact name)",
    );
    expect(assertTools([expected('mcp__fin__subtract', 'exact')], calls)[0]?.passed).toBe(true);
  });
});

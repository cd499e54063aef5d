import { describe, expect, it } from 'vitest';
import type { ArgMatcher, ExpectedTool } from '../core/config-types.js';
import type { JsonValue } from '../core/json.js';
import type { ToolInvocation } from '../core/tool-invocation.js';
import { assertTools } from './assert-tools.js';
import { compileLinearRegex } from './linear-regex.js';

const literal = (value: JsonValue): ArgMatcher => ({ kind: 'literal', value });
const fuzzy = (value: string): ArgMatcher => ({ kind: 'fuzzy', value });
function regex(pattern: string): ArgMatcher {
  const compiled = compileLinearRegex(pattern);
  if (!compiled.ok) throw new Error(compiled.reason);
  return { kind: 'regex', pattern, regex: compiled.regex };
}

function tool(name: string, args: Record<string, ArgMatcher> | null = null, count = 1): ExpectedTool {
  return { name, name_match: 'substring', args, count };
}

function call(name: string, args: Record<string, unknown> = {}): ToolInvocation {
  return { name, args, result: null, error: null, duration_ms: 1 };
}

const unknown = (name: string, args: Record<string, unknown> = {}): ToolInvocation => ({
  ...call(name, args),
  error: `Model tried to call unavailable tool '${name}'.`,
  unknown_tool: true,
});

/** SC-006: (expected tool, actual calls of the turn, expected outcome). */
const MATRIX: ReadonlyArray<[string, ExpectedTool, ToolInvocation[], boolean]> = [
  [
    'a call of a tool the agent lacks ran nothing',
    tool('add', { a: literal(1) }),
    [unknown('safe_add', { a: 1 })],
    false,
  ],
  ['nor does it count against a forbidden tool', tool('delete', null, 0), [unknown('delete_all')], true],
  ['a real call still counts beside it', tool('add'), [unknown('safe_add'), call('add')], true],
  ['literal int equals float', tool('subtract', { a: literal(206588) }), [call('subtract', { a: 206588.0 })], true],
  [
    'literal number vs numeric string',
    tool('subtract', { a: literal(206588) }),
    [call('subtract', { a: '206588' })],
    false,
  ],
  ['literal string vs number', tool('subtract', { a: literal('206588') }), [call('subtract', { a: 206588 })], false],
  ['literal different value', tool('subtract', { a: literal(206588) }), [call('subtract', { a: 206589 })], false],
  ['fuzzy thousands separator', tool('subtract', { a: fuzzy('206588') }), [call('subtract', { a: '206,588' })], true],
  ['fuzzy separator in expected', tool('subtract', { b: fuzzy('181,001') }), [call('subtract', { b: 181001 })], true],
  ['fuzzy int vs float', tool('subtract', { a: fuzzy('206588') }), [call('subtract', { a: 206588.0 })], true],
  ['fuzzy numeric mismatch', tool('subtract', { b: fuzzy('181001') }), [call('subtract', { b: 180000 })], false],
  [
    'fuzzy case and whitespace',
    tool('lookup', { row: fuzzy('Net Cash') }),
    [call('lookup', { row: ' net  CASH ' })],
    true,
  ],
  ['fuzzy different words', tool('lookup', { row: fuzzy('net cash') }), [call('lookup', { row: 'net income' })], false],
  ['fuzzy percent', tool('divide', { r: fuzzy('14.1%') }), [call('divide', { r: 0.141 })], true],
  [
    'regex anchored full match',
    tool('lookup', { cell: regex('^2009.*cash.*$') }),
    [call('lookup', { cell: '2009 net cash from operating activities' })],
    true,
  ],
  ['regex partial match only', tool('lookup', { cell: regex('2009') }), [call('lookup', { cell: 'in 2009' })], false],
  ['regex on a number', tool('subtract', { b: regex('^181001(\\.0+)?$') }), [call('subtract', { b: 181001 })], true],
  ['missing argument', tool('subtract', { a: literal(206588) }), [call('subtract', { b: 181001 })], false],
  [
    'extra unasserted argument',
    tool('subtract', { a: literal(206588) }),
    [call('subtract', { a: 206588, b: 181001, rounding_mode: 'half-up' })],
    true,
  ],
  [
    'multi-call fuzzy: a later call matches',
    tool('subtract', { a: fuzzy('206588'), b: fuzzy('181001') }),
    [call('subtract', { a: 206588, b: 180000 }), call('subtract', { a: '206,588', b: '181,001.0' })],
    true,
  ],
  [
    'count lower bound not reached',
    tool('subtract', { a: literal(1) }, 2),
    [call('subtract', { a: 1 }), call('subtract', { a: 2 })],
    false,
  ],
  [
    'count lower bound exceeded',
    tool('subtract', { a: literal(1) }, 2),
    [call('subtract', { a: 1 }), call('subtract', { a: 1 }), call('subtract', { a: 1 })],
    true,
  ],
  ['name substring', tool('subtract', { a: literal(5) }), [call('mcp__fin__subtract', { a: 5 })], true],
  ['name is case-sensitive', tool('Subtract'), [call('subtract')], false],
  ['name only, tool not called', tool('divide'), [call('subtract'), call('lookup')], false],
  ['name only, count of 2 met', tool('lookup', null, 2), [call('lookup'), call('add'), call('lookup')], true],
  [
    'literal + fuzzy + regex together',
    tool('subtract', { a: literal(206588), b: fuzzy('181,001'), cell: regex('(?i)^2009.*cash.*$') }),
    [call('subtract', { a: 206588.0, b: '181001', cell: '2009 Net CASH', note: 'x' })],
    true,
  ],
  ['no calls at all', tool('subtract', { a: literal(1) }), [], false],
];

describe('assertTools — SC-006 matrix', () => {
  it.each(MATRIX)('%s', (_label, expected, calls, passed) => {
    const [result] = assertTools([expected], calls);
    expect(result?.passed).toBe(passed);
    expect(result?.reason === null).toBe(passed);
  });

  it('covers at least 23 rows', () => {
    expect(MATRIX.length).toBeGreaterThanOrEqual(23);
  });
});

describe('assertTools results', () => {
  it('reports the first satisfying call and how many satisfied', () => {
    const calls = [call('lookup'), call('subtract', { a: 1 }), call('subtract', { a: 1 })];
    const [result] = assertTools([tool('subtract', { a: literal(1) })], calls);
    expect(result).toEqual({
      tool: 'subtract',
      args: { a: 1 },
      count: 1,
      passed: true,
      matched_call_index: 1,
      matching_calls: 2,
      reason: null,
    });
  });

  it('reports asserted args in config form, the regex by its original pattern', () => {
    const expected = tool('lookup', { a: literal(1), b: fuzzy('2'), c: regex('^x$') });
    const [result] = assertTools([expected], []);
    expect(result?.args).toEqual({ a: 1, b: { fuzzy: '2' }, c: { regex: '^x$' } });
    expect(result?.matched_call_index).toBe(-1);
    expect(result?.matching_calls).toBe(0);
  });

  it('reports null args for a name-only entry', () => {
    const [result] = assertTools([tool('lookup')], [call('lookup', { x: 1 })]);
    expect(result?.args).toBeNull();
    expect(result?.passed).toBe(true);
  });

  it('says a call whose arguments were refused had none to match, and why', () => {
    const refused = {
      ...call('echo'),
      error: 'invalid arguments for tool echo: expected object — the model sent "x"',
      args_refused: true as const,
    };
    const [result] = assertTools([tool('echo', { x: literal(1) })], [refused]);
    expect(result?.passed).toBe(false);
    expect(result?.reason).toContain(
      `arg 'x' missing: the call's arguments were refused (invalid arguments for tool echo: expected object — the model sent "x")`,
    );
  });

  it('lets no refused arguments satisfy an argument check, whatever they hold; the call is still one of its tool', () => {
    const deep = {
      ...call('echo', { cell: [['[nested deeper than 128 levels]']] }),
      error: 'invalid arguments for tool echo: the arguments are nested deeper than 128 levels',
      args_refused: true as const,
    };
    const schemaRefused = {
      ...call('subtract', { a: 'lots' }),
      error: 'invalid arguments for tool subtract: a: expected number, received string',
      args_refused: true as const,
    };
    const [anyCell, named] = assertTools([tool('echo', { cell: regex('.*') }), tool('echo')], [deep]);
    expect(anyCell).toMatchObject({ passed: false, matching_calls: 0 });
    expect(anyCell?.reason).toContain(
      "arg 'cell' missing: the call's arguments were refused (invalid arguments for tool echo: the arguments are nested deeper than 128 levels)",
    );
    expect(named?.passed).toBe(true);
    const [lots] = assertTools([tool('subtract', { a: literal('lots') })], [schemaRefused]);
    expect(lots?.passed).toBe(false);
    // Nor do they match a forbidden call's arguments: the tool never got them.
    const [forbidden] = assertTools([tool('subtract', { a: literal('lots') }, 0)], [schemaRefused]);
    expect(forbidden?.passed).toBe(true);
  });

  it('returns one result per entry, in order', () => {
    const results = assertTools([tool('add'), tool('subtract')], [call('subtract')]);
    expect(results.map((r) => [r.tool, r.passed])).toEqual([
      ['add', false],
      ['subtract', true],
    ]);
  });

  it('treats an argument holding undefined as missing', () => {
    const [result] = assertTools([tool('f', { a: literal(null) })], [call('f', { a: undefined })]);
    expect(result?.reason).toBe("arg 'a' missing");
  });
});

describe('assertTools failure reasons', () => {
  it('names a tool that was not called, and the tools the turn did call', () => {
    const [result] = assertTools([tool('divide')], [call('subtract')]);
    expect(result?.reason).toBe("tool 'divide' was not called (called: subtract)");
    expect(assertTools([tool('divide')], [])[0]?.reason).toBe("tool 'divide' was not called");
    const many = ['a', 'b', 'c', 'd', 'e', 'a'].map((name) => call(name));
    expect(assertTools([tool('divide')], many)[0]?.reason).toBe(
      "tool 'divide' was not called (called: a, b, c, and 2 more)",
    );
  });

  it('says that the call of the tool never ran when the answer was cut off before it', () => {
    const cut = {
      ...call('add'),
      error: "not run: the model's answer was cut off at the token limit before its tool calls could run",
      not_run: true as const,
    };
    expect(assertTools([tool('add')], [cut])[0]?.reason).toBe(
      "tool 'add' was not called (its call never ran: the model's answer was cut off at the token limit before its tool calls could run)",
    );
  });

  it('says that names match with their letter case when a call differs only in it', () => {
    const [result] = assertTools([tool('Subtract')], [call('add'), call('mcp__fin__subtract')]);
    expect(result?.reason).toBe(
      "tool 'Subtract' was not called (names match with their letter case; called: mcp__fin__subtract)",
    );
  });

  it('says that a call whose name matches named no tool of the agent, not that letter case differs', () => {
    const [result] = assertTools([tool('subtract')], [unknown('safe_subtract'), call('add')]);
    expect(result?.reason).toBe(
      "tool 'subtract' was not called (called safe_subtract, which is no tool of the agent's: Model tried to call unavailable tool 'safe_subtract'.)",
    );
  });

  it('says so under exact name matching too, not that the call it names was made', () => {
    const [result] = assertTools([{ ...tool('Read'), name_match: 'exact' }], [unknown('Read')]);
    expect(result?.reason).toBe(
      "tool 'Read' was not called (exact name; called Read, which is no tool of the agent's: Model tried to call unavailable tool 'Read'.)",
    );
  });

  it("says what the unknown call's error says, as a bare name of the agent's own tool", () => {
    const bare: ToolInvocation = {
      ...unknown('subtract'),
      error:
        "no tool named subtract was offered to the agent (the agent's tool subtract is offered as mcp__holodeck__subtract)",
    };
    const [result] = assertTools([tool('subtract')], [bare]);
    expect(result?.reason).toBe(
      "tool 'subtract' was not called (called subtract, which is no tool of the agent's: no tool named subtract was offered to the agent (the agent's tool subtract is offered as mcp__holodeck__subtract))",
    );
  });

  it('names the mismatching argument with both values', () => {
    const [result] = assertTools(
      [tool('subtract', { a: literal(206588), b: fuzzy('181001') })],
      [call('subtract', { a: 206588, b: 180000 })],
    );
    expect(result?.reason).toBe(`arg 'b' mismatch: expected ≈"181001", got 180000`);
  });

  it("names a missing argument, and the call's arguments the entry does not assert", () => {
    const [result] = assertTools([tool('subtract', { a: literal(1) })], [call('subtract', { b: 1 })]);
    expect(result?.reason).toBe("arg 'a' missing (the call has b)");
  });

  it('reports the closest call when several calls of the tool failed', () => {
    const expected = tool('subtract', { a: literal(1), b: literal(2), c: literal(3) });
    const calls = [call('subtract', { a: 9, b: 9, c: 9 }), call('subtract', { a: 1, b: 2, c: 4 }), call('add')];
    const [result] = assertTools([expected], calls);
    expect(result?.reason).toBe("arg 'c' mismatch: expected 3, got 4 (closest of 2 'subtract' calls: #1)");
  });

  it('reports the count shortfall when some calls satisfied', () => {
    const [result] = assertTools([tool('lookup', null, 2)], [call('lookup')]);
    expect(result?.reason).toBe('expected 2 matching calls, got 1');
    expect(result?.matched_call_index).toBe(0);
    expect(result?.matching_calls).toBe(1);
  });
});

describe('assertTools count 0: must not be called', () => {
  it('passes when no call matches, naming nothing', () => {
    const calls = [call('add', { a: 1 }), call('subtract', { a: 2 })];
    const [byName, byArgs] = assertTools([tool('divide', null, 0), tool('subtract', { a: literal(1) }, 0)], calls);
    expect(byName).toMatchObject({ passed: true, count: 0, matched_call_index: -1, matching_calls: 0, reason: null });
    expect(byArgs).toMatchObject({ passed: true, count: 0, matching_calls: 0, reason: null });
  });

  it('fails naming the offending calls with their arguments', () => {
    const calls = [call('subtract', { a: 1, b: 2 }), call('add'), call('mcp__x__subtract', { a: 1, b: 'x' })];
    const [result] = assertTools([tool('subtract', null, 0)], calls);
    expect(result).toMatchObject({ passed: false, matched_call_index: 0, matching_calls: 2 });
    expect(result?.reason).toBe(
      `'subtract' must not be called, but 2 calls matched: #0 subtract(a=1, b=2), #2 mcp__x__subtract(a=1, b="x")`,
    );
  });

  it('with args, only calls matching them offend, and at most three are named', () => {
    const calls = [1, 2, 1, 1, 1].map((a) => call('subtract', { a }));
    const [result] = assertTools([tool('subtract', { a: literal(1) }, 0)], calls);
    expect(result?.reason).toBe(
      'no call may match, but 4 calls matched: #0 subtract(a=1), #2 subtract(a=1), #3 subtract(a=1), and 1 more',
    );
  });
});

describe('assertTools strict order', () => {
  const lookupThenSubtract = [tool('lookup'), tool('subtract')];

  it('passes when the satisfying calls follow the order of the entries', () => {
    const calls = [call('subtract'), call('lookup'), call('add'), call('subtract')];
    const results = assertTools(lookupThenSubtract, calls, 'strict');
    expect(results.map((r) => [r.passed, r.matched_call_index])).toEqual([
      [true, 1],
      [true, 3],
    ]);
  });

  it('fails the entry that comes too early, naming the one it should follow', () => {
    const calls = [call('subtract'), call('lookup')];
    const [lookup, subtract] = assertTools(lookupThenSubtract, calls, 'strict');
    expect(lookup?.passed).toBe(true);
    expect(subtract?.passed).toBe(false);
    expect(subtract?.reason).toBe(
      "out of order: expected after 'lookup' (expected_tools[0], call #1); matching calls of 'subtract': #0",
    );
    expect(assertTools(lookupThenSubtract, calls, 'any').every((r) => r.passed)).toBe(true);
  });

  it('gives each entry its own calls, counts included', () => {
    const twice = [tool('lookup', null, 2), tool('lookup')];
    expect(assertTools(twice, [call('lookup'), call('lookup')], 'strict').map((r) => r.passed)).toEqual([true, false]);
    expect(assertTools(twice, [call('lookup'), call('lookup'), call('lookup')], 'strict').every((r) => r.passed)).toBe(
      true,
    );
    const [, second] = assertTools(
      [tool('add'), tool('lookup', null, 2)],
      [call('lookup'), call('add'), call('lookup')],
      'strict',
    );
    expect(second?.reason).toBe(
      "out of order: expected 2 calls after 'add' (expected_tools[0], call #1); matching calls of 'lookup': #0, #2",
    );
  });

  it('ignores count-0 entries and keeps the own reason of an entry that failed anyway', () => {
    const entries = [tool('lookup'), tool('divide', null, 0), tool('add'), tool('subtract')];
    const results = assertTools(entries, [call('lookup'), call('subtract')], 'strict');
    expect(results.map((r) => r.passed)).toEqual([true, true, false, true]);
    expect(results[2]?.reason).toBe("tool 'add' was not called (called: lookup, subtract)");
  });
});

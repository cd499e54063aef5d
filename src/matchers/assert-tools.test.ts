import { describe, expect, it } from 'vitest';
import type { ArgMatcher, ExpectedTool } from '../core/config-types.js';
import type { JsonValue } from '../core/json.js';
import type { ToolInvocation } from '../core/tool-invocation.js';
import { assertTools } from './assert-tools.js';

const literal = (value: JsonValue): ArgMatcher => ({ kind: 'literal', value });
const fuzzy = (value: string): ArgMatcher => ({ kind: 'fuzzy', value });
const regex = (pattern: string, flags = ''): ArgMatcher => ({
  kind: 'regex',
  pattern,
  regex: new RegExp(`^(?:${pattern})$`, flags),
});

function tool(name: string, args: Record<string, ArgMatcher> | null = null, count = 1): ExpectedTool {
  return { name, args, count };
}

function call(name: string, args: Record<string, unknown> = {}): ToolInvocation {
  return { name, args, result: null, error: null, duration_ms: 1 };
}

/** SC-006: (expected tool, actual calls of the turn, expected outcome). */
const MATRIX: ReadonlyArray<[string, ExpectedTool, ToolInvocation[], boolean]> = [
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
    tool('subtract', { a: literal(206588), b: fuzzy('181,001'), cell: regex('^2009.*cash.*$', 'i') }),
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
    const expected = tool('lookup', { a: literal(1), b: fuzzy('2'), c: regex('^x$', 'i') });
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
  it('names a tool that was not called', () => {
    const [result] = assertTools([tool('divide')], [call('subtract')]);
    expect(result?.reason).toBe("tool 'divide' was not called");
  });

  it('names the mismatching argument with both values', () => {
    const [result] = assertTools(
      [tool('subtract', { a: literal(206588), b: fuzzy('181001') })],
      [call('subtract', { a: 206588, b: 180000 })],
    );
    expect(result?.reason).toBe(`arg 'b' mismatch: expected ≈"181001", got 180000`);
  });

  it('names a missing argument', () => {
    const [result] = assertTools([tool('subtract', { a: literal(1) })], [call('subtract', { b: 1 })]);
    expect(result?.reason).toBe("arg 'a' missing");
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

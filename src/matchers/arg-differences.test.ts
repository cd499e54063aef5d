/** What a failed tool assertion says of the arguments: every one that differs, and where long values differ. */
import { describe, expect, it } from 'vitest';
import type { ArgMatcher, ExpectedTool } from '../core/config-types.js';
import { formatAssertion } from '../core/format-assertion.js';
import type { JsonValue } from '../core/json.js';
import type { ToolInvocation } from '../core/tool-invocation.js';
import { assertTools } from './assert-tools.js';
import { literalDifference } from './literal-difference.js';
import { matchArg } from './match-arg.js';

const literal = (value: JsonValue): ArgMatcher => ({ kind: 'literal', value });
const fuzzy = (value: string): ArgMatcher => ({ kind: 'fuzzy', value });

function tool(name: string, args: Record<string, ArgMatcher> | null = null): ExpectedTool {
  return { name, name_match: 'substring', args, count: 1 };
}

function call(name: string, args: Record<string, unknown> = {}): ToolInvocation {
  return { name, args, result: null, error: null, duration_ms: 1 };
}

function reasonOf(expected: ExpectedTool, calls: ToolInvocation[]): string | null | undefined {
  return assertTools([expected], calls)[0]?.reason;
}

/** `{ key0: "value number 0", …, key39: "value number 39" }`, about 800 characters as JSON. */
function bigObject(last = 'value number 39'): Record<string, string> {
  const object: Record<string, string> = {};
  for (let i = 0; i < 40; i++) object[`key${i}`] = i === 39 ? last : `value number ${i}`;
  return object;
}

describe('a failed call names every argument that differs', () => {
  it('says each mismatching and each missing argument, in the order asserted', () => {
    const expected = tool('echo', { a: literal(1), b: literal(2), c: literal(3) });
    expect(reasonOf(expected, [call('echo', { a: 9, b: 2 })])).toBe(
      "arg 'a' mismatch: expected 1, got 9; arg 'c' missing",
    );
  });

  it('says them of the closest call, after naming it', () => {
    const expected = tool('echo', { a: literal(5), b: literal(3), c: fuzzy('x') });
    const calls = [call('echo', { a: 6, b: 4 }), call('echo', { a: 5, b: 4 })];
    expect(reasonOf(expected, calls)).toBe(
      "arg 'b' mismatch: expected 3, got 4; arg 'c' missing (closest of 2 'echo' calls: #1)",
    );
  });

  it('says once that a refused call gave none of its arguments', () => {
    const refused = { ...call('echo'), error: 'invalid arguments for tool echo', args_refused: true as const };
    expect(reasonOf(tool('echo', { a: literal(1), b: literal(2) }), [refused])).toBe(
      "args 'a', 'b' missing: the call's arguments were refused (invalid arguments for tool echo)",
    );
  });

  it('says a call without arguments whose tool threw misses them, without calling them refused', () => {
    const threw = { ...call('echo'), error: 'echo is offline' };
    expect(reasonOf(tool('echo', { a: literal(1) }), [threw])).toBe("arg 'a' missing");
  });
});

describe('a failed call with long arguments says where they differ first', () => {
  it('names the key inside an object, then both values in full', () => {
    const reason = reasonOf(tool('echo', { a: literal(bigObject('value number 39!')) }), [
      call('echo', { a: bigObject() }),
    ]);
    const head = `arg 'a' mismatch at a.key39: expected "value number 39!", got "value number 39"`;
    expect(reason?.startsWith(head)).toBe(true);
    expect(reason).toContain(
      ` — in full: arg 'a' expected ${JSON.stringify(bigObject('value number 39!'))}, got ${JSON.stringify(bigObject())}`,
    );
  });

  it('names the character where two long strings part, with a little of each', () => {
    const text = 'x'.repeat(299);
    expect(matchArg(literal(`${text}B`), `${text}A`, 'a')).toMatchObject({
      where: 'character 300',
      reason: `expected "…${'x'.repeat(20)}B", got "…${'x'.repeat(20)}A"`,
      full: `expected "${text}B", got "${text}A"`,
    });
  });

  it('names the item of a list, a key one side lacks, and keys that are no identifiers', () => {
    const long = 'y'.repeat(80);
    expect(matchArg(literal([1, 2, 3, { z: long }]), [1, 2, 3, { z: `${long}!` }], 'a').where).toBe(
      'a[3].z, character 81',
    );
    expect(matchArg(literal({ big: long, 'odd key': 1 }), { big: long }, 'a')).toMatchObject({
      where: 'a["odd key"]',
      reason: 'missing, expected 1',
    });
    expect(matchArg(literal({ big: long }), { big: long, extra: [1] }, 'a')).toMatchObject({
      where: 'a.extra',
      reason: 'not expected, got [1]',
    });
  });

  it('cuts long values of fuzzy and regex matchers, keeping them whole in full', () => {
    const long = 'z'.repeat(200);
    const result = matchArg(fuzzy(long), 5, 'a');
    expect(result.reason).toBe(`expected ≈"${'z'.repeat(58)}…, got 5`);
    expect(result.full).toBe(`expected ≈"${long}", got 5`);
  });

  it('keeps a short difference as it was: both values whole', () => {
    expect(matchArg(literal({ x: [1, 2, { y: 'long text HERE' }] }), { x: [1, 2, { y: 'long text here' }] })).toEqual({
      matched: false,
      reason: 'expected {"x":[1,2,{"y":"long text HERE"}]}, got {"x":[1,2,{"y":"long text here"}]}',
      where: null,
      full: null,
    });
  });
});

describe('literalDifference', () => {
  it('treats a key holding undefined as absent, and says where types part', () => {
    expect(literalDifference({ x: 1 }, { x: 1, y: undefined, z: 2 }, 'a')).toEqual({
      path: 'a.z',
      expected: null,
      actual: { value: 2 },
    });
    expect(literalDifference({ x: [1] }, { x: { 0: 1 } }, 'a')).toEqual({
      path: 'a.x',
      expected: { value: [1] },
      actual: { value: { 0: 1 } },
    });
    expect(literalDifference([1, 2], [1], 'a')).toEqual({ path: 'a[1]', expected: { value: 2 }, actual: null });
  });
});

describe('a call with an empty tool name', () => {
  it('is said to name no tool, like other unknown tools', () => {
    expect(reasonOf(tool('add'), [call('')])).toBe(
      "tool 'add' was not called (called a tool with an empty name, which is no tool of the agent's)",
    );
    expect(reasonOf(tool('add'), [call(''), call('subtract')])).toBe(
      "tool 'add' was not called (called: subtract; also a tool with an empty name, which is no tool of the agent's)",
    );
  });
});

describe('the line a report shows of a failed assertion with long arguments', () => {
  it('cuts the expectation, so what differs comes within the first 160 characters', () => {
    const [result] = assertTools(
      [tool('echo', { a: literal(bigObject('value number 39!')) })],
      [call('echo', { a: bigObject() })],
    );
    const line = result === undefined ? '' : formatAssertion(result);
    expect(line.slice(0, 160)).toBe(
      `echo(a={"key0":"value number 0","key1":"value n…) — arg 'a' mismatch at a.key39: expected "value number 39!", ` +
        `got "value number 39" — in full: arg 'a' expected `,
    );
    expect(result?.args).toEqual({ a: bigObject('value number 39!') });
  });
});

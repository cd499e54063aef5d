import { describe, expect, it } from 'vitest';
import type { ArgMatcher, ExpectedTool } from '../core/config-types.js';
import type { ToolInvocation } from '../core/tool-invocation.js';
import { assertTools } from './assert-tools.js';
import { compileLinearRegex } from './linear-regex.js';
import { missingArgNote } from './missing-arg-note.js';

const literal = (value: string): ArgMatcher => ({ kind: 'literal', value });
function regex(pattern: string): ArgMatcher {
  const compiled = compileLinearRegex(pattern);
  if (!compiled.ok) throw new Error(compiled.reason);
  return { kind: 'regex', pattern, regex: compiled.regex };
}

function tool(name: string, args: Record<string, ArgMatcher>, count = 1): ExpectedTool {
  return { name, name_match: 'substring', args, count };
}

function call(name: string, args: Record<string, unknown>): ToolInvocation {
  return { name, args, result: null, error: null, duration_ms: 1 };
}

describe('a missing argument', () => {
  it('is said beside the argument the call has instead, a misspelled name at once visible', () => {
    const [result] = assertTools(
      [tool('lookup_order', { orderid: literal('A100') })],
      [call('lookup_order', { order_id: 'A100' })],
    );
    expect(result?.reason).toBe("arg 'orderid' missing (the call has order_id)");
  });

  it('lists the closest names first, at most three, counting the rest', () => {
    const args = { verbose: true, limit: 5, order_id: 'A1', region: 'eu', trace: 1 };
    expect(missingArgNote('orderid', args, new Set())).toBe(' (the call has order_id, region, limit, and 2 more)');
  });

  it('leaves out what the entry asserts, and says nothing when the call has no other argument', () => {
    expect(missingArgNote('c', { a: 1, b: 2 }, new Set(['a', 'b', 'c']))).toBe('');
    expect(missingArgNote('c', {}, new Set(['c']))).toBe('');
    const [result] = assertTools([tool('f', { a: literal('1'), c: regex('x') })], [call('f', { a: '1', cc: 'x' })]);
    expect(result?.reason).toBe("arg 'c' missing (the call has cc)");
  });

  it('cuts a long name the model sent', () => {
    expect(missingArgNote('a', { ['b'.repeat(100)]: 1 }, new Set())).toBe(` (the call has ${'b'.repeat(40)}…)`);
  });
});

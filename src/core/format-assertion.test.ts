import { describe, expect, it } from 'vitest';
import { formatAssertion, formatExpectation } from './format-assertion.js';
import type { ToolAssertionResult } from './results.js';

function result(overrides: Partial<ToolAssertionResult>): ToolAssertionResult {
  return {
    tool: 'subtract',
    args: null,
    count: 1,
    passed: true,
    matched_call_index: 0,
    matching_calls: 1,
    reason: null,
    ...overrides,
  };
}

describe('formatAssertion', () => {
  it('renders literal and fuzzy args and the matched call', () => {
    const text = formatAssertion(result({ args: { a: 206588, b: { fuzzy: '181001' } } }));
    expect(text).toBe('subtract(a=206588, b≈181001) — matched call #0');
  });

  it('renders regex args, quoted literal strings and the number of matching calls', () => {
    const text = formatAssertion(
      result({
        tool: 'lookup',
        args: { cell: { regex: '^2009.*$' }, row: 'cash' },
        matched_call_index: 2,
        matching_calls: 3,
      }),
    );
    expect(text).toBe('lookup(cell~/^2009.*$/, row="cash") — matched call #2 (3 matching calls)');
  });

  it('renders a failure with its reason', () => {
    const text = formatAssertion(
      result({
        tool: 'divide',
        passed: false,
        matched_call_index: -1,
        matching_calls: 0,
        reason: "tool 'divide' was not called",
      }),
    );
    expect(text).toBe("divide — tool 'divide' was not called");
  });

  it('renders a failure without a reason', () => {
    const text = formatAssertion(result({ passed: false, matched_call_index: -1, matching_calls: 0 }));
    expect(text).toBe('subtract — not satisfied');
  });

  it('shows the count when more than one call is required, and empty args as ()', () => {
    expect(formatExpectation({ tool: 'lookup', args: {}, count: 2 })).toBe('lookup() ×2');
  });

  it('renders an object literal that is not a matcher as JSON', () => {
    expect(formatExpectation({ tool: 'f', args: { o: { fuzzy: 'x', other: 1 } }, count: 1 })).toBe(
      'f(o={"fuzzy":"x","other":1})',
    );
  });
});

describe('formatAssertion of a count-0 entry', () => {
  it('reads as a prohibition, passed or failed', () => {
    expect(formatAssertion(result({ count: 0, matched_call_index: -1, matching_calls: 0 }))).toBe(
      'not subtract — no matching call',
    );
    const failed = result({ count: 0, args: { a: 1 }, passed: false, reason: 'no call may match, but 1 call matched' });
    expect(formatAssertion(failed)).toBe('not subtract(a=1) — no call may match, but 1 call matched');
  });
});

import { describe, expect, it } from 'vitest';
import { describeThrown } from './describe-thrown.js';

describe('describeThrown', () => {
  it('names errors by class and message, and strings as quoted text', () => {
    class LedgerError extends Error {}
    expect(describeThrown(new TypeError('boom'))).toBe('TypeError: boom');
    expect(describeThrown(new LedgerError('closed'))).toBe('LedgerError: closed');
    expect(describeThrown('plain')).toBe('"plain"');
  });

  it('writes a plain object thrown as JSON (cut at 200 characters), not [object Object]', () => {
    expect(describeThrown({ code: 42 })).toBe('{"code":42}');
    expect(describeThrown({ text: 'x'.repeat(500) })).toBe(`{"text":"${'x'.repeat(191)}…`);
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(describeThrown(cyclic)).toBe('[object Object]');
    expect(describeThrown({ toString: () => 'custom' })).toBe('custom');
    expect(describeThrown(null)).toBe('null');
    expect(describeThrown(7)).toBe('7');
  });
});

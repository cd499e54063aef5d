import { describe, expect, it } from 'vitest';
import { compileArgRegex } from './arg-regex.js';

function compiled(pattern: string): RegExp {
  const result = compileArgRegex(pattern);
  if (!result.ok) throw new Error(result.reason);
  return result.regex;
}

describe('compileArgRegex', () => {
  it('anchors the pattern for a full match', () => {
    const regex = compiled('2009.*cash');
    expect(regex.source).toBe('(?<![\\s\\S])(?:2009.*cash)(?![\\s\\S])');
    expect(regex.test('2009 net cash')).toBe(true);
    expect(regex.test('x 2009 net cash')).toBe(false);
    expect(compiled('a|b').test('ab')).toBe(false);
    expect(compiled('^181001(\\.0+)?$').test('181001.00')).toBe(true);
  });

  it('turns a leading (?i) into the i flag', () => {
    const regex = compiled('(?i)net cash');
    expect(regex.flags).toBe('i');
    expect(regex.test('NET Cash')).toBe(true);
    expect(compiled('(?is)a.b').flags).toBe('is');
  });

  it("accepts Python's (?P<name>...) and (?P=name)", () => {
    const regex = compiled('(?P<year>\\d{4})-(?P=year)');
    expect(regex.test('2009-2009')).toBe(true);
    expect(regex.test('2009-2008')).toBe(false);
  });

  it('explains why a pattern does not compile', () => {
    expect(compileArgRegex('(2009')).toEqual({ ok: false, reason: 'missing )' });
    expect(compileArgRegex('2009)')).toEqual({ ok: false, reason: 'unbalanced )' });
    expect(compileArgRegex('[0-9')).toEqual({ ok: false, reason: 'missing ]' });
    expect(compileArgRegex('*x')).toEqual({ ok: false, reason: 'nothing to repeat' });
    expect(compileArgRegex('(?x)a b')).toEqual({ ok: false, reason: 'unsupported inline flag (?x)' });
  });
});

describe('full match under inline flags', () => {
  it('stays anchored to the whole value with (?m)', () => {
    const compiled = compileArgRegex('(?m)abc');
    expect(compiled.ok && compiled.regex.test('xyz\nabc')).toBe(false);
    expect(compiled.ok && compiled.regex.test('abc')).toBe(true);
  });

  it('matches across lines only where the pattern says so with (?s)', () => {
    const compiled = compileArgRegex('(?s)a.*c');
    expect(compiled.ok && compiled.regex.test('a\nb\nc')).toBe(true);
    expect(compiled.ok && compiled.regex.test('a\nb\ncd')).toBe(false);
  });
});

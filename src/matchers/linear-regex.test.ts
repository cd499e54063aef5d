import { describe, expect, it } from 'vitest';
import type { CompiledRegex } from '../core/config-types.js';
import { compileLinearRegex, LINEAR_REGEX_HINT } from './linear-regex.js';

function compiled(pattern: string, caseInsensitive = false): CompiledRegex {
  const result = compileLinearRegex(pattern, { case_insensitive: caseInsensitive });
  if (!result.ok) throw new Error(result.reason);
  return result.regex;
}

function reason(pattern: string): string {
  const result = compileLinearRegex(pattern);
  return result.ok ? 'compiled' : result.reason;
}

describe('compileLinearRegex: full match', () => {
  it('matches the whole value only', () => {
    const regex = compiled('2009.*cash');
    expect(regex.source).toBe('2009.*cash');
    expect(regex.fullMatch('2009 net cash')).toBe(true);
    expect(regex.fullMatch('x 2009 net cash')).toBe(false);
    expect(compiled('a|b').fullMatch('ab')).toBe(false);
    expect(compiled('^181001(\\.0+)?$').fullMatch('181001.00')).toBe(true);
    expect(compiled('').fullMatch('')).toBe(true);
  });

  it('takes a leading (?i), (?s), (?m)', () => {
    expect(compiled('(?i)net cash').fullMatch('NET Cash')).toBe(true);
    expect(compiled('net cash').fullMatch('NET Cash')).toBe(false);
    expect(compiled('(?is)a.b').fullMatch('A\nb')).toBe(true);
  });

  it('stays anchored to the whole value with (?m)', () => {
    expect(compiled('(?m)abc').fullMatch('xyz\nabc')).toBe(false);
    expect(compiled('(?m)abc').fullMatch('abc')).toBe(true);
  });

  it('matches across lines only where the pattern says so with (?s)', () => {
    expect(compiled('(?s)a.*c').fullMatch('a\nb\nc')).toBe(true);
    expect(compiled('(?s)a.*c').fullMatch('a\nb\ncd')).toBe(false);
    expect(compiled('a.*c').fullMatch('a\nc')).toBe(false);
  });

  it("accepts Python's (?P<name>...) and JavaScript's (?<name>...)", () => {
    expect(compiled('(?P<year>\\d{4})-(?P<month>\\d\\d)').fullMatch('2009-12')).toBe(true);
    expect(compiled('(?<year>\\d{4})').fullMatch('2009')).toBe(true);
  });

  it("translates JavaScript's \\u escapes, leaving an escaped backslash alone", () => {
    expect(compiled('\\u0041\\u{1F600}').fullMatch('A😀')).toBe(true);
    expect(compiled('\\\\u0041').fullMatch('\\u0041')).toBe(true);
    expect(compiled('café \\p{Sc}').fullMatch('café €')).toBe(true);
  });

  it('compiles case-insensitive on request', () => {
    const regex = compiled('net cash', true);
    expect(regex.flags).toBe('i');
    expect(regex.fullMatch('NET CASH')).toBe(true);
  });
});

describe('compileLinearRegex: search', () => {
  it('finds the pattern anywhere', () => {
    expect(compiled('\\d{4}').search('in 2009, cash')).toBe(true);
    expect(compiled('\\d{4}').search('no year')).toBe(false);
    expect(compiled('^cash').search('net cash')).toBe(false);
  });
});

describe('compileLinearRegex: hostile input', () => {
  const hostile = `${'a'.repeat(100_000)}!`;

  it('answers catastrophic-backtracking patterns on 100 KB, correctly', () => {
    expect(compiled('(a+)+$').fullMatch(hostile)).toBe(false);
    expect(compiled('(a+)+$').search(hostile)).toBe(false);
    expect(compiled('(\\w+\\s?)*$').fullMatch(hostile)).toBe(false);
    // An empty repetition matches at the very end: search finds it.
    expect(compiled('(\\w+\\s?)*$').search(hostile)).toBe(true);
    expect(compiled('(a+)+$').fullMatch('a'.repeat(100_000))).toBe(true);
    expect(compiled('(\\w+\\s?)*$').fullMatch('ab '.repeat(30_000))).toBe(true);
  });
});

describe('compileLinearRegex: refusals', () => {
  it('explains why a pattern does not compile', () => {
    expect(reason('(2009')).toBe('missing )');
    expect(reason('2009)')).toBe('unbalanced )');
    expect(reason('[0-9')).toBe('missing ]');
    expect(reason('*x')).toBe('nothing to repeat');
    expect(reason('x\\')).toBe('trailing backslash');
    expect(reason('(?P<a>x)(?P<a>y)')).toBe('duplicate group name');
    expect(reason('a{2,1}')).toBe('invalid repeat count `{2,1}`');
    expect(reason('(?x)a b')).toBe('unsupported inline flag (?x)');
  });

  it('refuses what RE2 cannot run in linear time, naming the construct', () => {
    expect(reason('(?P<year>\\d{4})-(?P=year)')).toBe('backreference (?P=name) is not supported');
    expect(reason('(a)\\1')).toBe('backreference \\1 is not supported');
    expect(reason('(?<y>a)\\k<y>')).toBe('backreference \\k<name> is not supported');
    expect(reason('(?=a)b')).toBe('lookahead (?= or (?! is not supported');
    expect(reason('a(?!b)')).toBe('lookahead (?= or (?! is not supported');
    expect(reason('(?<=a)b')).toBe('lookbehind (?<= or (?<! is not supported');
    expect(reason('(?<!a)b')).toBe('lookbehind (?<= or (?<! is not supported');
    const refused = compileLinearRegex('(?=a)');
    expect(refused.ok === false && refused.hint).toBe(LINEAR_REGEX_HINT);
  });

  it('does not mistake escaped or class characters for those constructs', () => {
    expect(compiled('\\(\\?=x\\)').fullMatch('(?=x)')).toBe(true);
    expect(compiled('[(?=]+').fullMatch('(?=')).toBe(true);
    expect(compiled('\\\\1').fullMatch('\\1')).toBe(true);
  });

  it('keeps plain data for serialisation', () => {
    expect(JSON.parse(JSON.stringify(compiled('a+')))).toEqual({ source: 'a+', flags: '' });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ArgMatcher } from '../core/config-types.js';
import type { JsonValue } from '../core/json.js';
import { compileLinearRegex } from './linear-regex.js';
import { describeMatcher, matchArg } from './match-arg.js';

const literal = (value: JsonValue): ArgMatcher => ({ kind: 'literal', value });
const fuzzy = (value: string): ArgMatcher => ({ kind: 'fuzzy', value });
/** The shape the config loader produces: the original pattern plus its linear-time compilation. */
function regex(pattern: string): ArgMatcher {
  const compiled = compileLinearRegex(pattern);
  if (!compiled.ok) throw new Error(compiled.reason);
  return { kind: 'regex', pattern, regex: compiled.regex };
}

describe('matchArg literal', () => {
  it.each<[string, JsonValue, unknown, boolean]>([
    ['int equals float', 206588, 206588.0, true],
    ['different numbers', 206588, 206589, false],
    ['number vs numeric string', 206588, '206588', false],
    ['string vs number', '206588', 206588, false],
    ['exact string', 'net cash', 'net cash', true],
    ['string case differs', 'net cash', 'Net cash', false],
    ['string with extra space', 'net cash', 'net cash ', false],
    ['boolean true', true, true, true],
    ['boolean vs string', true, 'true', false],
    ['boolean vs number', false, 0, false],
    ['null vs null', null, null, true],
    ['null vs string', null, 'null', false],
    ['null vs zero', null, 0, false],
    ['negative zero equals zero', 0, -0, true],
    ['unicode string', 'Ünïcödé €', 'Ünïcödé €', true],
    ['very large number', 1e21, 1e21, true],
    ['array of numbers', [1, 2.5, 3], [1.0, 2.5, 3], true],
    ['array of different length', [1, 2], [1, 2, 3], false],
    ['array order matters', [1, 2], [2, 1], false],
    ['array vs object', [1], { 0: 1 }, false],
    ['nested object, other key order', { x: { y: [1, 2] }, z: 'a' }, { z: 'a', x: { y: [1, 2.0] } }, true],
    ['nested object, extra key', { x: 1 }, { x: 1, y: 2 }, false],
    ['nested object, missing key', { x: 1, y: 2 }, { x: 1 }, false],
    ['nested object, key holding undefined is absent', { x: 1 }, { x: 1, y: undefined }, true],
    ['nested value differs in type', { x: 1 }, { x: '1' }, false],
    ['object vs null', { x: 1 }, null, false],
  ])('%s', (_label, expected, actual, matched) => {
    expect(matchArg(literal(expected), actual).matched).toBe(matched);
  });
});

describe('matchArg fuzzy', () => {
  it.each<[string, string, unknown, boolean]>([
    ['thousands separator in actual', '206588', '206,588', true],
    ['thousands separator in expected', '181,001', 181001, true],
    ['int vs float', '206588', 206588.0, true],
    ['trailing zeros', '1.50', 1.5, true],
    ['leading dot', '.5', 0.5, true],
    ['explicit plus sign', '+5', 5, true],
    ['negative number', '-25587', -25587.0, true],
    ['underscore separator', '1_000_000', 1e6, true],
    ['no-break space separator', '206\u00a0588', 206588, true],
    ['narrow no-break space separator', '206\u202f588', 206588, true],
    ['percent vs fraction', '14.1%', 0.141, true],
    ['percent with a space', '50 %', 0.5, true],
    ['percent vs the bare number', '50%', 50, false],
    ['within 1e-9', '0.1', 0.1 + 1e-10, true],
    ['beyond 1e-9', '0.1', 0.1 + 1e-8, false],
    ['different number', '181001', 180000, false],
    ['very large numbers', '123,456,789,012,345,678', 123456789012345680, true],
    ['exponent form of a large number', '1e21', 1e21, true],
    ['case and whitespace', 'Net Cash', '  net   CASH\t', true],
    ['unicode case folding', 'Ünïcödé', 'üNÏCÖDÉ', true],
    ['punctuation is not ignored', 'net cash', 'net-cash', false],
    ['substring is not enough', 'cash', 'net cash', false],
    ['boolean rendered', 'TRUE', true, true],
    ['null rendered', 'null', null, true],
    ['object rendered as compact JSON', '{"x":1}', { x: 1 }, true],
    ['numeric text vs non-numeric text', '12', '12 apples', false],
    ['a list is not its digits run together', '[12]', [1, 2], false],
    ['two years are not one number', '[20082009]', [2008, 2009], false],
    ['a comma between words stays', 'ab', 'a,b', false],
    ['a comma before fewer than three digits stays', '15', '1,5', false],
    ['a comma before four digits stays', '12345', '1,2345', false],
    ['a list with its commas', '[1,2]', [1, 2], true],
    ['grouping of a negative number', '-1,234.5', -1234.5, true],
    ['dollar sign and space in actual', '15', '$ 15', true],
    ['dollar sign in expected', '$1,234.5', 1234.5, true],
    ['dollar sign with grouping and decimals', '1500', '$ 1,500.00', true],
    ['a currency sign does not make another number match', '15', '$ 16', false],
    ['sign before the currency', '-12', '-$12', true],
    ['sign after the currency', '-12', '$ -12', true],
    ['two signs are not a number', '12', '-$-12', false],
    ['other currency signs', '3.4', '€3.4', true],
    ['the same currency on both sides', '£ 5', '£5', true],
    ['different currencies do not match', '$15', '€15', false],
    ['a currency code is text', '15', 'usd 15', false],
    ['accounting negative', '-240', '(240)', true],
    ['accounting negative with spaces and a currency', '-1234.5', '( $ 1,234.5 )', true],
    ['accounting negative is not the positive number', '240', '(240)', false],
    ['a sign inside parentheses is not a number', '240', '(-240)', false],
    ['unicode minus sign', '-3.5', '\u22123.5', true],
    ['a percentage against its fraction', '0.134', '13.4%', true],
  ])('%s', (_label, expected, actual, matched) => {
    expect(matchArg(fuzzy(expected), actual).matched).toBe(matched);
  });
});

describe('matchArg regex', () => {
  it.each<[string, ArgMatcher, unknown, boolean]>([
    ['full match', regex('^2009.*cash.*$'), '2009 net cash from operating activities', true],
    ['anchored: no partial match', regex('2009'), 'in 2009', false],
    ['number rendered as JavaScript prints it', regex('181001(\\.0+)?'), 181001.0, true],
    ['fraction does not match an integer pattern', regex('181001(\\.0+)?'), 181001.5, false],
    ['case-insensitive flag', regex('(?i)net cash'), 'NET CASH', true],
    ['case-sensitive by default', regex('net cash'), 'NET CASH', false],
    ['boolean rendered', regex('true|false'), true, true],
    ['null rendered', regex('null'), null, true],
    ['array rendered as compact JSON', regex('\\[1,2\\]'), [1, 2], true],
    ['named group', regex('(?<year>\\d{4})'), '2009', true],
    ['unicode', regex('café \\p{Sc}'), 'café €', true],
    ['object rendered as compact JSON', regex('\\{"a":1\\}'), { a: 1 }, true],
  ])('%s', (_label, matcher, actual, matched) => {
    expect(matchArg(matcher, actual).matched).toBe(matched);
  });

  it('is stateless: the same matcher answers alike every time', () => {
    const matcher = regex('a+');
    expect(matchArg(matcher, 'aaa').matched).toBe(true);
    expect(matchArg(matcher, 'aaa').matched).toBe(true);
  });

  it('answers on 100 KB of hostile text without backtracking', () => {
    const hostile = `${'a'.repeat(100_000)}!`;
    expect(matchArg(regex('(a+)+$'), hostile).matched).toBe(false);
    expect(matchArg(regex('(\\w+\\s?)*$'), hostile).matched).toBe(false);
    expect(matchArg(regex('(a+)+!'), hostile).matched).toBe(true);
  });
});

describe('matchArg reasons', () => {
  it('names the expectation and the actual value, quoting strings', () => {
    expect(matchArg(fuzzy('181001'), 180000)).toEqual({
      matched: false,
      reason: 'expected ≈"181001", got 180000',
      where: null,
      full: null,
    });
    expect(matchArg(literal(206588), '206588').reason).toBe('expected 206588, got "206588"');
    expect(matchArg(regex('^2009.*$'), 'x').reason).toBe('expected ~/^2009.*$/, got "x"');
    expect(matchArg(literal({ x: [1] }), null).reason).toBe('expected {"x":[1]}, got null');
  });

  it('names a difference no one can see, by code point', () => {
    expect(matchArg(literal('\u00e9'), 'e\u0301').reason).toBe(
      'expected "\u00e9", got "e\u0301" — they differ only in Unicode form (composed vs decomposed characters): at ' +
        'character 1, expected U+00E9, got U+0065 U+0301',
    );
    expect(matchArg(literal('2009'), '2009\u200b').reason).toContain('they differ only in invisible characters');
  });

  it('has no reason on a match', () => {
    expect(matchArg(literal(1), 1)).toEqual({ matched: true, reason: null, where: null, full: null });
  });

  it('describes each matcher kind', () => {
    expect(describeMatcher(literal('a'))).toBe('"a"');
    expect(describeMatcher(fuzzy('1,000'))).toBe('≈"1,000"');
    expect(describeMatcher(regex('\\d+'))).toBe('~/\\d+/');
  });
});

describe('matchArg properties', () => {
  it('fuzzy-matches any integer against its comma-grouped text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(matchArg(fuzzy(n.toLocaleString('en-US')), n).matched).toBe(true);
      }),
    );
  });

  it('literal-matches every JSON value against a deep copy of itself', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copy: unknown = JSON.parse(JSON.stringify(value));
        expect(matchArg(literal(copy as JsonValue), structuredClone(copy)).matched).toBe(true);
      }),
    );
  });
});

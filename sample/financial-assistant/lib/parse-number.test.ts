import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchArg } from '../../../src/matchers/match-arg.js';
import { parseNumber, requireNumber } from './parse-number.js';

describe('parseNumber', () => {
  it.each([
    [206588, 206588],
    ['206588', 206588],
    ['206,588', 206588],
    ['1,234,567.25', 1234567.25],
    ['$ 1,234.5', 1234.5],
    ['$12', 12],
    ['-$12', -12],
    ['(240)', -240],
    ['( 240 )', -240],
    ['\u2212 3.5', -3.5],
    ['+7', 7],
    ['.76', 0.76],
    ['1e3', 1000],
    ['13.4%', 0.134],
    ['13.4 %', 0.134],
    ['-2.5%', -0.025],
    ['100%', 1],
    ['1\u00a0000', 1000],
    ['  42  ', 42],
    ['$-12', -12],
    ['- $ 12', -12],
    ['($ 1,234.5)', -1234.5],
  ])('reads %j as %d', (input, expected) => {
    expect(parseNumber(input)).toBe(expected);
  });

  it('converts percent literals exactly (13.4% is the same double as 0.134)', () => {
    expect(parseNumber('13.4%')).toBe(0.134);
    expect(parseNumber('7.8%')).toBe(0.078);
    expect(parseNumber('1.5e1%')).toBe(0.15);
  });

  it.each([
    ['', null],
    ['   ', null],
    ['abc', null],
    ['12abc', null],
    ['1,5', null],
    ['12,34,567', null],
    ['0x10', null],
    ['%', null],
    ['()', null],
    ['1 000', null],
    ['12 34', null],
    ['1_0', null],
    ['(-240)', null],
    ['-$-12', null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [true, null],
    [null, null],
    [undefined, null],
    [{ value: 1 }, null],
  ])('rejects %j', (input, expected) => {
    expect(parseNumber(input)).toBe(expected);
  });
});

describe('requireNumber', () => {
  it('returns the number', () => {
    expect(requireNumber('$ 25,587', 'a')).toBe(25587);
  });

  it('names the argument and shows the value when it is not a number', () => {
    expect(() => requireNumber('twelve', 'b')).toThrow('argument "b" must be a number');
    expect(() => requireNumber('twelve', 'b')).toThrow('got "twelve"');
    expect(() => requireNumber(undefined, 'a')).toThrow('got undefined');
  });
});

/** A number written as a model may pass it to a tool: grouped, with `$`, signed or in parentheses, as a percentage. */
const writtenNumber = fc
  .record({
    value: fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.double({ min: -1e6, max: 1e6, noNaN: true })),
    grouped: fc.boolean(),
    dollar: fc.constantFrom('', '$', '$ '),
    negative: fc.constantFrom('-', '\u2212', 'parentheses', '$-'),
    percent: fc.boolean(),
  })
  .map(({ value, grouped, dollar, negative, percent }) => {
    const magnitude = Math.abs(value).toLocaleString('en-US', { useGrouping: grouped, maximumFractionDigits: 20 });
    const unsigned = `${percent ? `${magnitude}%` : magnitude}`;
    if (value >= 0) return `${dollar}${unsigned}`;
    if (negative === 'parentheses') return `(${dollar}${unsigned})`;
    if (negative === '$-') return `$-${unsigned}`;
    return `${negative}${dollar}${unsigned}`;
  });

describe('parseNumber and the fuzzy matchers of expected_tools', () => {
  it.each(['15', '$ 15', '$15', '15.0', '$ 15.00', ' 15 '])(
    'the matcher ≈"15" the converter writes accepts %j',
    (form) => {
      expect(parseNumber(form)).toBe(15);
      expect(matchArg({ kind: 'fuzzy', value: '15' }, form).matched).toBe(true);
    },
  );

  it('every operand the tools accept matches the fuzzy matcher of the number it is read as', () => {
    fc.assert(
      fc.property(writtenNumber, (form) => {
        const value = parseNumber(form);
        expect(value, form).not.toBeNull();
        expect(matchArg({ kind: 'fuzzy', value: String(value) }, form).matched, form).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

import { describe, expect, it } from 'vitest';
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

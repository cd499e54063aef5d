import { describe, expect, it } from 'vitest';
import { collectPattern, dollars, positiveInt, positiveSeconds } from './option-parsers.js';

describe('option parsers', () => {
  it('take plain decimals only: no hex, exponent, Infinity or blank', () => {
    expect(positiveInt('12')).toBe(12);
    expect(dollars('2.50')).toBe(2.5);
    expect(positiveSeconds(' 30 ')).toBe(30);
    for (const value of ['0x2', '1e3', 'Infinity', '', ' ', '-1', '0']) {
      expect(() => positiveInt(value), value).toThrow('expected a whole number >= 1');
    }
    expect(() => dollars('1e2')).toThrow('expected an amount of US dollars > 0');
    expect(() => positiveSeconds('0x10')).toThrow('expected a number of seconds > 0');
  });

  it('refuse a blank name pattern, which would match every name', () => {
    expect(collectPattern('a*', [])).toEqual(['a*']);
    expect(() => collectPattern('  ', ['a'])).toThrow('expected a pattern, not a blank one');
  });
});

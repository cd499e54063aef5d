import { describe, expect, it } from 'vitest';
import { minPassRateOption, repeatOption } from './repeat-options.js';

describe('minPassRateOption', () => {
  it('takes a share or a percentage, as plain decimals', () => {
    expect(minPassRateOption('0.8')).toBe(0.8);
    expect(minPassRateOption('80%')).toBe(0.8);
    expect(minPassRateOption('1')).toBe(1);
    expect(minPassRateOption('.5')).toBe(0.5);
    expect(minPassRateOption(' 12.5 % ')).toBe(0.125);
  });

  it('refuses exponents, hexadecimal and shares outside (0, 1], as every number on the command line', () => {
    for (const bad of ['5e-1', '1e-1', '0x1', '0', '1.5', '150%', '-0.5', '', 'Infinity', '%']) {
      expect(() => minPassRateOption(bad), bad).toThrow('expected a share of passing repeats');
    }
  });
});

describe('repeatOption', () => {
  it('takes a whole number of runs from 1 to 1000', () => {
    expect(repeatOption('3')).toBe(3);
    for (const bad of ['0', '1e3', '1001', '2.5'])
      expect(() => repeatOption(bad), bad).toThrow('expected a whole number');
  });
});

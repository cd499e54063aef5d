import { describe, expect, it } from 'vitest';
import { ArithmeticError } from '../lib/arithmetic.js';
import { add, divide, exp, greater, multiply, subtract } from './arithmetic.js';

describe('arithmetic tools', () => {
  it('compute with numbers', () => {
    expect(add.execute({ a: 189, b: 68 })).toBe(257);
    expect(subtract.execute({ a: 206588, b: 181001 })).toBe(25587);
    expect(multiply.execute({ a: 526.5, b: 0.024 })).toBe(12.636);
    expect(divide.execute({ a: 25587, b: 181001 })).toBeCloseTo(0.141364, 6);
    expect(exp.execute({ a: 1.1, b: 2 })).toBe(1.21);
  });

  it('accept numbers written as text with separators, $ and percent signs', () => {
    expect(subtract.execute({ a: '206,588', b: '$ 181,001' })).toBe(25587);
    expect(divide.execute({ a: 932, b: '13.4%' })).toBe(divide.execute({ a: 932, b: 0.134 }));
    expect(subtract.execute({ a: '11.4%', b: '7.8%' })).toBe(0.036);
    expect(add.execute({ a: '(240)', b: 40 })).toBe(-200);
  });

  it('return clean results without floating-point noise', () => {
    expect(add.execute({ a: 0.1, b: 0.2 })).toBe(0.3);
    expect(subtract.execute({ a: 60.94, b: 25.14 })).toBe(35.8);
  });

  it('answer greater with yes or no', () => {
    expect(greater.execute({ a: 13.73, b: 18.85 })).toBe('no');
    expect(greater.execute({ a: '178.93', b: 105.34 })).toBe('yes');
    expect(greater.execute({ a: 5, b: 5 })).toBe('no');
  });

  it('make division by zero a tool error', () => {
    expect(() => divide.execute({ a: 1, b: 0 })).toThrow(ArithmeticError);
    expect(() => divide.execute({ a: 1, b: '0%' })).toThrow('division by zero');
  });

  it('make a result that is not a finite number a tool error', () => {
    expect(() => exp.execute({ a: -8, b: 0.5 })).toThrow('not a finite number');
    expect(() => multiply.execute({ a: 1e308, b: 10 })).toThrow('not a finite number');
  });

  it('reject arguments that are not numbers, naming them', () => {
    expect(() => add.execute({ a: 'ten', b: 1 })).toThrow('argument "a" must be a number');
    expect(() => add.execute({ a: 1 })).toThrow('argument "b" must be a number');
  });

  it('describe themselves with a JSON Schema taking a and b', () => {
    for (const tool of [add, subtract, multiply, divide, exp, greater]) {
      expect(tool.description).not.toBe('');
      expect(tool.parameters).toMatchObject({ type: 'object', required: ['a', 'b'] });
    }
  });
});

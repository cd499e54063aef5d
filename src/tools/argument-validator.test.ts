import { describe, expect, it } from 'vitest';
import { createArgumentValidator } from './argument-validator.js';

const twoNumbers = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
};

describe('createArgumentValidator', () => {
  it('accepts matching arguments as they are, extra keys included', () => {
    const validate = createArgumentValidator(twoNumbers);
    expect(validate({ a: 206588, b: 181001, note: 'x' })).toEqual({
      ok: true,
      value: { a: 206588, b: 181001, note: 'x' },
    });
  });

  it('names every wrong or missing argument', () => {
    const result = createArgumentValidator(twoNumbers)({ a: 'lots' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toMatch(/^a: .*expected number.*; b: .*expected number/);
  });

  it('rejects arguments that are not an object', () => {
    expect(createArgumentValidator(twoNumbers)([1, 2])).toEqual({
      ok: false,
      message: 'the arguments must be a JSON object',
    });
    expect(createArgumentValidator(twoNumbers)('a=1')).toMatchObject({ ok: false });
  });

  it('does not check schemas it cannot read', () => {
    const validate = createArgumentValidator({ type: 'object', properties: { x: { $ref: '#/definitions/missing' } } });
    expect(validate({ x: 42 })).toEqual({ ok: true, value: { x: 42 } });
  });
});

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

  it('checks with ajv what zod cannot convert: references and pattern properties', () => {
    const validate = createArgumentValidator({
      type: 'object',
      definitions: { amount: { type: 'number' } },
      properties: { x: { $ref: '#/definitions/amount' } },
      patternProperties: { '^n_': { type: 'integer' } },
      required: ['x'],
    });
    expect(validate({ x: 42, n_a: 1 })).toEqual({ ok: true, value: { x: 42, n_a: 1 } });
    expect(validate({ x: 'lots', n_a: 1.5 })).toEqual({
      ok: false,
      message: 'x: must be number; n_a: must be integer',
    });
    expect(validate({})).toEqual({ ok: false, message: "must have required property 'x'" });
  });

  it('runs a pattern on RE2: a backtracking one refuses a hostile argument at once', () => {
    const validate = createArgumentValidator({
      type: 'object',
      properties: { cell: { type: 'string', pattern: '^(a+)+$' }, note: { type: 'string', pattern: '^(\\w+\\s?)*$' } },
    });
    const hostile = `${'a'.repeat(40)}!`;
    expect(validate({ cell: hostile, note: hostile })).toEqual({
      ok: false,
      message: 'cell: must match pattern "^(a+)+$"; note: must match pattern "^(\\w+\\s?)*$"',
    });
    expect(validate({ cell: 'aaa', note: 'two words' })).toEqual({
      ok: true,
      value: { cell: 'aaa', note: 'two words' },
    });
    // RE2 syntax a JavaScript RegExp refuses: the pattern is not run by zod.
    expect(
      createArgumentValidator({ type: 'object', properties: { t: { pattern: '(?i)^cash$' } } })({ t: 'CASH' }),
    ).toEqual({
      ok: true,
      value: { t: 'CASH' },
    });
  });

  it('keeps checking formats on the RE2 path, and leaves unchecked a pattern RE2 cannot run', () => {
    const validate = createArgumentValidator({
      type: 'object',
      properties: { to: { type: 'string', format: 'email', pattern: '@' }, x: { type: 'string', pattern: 'a(?=b)' } },
    });
    expect(validate({ to: 'a@example.com', x: 'zzz' })).toMatchObject({ ok: true });
    expect(validate({ to: 'a@', x: 'zzz' })).toEqual({ ok: false, message: 'to: must match format "email"' });
  });

  it('leaves to zod a schema whose property is named pattern', () => {
    const validate = createArgumentValidator({ type: 'object', properties: { pattern: { type: 'string' } } });
    expect(validate({ pattern: 1 })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^pattern: .*expected string/),
    });
  });

  it('does not check a schema that no validator can compile, and still rejects non-objects', () => {
    const validate = createArgumentValidator({ type: 'object', properties: { x: { $ref: '#/definitions/missing' } } });
    expect(validate({ x: 42 })).toEqual({ ok: true, value: { x: 42 } });
    expect(validate('x=42')).toMatchObject({ ok: false });
  });
});

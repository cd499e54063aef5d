import { describe, expect, it } from 'vitest';
import { createLinearAjv, linearAjvMessage, URL_FORMAT_MAX_LENGTH } from './linear-ajv.js';
import { RefusedPatternError } from './linear-reg-exp-engine.js';

const HOSTILE = `${'a'.repeat(40)}!`;
const options = { allErrors: true, strict: true, logger: false } as const;

function messages(schema: Record<string, unknown>, value: unknown): string[] {
  const validate = createLinearAjv('draft-07', options, 'throw').compile(schema);
  return validate(value) ? [] : (validate.errors ?? []).map(linearAjvMessage);
}

describe('createLinearAjv: patterns on RE2', () => {
  it('answers at once where backtracking would take hours: ^(a+)+$ and ^(\\w+\\s?)*$ against 40 a and a !', () => {
    expect(messages({ type: 'string', pattern: '^(a+)+$' }, HOSTILE)).toEqual(['must match pattern "^(a+)+$"']);
    expect(messages({ type: 'string', pattern: '^(\\w+\\s?)*$' }, HOSTILE)).toHaveLength(1);
    expect(messages({ type: 'string', pattern: '^(a+)+$' }, 'a'.repeat(100_000))).toEqual([]);
    const keys = { type: 'object', patternProperties: { '^(a+)+$': { type: 'number' } } };
    expect(messages(keys, { [HOSTILE]: 'x', aaa: 'y' })).toEqual(['must be number']);
  });

  it('runs RE2, not a JavaScript RegExp: RE2 syntax a RegExp refuses compiles, and searches anywhere', () => {
    const pattern = '(?i)cash';
    const schema = { type: 'string', pattern };
    expect(() => new RegExp(pattern)).toThrow();
    expect(messages(schema, 'net CASH 2009')).toEqual([]);
    expect(messages(schema, 'net income')).toEqual(['must match pattern "(?i)cash"']);
  });

  it('keeps two patterns of one schema apart', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string', pattern: '^a$' }, b: { type: 'string', pattern: '^b$' } },
    };
    expect(messages(schema, { a: 'a', b: 'b' })).toEqual([]);
    expect(messages(schema, { a: 'b', b: 'a' })).toEqual(['must match pattern "^a$"', 'must match pattern "^b$"']);
  });

  it('refuses a pattern RE2 cannot run when compiling, or leaves it unchecked', () => {
    const schema = { type: 'string', pattern: 'a(?=b)' };
    expect(() => createLinearAjv('draft-07', options, 'throw').compile(schema)).toThrow(RefusedPatternError);
    expect(() => createLinearAjv('2020-12', options, 'throw').compile(schema)).toThrow(
      /^invalid regular expression "a\(\?=b\)": lookahead \(\?= or \(\?! is not supported — patterns run on RE2/,
    );
    const unchecked = createLinearAjv('draft-07', options, 'unchecked').compile(schema);
    expect(unchecked('anything')).toBe(true);
  });
});

describe('createLinearAjv: formats', () => {
  it('checks url up to its length bound, saying why a longer one fails', () => {
    const schema = { type: 'string', format: 'url' };
    expect(messages(schema, 'https://example.com/a?b=c')).toEqual([]);
    expect(messages(schema, `https://example.com/${'a'.repeat(URL_FORMAT_MAX_LENGTH - 20)}`)).toEqual([]);
    // A run of `:` that the url check takes quadratic time over: refused by its length at once.
    const hostile = `http://${':'.repeat(100_000)} `;
    expect(messages(schema, hostile)).toEqual([
      `must match format "url" (a "url" is checked up to ${URL_FORMAT_MAX_LENGTH} characters; this one has ${hostile.length})`,
    ]);
    expect(messages(schema, 'not a url')).toEqual(['must match format "url"']);
  });

  it('keeps the other standard formats', () => {
    expect(messages({ type: 'string', format: 'email' }, 'a@example.com')).toEqual([]);
    expect(messages({ type: 'string', format: 'email' }, `${'a.'.repeat(50_000)}@`)).toEqual([
      'must match format "email"',
    ]);
    expect(messages({ type: 'string', format: 'date' }, '2009-13-01')).toEqual(['must match format "date"']);
  });
});

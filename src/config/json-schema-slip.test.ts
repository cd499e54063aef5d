import { describe, expect, it } from 'vitest';
import { LINEAR_REGEX_HINT } from '../matchers/linear-regex.js';
import { jsonSchemaSlip, jsonSchemaSlips } from './json-schema-slip.js';

describe('jsonSchemaSlip', () => {
  it('passes schemas as tools write them: nested, combined, with extensions of their own', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        type: { type: 'string', enum: ['a', 'b'] },
        rows: { type: 'array', items: { type: ['string', 'null'] }, minItems: 1 },
        when: {
          anyOf: [
            { type: 'string', format: 'date' },
            { type: 'integer', minimum: 0 },
          ],
        },
        note: { type: 'string', example: 'x', nullable: true, 'x-internal': true, maxLength: 10 },
      },
      required: ['type'],
      additionalProperties: false,
      $defs: { id: { type: 'string', pattern: '^[a-z]+$' } },
    };
    expect(jsonSchemaSlip(schema)).toBeNull();
    expect(jsonSchemaSlip({})).toBeNull();
    expect(jsonSchemaSlip({ type: 'object', properties: { any: true } })).toBeNull();
  });

  it('finds a misspelt type anywhere, with the type meant', () => {
    expect(jsonSchemaSlip({ type: 'object', properties: { a: { type: 'numbr' } } })).toEqual({
      path: ['properties', 'a', 'type'],
      message:
        '"numbr" is no JSON Schema type (string, number, integer, boolean, object, array, null): did you mean number?',
    });
    expect(jsonSchemaSlip({ anyOf: [{ type: 'string' }, { type: ['int', 'null'] }] })?.path).toEqual([
      'anyOf',
      1,
      'type',
    ]);
    expect(jsonSchemaSlip({ items: [{ type: 'float' }] })?.message).toContain('"float" is no JSON Schema type');
  });

  it('finds keywords of the wrong shape and misspelt keywords', () => {
    expect(jsonSchemaSlip({ required: 'a' })?.message).toBe('`required` is a list of property names, got string "a"');
    expect(jsonSchemaSlip({ properties: ['a'] })?.message).toBe(
      '`properties` is a mapping of names to schemas, got a list',
    );
    expect(jsonSchemaSlip({ enum: 'a' })?.message).toBe('`enum` is a list of the allowed values, got string "a"');
    expect(jsonSchemaSlip({ properties: { a: 5 } })).toEqual({
      path: ['properties', 'a'],
      message: 'a schema is a mapping (or true / false), got number 5',
    });
    expect(jsonSchemaSlip({ type: 'object', propertes: {} })?.message).toBe(
      '`propertes` is no JSON Schema keyword, so it would be ignored: did you mean `properties`?',
    );
  });

  it('finds every slip of a schema, depth first, each at its path', () => {
    const schema = {
      type: 'object',
      minProps: 1,
      properties: { a: { type: 'numbr', minimun: 1 }, b: { enum: 'x', pattern: '(?=a)' } },
      requird: ['a'],
      anyOf: [{ type: 'int' }, { required: 'b' }],
    };
    expect(jsonSchemaSlips(schema).map((slip) => slip.path.join('.'))).toEqual([
      'minProps',
      'properties.a.type',
      'properties.a.minimun',
      'properties.b.enum',
      'properties.b.pattern',
      'requird',
      'anyOf.0.type',
      'anyOf.1.required',
    ]);
    expect(jsonSchemaSlip(schema)?.path).toEqual(['minProps']);
    expect(jsonSchemaSlips({ type: 'object', descr: 'x', maxProp: 2 }).map((slip) => slip.message)).toEqual([
      '`descr` is no JSON Schema keyword, so it would be ignored: did you mean `description`?',
      '`maxProp` is no JSON Schema keyword, so it would be ignored: did you mean `maxProperties`?',
    ]);
    expect(jsonSchemaSlips({ type: 'object', 'x-internal': true, units: 'cm', examplez: [] })).toEqual([]);
  });

  it('refuses a pattern or a patternProperties name that RE2 cannot run, where it is', () => {
    expect(jsonSchemaSlip({ type: 'object', properties: { a: { type: 'string', pattern: '^(?!x)' } } })).toEqual({
      path: ['properties', 'a', 'pattern'],
      message: `invalid regular expression "^(?!x)": lookahead (?= or (?! is not supported — ${LINEAR_REGEX_HINT}`,
    });
    expect(jsonSchemaSlip({ type: 'object', patternProperties: { '(?<=a)b': {} } })?.path).toEqual([
      'patternProperties',
      '(?<=a)b',
    ]);
    expect(jsonSchemaSlip({ type: 'object', properties: { a: { pattern: '(' } } })?.message).toBe(
      'invalid regular expression "(": missing )',
    );
    expect(jsonSchemaSlip({ type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } } })).toBeNull();
  });

  it('checks a pattern as it runs, with JavaScript meanings RE2 is given', () => {
    const slip = (pattern: string) =>
      jsonSchemaSlip({ type: 'object', properties: { a: { type: 'string', pattern } } });
    for (const pattern of ['^[^]+$', '\\cJ', '^\\p{Script=Greek}+$', '^\\S+$']) expect(slip(pattern)).toBeNull();
    expect(slip('[^a\\S]')?.message).toMatch(/^invalid regular expression "\[\^a\\\\S\]": /);
  });
});

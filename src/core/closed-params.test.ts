import { describe, expect, it } from 'vitest';
import { closedParams } from './closed-params.js';

describe('closedParams', () => {
  it('is the listed properties when no other name is allowed', () => {
    expect(closedParams({ type: 'object', properties: { a: {}, b: {} }, required: ['a'] })).toEqual(['a', 'b']);
    expect(closedParams({ type: 'object', properties: { a: {} }, additionalProperties: false })).toEqual(['a']);
    expect(closedParams({ type: 'object', properties: {} })).toEqual([]);
  });

  it('is null when the schema lists no properties or lets others in', () => {
    expect(closedParams({ type: 'object' })).toBeNull();
    expect(closedParams({ properties: { a: {} }, additionalProperties: true })).toBeNull();
    expect(closedParams({ properties: { a: {} }, additionalProperties: { type: 'string' } })).toBeNull();
    expect(closedParams({ properties: { a: {} }, unevaluatedProperties: true })).toBeNull();
    expect(closedParams({ properties: { a: {} }, patternProperties: { '^x': {} } })).toBeNull();
    expect(closedParams({ properties: { a: {} }, anyOf: [{ properties: { b: {} } }] })).toBeNull();
    expect(closedParams({ properties: [] })).toBeNull();
  });
});

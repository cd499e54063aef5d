import { describe, expect, it } from 'vitest';
import { schemaPatterns } from './schema-patterns.js';

describe('schemaPatterns', () => {
  it('lists every pattern and patternProperties name with its path', () => {
    const schema = {
      type: 'object',
      properties: { pattern: { type: 'string', pattern: '^a' }, b: { items: [{ pattern: 'b$' }] } },
      patternProperties: { '^n_': { type: 'integer' } },
      $defs: { c: { anyOf: [{ pattern: 'c' }] } },
    };
    expect(schemaPatterns(schema)).toEqual([
      { path: ['patternProperties', '^n_'], pattern: '^n_' },
      { path: ['properties', 'pattern', 'pattern'], pattern: '^a' },
      { path: ['properties', 'b', 'items', 0, 'pattern'], pattern: 'b$' },
      { path: ['$defs', 'c', 'anyOf', 0, 'pattern'], pattern: 'c' },
    ]);
  });

  it('finds none in a schema without, a property named pattern included', () => {
    expect(schemaPatterns({ type: 'object', properties: { pattern: { type: 'string' } } })).toEqual([]);
    expect(schemaPatterns(true)).toEqual([]);
  });

  it('walks a cyclic or deeply nested value without overflowing', () => {
    const cyclic: Record<string, unknown> = { pattern: 'x' };
    cyclic['items'] = cyclic;
    expect(schemaPatterns(cyclic)).toEqual([{ path: ['pattern'], pattern: 'x' }]);
    let deep: Record<string, unknown> = { pattern: 'deep' };
    for (let i = 0; i < 20_000; i++) deep = { not: deep };
    expect(schemaPatterns(deep)[0]?.pattern).toBe('deep');
  });
});

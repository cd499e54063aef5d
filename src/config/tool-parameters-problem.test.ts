import { describe, expect, it } from 'vitest';
import { toolParametersProblem } from './tool-parameters-problem.js';

describe('toolParametersProblem', () => {
  it('takes the schema of an object, with or without properties, and the empty schema', () => {
    for (const schema of [
      { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
      { type: ['object', 'null'] },
      { properties: { a: { type: 'number' } } },
      { $ref: '#/$defs/args', $defs: { args: { type: 'object' } } },
      {},
    ]) {
      expect(toolParametersProblem(schema), JSON.stringify(schema)).toBeNull();
    }
  });

  it('refuses a schema of another type', () => {
    expect(toolParametersProblem({ type: 'string' })).toBe(
      'the arguments of a tool are one object, so `parameters.type` must be object (got "string")',
    );
    expect(toolParametersProblem({ type: ['array'] })).toContain('(got ["array"])');
  });

  it('refuses the properties written alone, saying how to write the schema', () => {
    expect(toolParametersProblem({ a: { type: 'number' }, b: { type: 'number' } })).toBe(
      '`parameters` holds the properties of the arguments alone: it is the JSON Schema of the arguments object — write { type: object, properties: { a: …, b: … }, required: [a, b] }',
    );
    // A mapping that is not all property schemas is left to the schema's owner.
    expect(toolParametersProblem({ a: { type: 'number' }, b: 'x' })).toBeNull();
  });
});

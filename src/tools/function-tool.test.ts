import { describe, expect, it } from 'vitest';
import type { FunctionToolConfig, ResolvedFunctionTool } from '../core/config-types.js';
import { functionTool } from './function-tool.js';
import { ToolExecutionError } from './tool-execution-error.js';

const signal = new AbortController().signal;

function functionToolConfig(name: string, definition: ResolvedFunctionTool): FunctionToolConfig {
  return {
    type: 'function',
    name,
    description: null,
    file: `/project/tools/${name}.ts`,
    function: name,
    parameters: null,
    definition,
  };
}
const schema = { type: 'object', properties: { a: { type: 'number' } } };

describe('functionTool', () => {
  it('exposes the definition and runs a sync function with the arguments object', async () => {
    const tool = functionTool(
      functionToolConfig('double', {
        description: 'twice a',
        parameters: schema,
        execute: (args) => Number(args['a']) * 2,
      }),
    );
    expect(tool.name).toBe('double');
    expect(tool.description).toBe('twice a');
    expect(tool.input_schema).toEqual(schema);
    await expect(tool.execute({ a: 21 }, signal)).resolves.toBe(42);
  });

  it('awaits async functions and turns undefined into null', async () => {
    const tool = functionTool(
      functionToolConfig('noop', { description: '', parameters: schema, execute: async () => undefined }),
    );
    await expect(tool.execute({}, signal)).resolves.toBeNull();
  });

  it('makes non-JSON results safe', async () => {
    const tool = functionTool(
      functionToolConfig('big', { description: '', parameters: schema, execute: () => ({ n: 1n }) }),
    );
    await expect(tool.execute({}, signal)).resolves.toBe('[object Object]');
  });

  it('reports sync and async throws as tool errors carrying the message', async () => {
    const sync = functionTool(
      functionToolConfig('boom', {
        description: '',
        parameters: schema,
        execute: () => {
          throw new Error('division by zero');
        },
      }),
    );
    const rejected = functionTool(
      functionToolConfig('reject', { description: '', parameters: schema, execute: () => Promise.reject('bad input') }),
    );
    await expect(sync.execute({}, signal)).rejects.toThrow(ToolExecutionError);
    await expect(sync.execute({}, signal)).rejects.toThrow('division by zero');
    await expect(rejected.execute({}, signal)).rejects.toThrow('bad input');
  });
});

import { describe, expect, it } from 'vitest';
import { mcpCallResultValue } from './mcp-call-result.js';
import { ToolExecutionError } from './tool-execution-error.js';

const text = (value: string) => ({ type: 'text', text: value });

describe('mcpCallResultValue', () => {
  it('parses a text that is JSON and keeps other text as text', () => {
    expect(mcpCallResultValue({ content: [text('25587')] })).toBe(25587);
    expect(mcpCallResultValue({ content: [text('{"a":1}')] })).toEqual({ a: 1 });
    expect(mcpCallResultValue({ content: [text('net cash 206588')] })).toBe('net cash 206588');
    expect(mcpCallResultValue({ content: [text('line 1'), text('line 2')] })).toBe('line 1\nline 2');
  });

  it('prefers structured content', () => {
    expect(mcpCallResultValue({ content: [text('ignored')], structuredContent: { value: 3 } })).toEqual({ value: 3 });
  });

  it('returns mixed content as is', () => {
    const content = [text('chart'), { type: 'image', data: 'AAAA', mimeType: 'image/png' }];
    expect(mcpCallResultValue({ content })).toEqual(content);
  });

  it('throws a tool error with the text of an error result', () => {
    expect(() => mcpCallResultValue({ content: [text('archive offline')], isError: true })).toThrow(ToolExecutionError);
    expect(() => mcpCallResultValue({ content: [text('archive offline')], isError: true })).toThrow('archive offline');
    expect(() => mcpCallResultValue({ content: [], isError: true })).toThrow('without a message');
  });
});

import { describe, expect, it } from 'vitest';
import type { LoadedTool } from '../../core/loaded-tool.js';
import { createAgentTools } from './agent-tools.js';
import { errorText, parseToolCall } from './parse-tool-call.js';

const TWO_NUMBERS = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
  additionalProperties: false,
};
const subtract: LoadedTool = {
  name: 'subtract',
  description: 'a - b',
  input_schema: TWO_NUMBERS,
  execute: async (args) => ({ value: Number(args['a']) - Number(args['b']), content: null }),
};
const today: LoadedTool = {
  name: 'today',
  description: 'the date',
  input_schema: { type: 'object', properties: {} },
  execute: async () => ({ value: '2026-12-04', content: null }),
};
const tools = createAgentTools([subtract, today], { images: false });
const meta = { openai: { itemId: 'fc_1' } };

const call = (toolName: string, input: string) => ({
  type: 'tool-call' as const,
  toolCallId: 'call_1',
  toolName,
  input,
  providerMetadata: meta,
});

describe('parseToolCall', () => {
  it('parses a valid call: the arguments as the tool checked them, its tool and the provider metadata', () => {
    const parsed = parseToolCall(call('subtract', '{"a": 206588, "b": 181001}'), tools);
    expect(parsed).toMatchObject({
      invalid: false,
      toolCallId: 'call_1',
      toolName: 'subtract',
      input: { a: 206588, b: 181001 },
      providerMetadata: meta,
    });
    expect(parsed.invalid === false && parsed.tool.loaded).toBe(subtract);
  });

  it('reads empty input as no arguments, as the SDK does', () => {
    expect(parseToolCall(call('today', ''), tools)).toMatchObject({ invalid: false, input: {} });
    expect(parseToolCall(call('today', '  \n'), tools)).toMatchObject({ invalid: false, input: {} });
  });

  it('refuses a tool the agent does not have, naming the tools it has', () => {
    const parsed = parseToolCall(call('multiply', '{"a": 2, "b": 3}'), tools);
    expect(parsed.invalid).toBe(true);
    if (!parsed.invalid) return;
    expect(parsed.input).toEqual({ a: 2, b: 3 });
    expect(parsed.error.name).toBe('AI_NoSuchToolError');
    expect(parsed.error.message).toBe(
      "Model tried to call unavailable tool 'multiply'. Available tools: subtract, today.",
    );
  });

  it('refuses input that is not JSON, keeping the text as sent', () => {
    const parsed = parseToolCall(call('subtract', '{"a": 2, "b": '), tools);
    expect(parsed.invalid).toBe(true);
    if (!parsed.invalid) return;
    expect(parsed.input).toBe('{"a": 2, "b": ');
    expect(parsed.error.name).toBe('AI_InvalidToolInputError');
    expect(parsed.error.message).toMatch(
      /^Invalid input for tool subtract: JSON parsing failed: Text: \{"a": 2, "b": \./,
    );
    expect(parsed.error.message).toContain('Error message: Unexpected end of JSON input');
    expect((parsed.error.cause as Error).name).toBe('AI_JSONParseError');
  });

  it('refuses arguments the tool’s schema refuses, saying which and why', () => {
    const parsed = parseToolCall(call('subtract', '{"a": "2009", "b": 1}'), tools);
    expect(parsed.invalid).toBe(true);
    if (!parsed.invalid) return;
    expect(parsed.input).toEqual({ a: '2009', b: 1 });
    expect(parsed.error.name).toBe('AI_InvalidToolInputError');
    expect(parsed.error.message).toMatch(
      /^Invalid input for tool subtract: Type validation failed: Value: \{"a":"2009","b":1\}\./,
    );
    expect(parsed.error.message).toContain('Error message: a: Invalid input: expected number, received string');
    expect((parsed.error.cause as Error).name).toBe('AI_TypeValidationError');
  });

  it('refuses arguments nested deeper than 128 levels before checking them, keeping the text as sent', () => {
    const deep = `{"a": 1, "b": 2, "x": ${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    const parsed = parseToolCall(call('subtract', deep), tools);
    expect(parsed).toMatchObject({ invalid: true, input: deep });
    if (parsed.invalid) {
      expect(parsed.error.message).toBe(
        'Invalid input for tool subtract: the arguments are nested deeper than 128 levels (the most a value may be)',
      );
    }
    const within = `{"a": 1, "b": 2, "x": ${'['.repeat(127)}${']'.repeat(127)}}`;
    expect(parseToolCall(call('today', within), tools)).toMatchObject({ invalid: false });
  });

  it('refuses JSON that is not an object', () => {
    const parsed = parseToolCall(call('subtract', '[1, 2]'), tools);
    expect(parsed).toMatchObject({ invalid: true, input: [1, 2] });
    if (parsed.invalid) expect(parsed.error.message).toContain('Error message: the arguments must be a JSON object');
  });
});

describe('errorText', () => {
  it('words an error for the model as the SDK does', () => {
    expect(errorText(new Error('archive is offline'))).toBe('archive is offline');
    expect(errorText('timed out')).toBe('timed out');
    expect(errorText(undefined)).toBe('unknown error');
    expect(errorText(null)).toBe('unknown error');
    expect(errorText({ code: 7 })).toBe('{"code":7}');
  });
});

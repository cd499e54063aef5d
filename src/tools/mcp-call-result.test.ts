import { describe, expect, it } from 'vitest';
import { formatSize, mcpCallResultValue } from './mcp-call-result.js';
import { ToolExecutionError } from './tool-execution-error.js';

const text = (value: string) => ({ type: 'text', text: value });
/** 12 KB of base64 image data. */
const PNG = Buffer.alloc(12 * 1024, 7).toString('base64');

describe('mcpCallResultValue', () => {
  it('shows the model the text and records it parsed when it is JSON', () => {
    expect(mcpCallResultValue({ content: [text('25587')] })).toEqual({ value: 25587, content: [text('25587')] });
    expect(mcpCallResultValue({ content: [text('{"a":1}')] }).value).toEqual({ a: 1 });
    expect(mcpCallResultValue({ content: [text('net cash 206588')] }).value).toBe('net cash 206588');
    expect(mcpCallResultValue({ content: [text('line 1'), text('line 2')] })).toEqual({
      value: 'line 1\nline 2',
      content: [text('line 1\nline 2')],
    });
  });

  it('records structured content, while the model reads the text', () => {
    const output = mcpCallResultValue({ content: [text('3 rows')], structuredContent: { rows: 3 } });
    expect(output).toEqual({ value: { rows: 3 }, content: [text('3 rows')] });
  });

  it('gives the model the JSON of structured content that comes without text', () => {
    expect(mcpCallResultValue({ content: [], structuredContent: { rows: 3 } })).toEqual({
      value: { rows: 3 },
      content: null,
    });
  });

  it('passes images to the model with a placeholder, and records them without their data', () => {
    const output = mcpCallResultValue({
      content: [text('chart'), { type: 'image', data: PNG, mimeType: 'image/png' }],
    });
    expect(output.content).toEqual([
      text('chart'),
      { type: 'image', data: PNG, media_type: 'image/png', placeholder: '[image image/png, 12 KB]' },
    ]);
    expect(output.value).toEqual([text('chart'), { type: 'image', media_type: 'image/png', bytes: 12 * 1024 }]);
  });

  it('shows embedded text resources as text, binary ones and links as placeholders', () => {
    const output = mcpCallResultValue({
      content: [
        { type: 'resource', resource: { uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes' } },
        { type: 'resource', resource: { uri: 'file:///a.pdf', mimeType: 'application/pdf', blob: 'AAAA' } },
        { type: 'resource_link', uri: 'file:///big.csv', name: 'big' },
        { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
      ],
    });
    expect(output.content).toEqual([
      text(
        '# Notes\n[resource file:///a.pdf application/pdf, 3 B]\n[resource file:///big.csv "big"]\n[audio audio/wav, 3 B]',
      ),
    ]);
    expect(output.value).toBe(
      '# Notes\n[resource file:///a.pdf application/pdf, 3 B]\n[resource file:///big.csv "big"]\n[audio audio/wav, 3 B]',
    );
  });

  it('throws a tool error with the text of an error result', () => {
    expect(() => mcpCallResultValue({ content: [text('archive offline')], isError: true })).toThrow(ToolExecutionError);
    expect(() => mcpCallResultValue({ content: [text('archive offline')], isError: true })).toThrow('archive offline');
    expect(() => mcpCallResultValue({ content: [], isError: true })).toThrow('without a message');
  });
});

describe('formatSize', () => {
  it('reads like a person would write it', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(12 * 1024)).toBe('12 KB');
    expect(formatSize(3.4 * 1024 * 1024)).toBe('3.4 MB');
  });
});

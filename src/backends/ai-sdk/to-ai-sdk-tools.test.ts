import { describe, expect, it } from 'vitest';
import { ToolServerCrashedError } from '../../core/errors.js';
import type { LoadedTool } from '../../core/loaded-tool.js';
import { type TurnToolLog, toAiSdkTools, toModelOutput } from './to-ai-sdk-tools.js';

const IMAGE = { type: 'image', data: 'AAAA', media_type: 'image/png', placeholder: '[image image/png, 3 B]' } as const;

describe('toModelOutput', () => {
  it('shows a plain value as text or JSON', () => {
    expect(toModelOutput({ value: 'done', content: null }, { images: false })).toEqual({ type: 'text', value: 'done' });
    expect(toModelOutput({ value: { a: 1 }, content: null }, { images: false })).toEqual({
      type: 'json',
      value: { a: 1 },
    });
    expect(toModelOutput({ value: undefined, content: null }, { images: false })).toEqual({
      type: 'json',
      value: null,
    });
  });

  it('shows content: text as text, images as images where the model takes them, else their placeholder', () => {
    const output = { value: { rows: 3 }, content: [{ type: 'text', text: '3 rows' } as const, IMAGE] };
    expect(
      toModelOutput({ value: { rows: 3 }, content: [{ type: 'text', text: '3 rows' }] }, { images: true }),
    ).toEqual({
      type: 'text',
      value: '3 rows',
    });
    expect(toModelOutput(output, { images: false })).toEqual({ type: 'text', value: '3 rows\n[image image/png, 3 B]' });
    expect(toModelOutput(output, { images: true })).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: '3 rows' },
        { type: 'image-data', data: 'AAAA', mediaType: 'image/png' },
      ],
    });
  });
});

describe('toAiSdkTools', () => {
  it('notes a tool server that died during the turn, and still reports the call as failed', async () => {
    const dead: LoadedTool = {
      name: 'lookup',
      description: '',
      input_schema: { type: 'object' },
      execute: async () => {
        throw new ToolServerCrashedError('ledger', 'MCP server "ledger" (x) exited with code 3');
      },
    };
    const log: TurnToolLog = { timings: new Map(), crashes: new Set() };
    const tools = toAiSdkTools([dead], log, new AbortController().signal, { images: false });
    const execute = tools['lookup']?.execute;
    if (execute === undefined) throw new Error('no execute');
    await expect(
      Promise.resolve(execute({}, { toolCallId: 't1', messages: [], abortSignal: new AbortController().signal })),
    ).rejects.toThrow('exited with code 3');
    expect([...log.crashes]).toEqual(['MCP server "ledger" (x) exited with code 3']);
    expect(log.timings.has('t1')).toBe(true);
  });
});

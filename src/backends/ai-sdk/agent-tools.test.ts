import { describe, expect, it } from 'vitest';
import { ToolServerCrashedError } from '../../core/errors.js';
import type { LoadedTool } from '../../core/loaded-tool.js';
import { createAgentTools, executeTool, type TurnToolLog, toModelOutput } from './agent-tools.js';

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

describe('createAgentTools', () => {
  it('defines each tool once, as the provider takes it, and none when the agent has no tools', () => {
    const schema = { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] };
    const tools = createAgentTools(
      [
        {
          name: 'half',
          description: 'Halves a',
          input_schema: schema,
          execute: async () => ({ value: 1, content: null }),
        },
      ],
      { images: false },
    );
    expect(tools.definitions).toEqual([
      { type: 'function', name: 'half', description: 'Halves a', inputSchema: schema },
    ]);
    expect(tools.byName.get('half')?.validate({ a: 'x' })).toMatchObject({ ok: false });
    expect(createAgentTools([], { images: false }).definitions).toBeUndefined();
  });
});

describe('executeTool', () => {
  it('notes a tool server that died during the turn, and still reports the call as failed', async () => {
    const dead: LoadedTool = {
      name: 'lookup',
      description: '',
      input_schema: { type: 'object' },
      execute: async () => {
        throw new ToolServerCrashedError('ledger', 'MCP server "ledger" (x) exited with code 3');
      },
    };
    const recorded: unknown[] = [];
    const log: TurnToolLog = { timings: new Map(), crashes: new Set(), journal: { record: (c) => recorded.push(c) } };
    const tool = createAgentTools([dead], { images: false }).byName.get('lookup');
    if (tool === undefined) throw new Error('no tool');
    const call = { toolCallId: 't1', input: {} };
    await expect(executeTool(tool, call, log, new AbortController().signal)).rejects.toThrow('exited with code 3');
    expect([...log.crashes]).toEqual(['MCP server "ledger" (x) exited with code 3']);
    expect(log.timings.has(call)).toBe(true);
    expect(recorded).toMatchObject([
      { name: 'lookup', args: {}, result: null, error: expect.stringContaining('code 3') },
    ]);
  });
});

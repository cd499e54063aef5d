import { getEventListeners } from 'node:events';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolServerCrashedError } from '../../core/errors.js';
import type { LoadedTool } from '../../core/loaded-tool.js';
import { createToolServer, renderToolOutput, type ToolCallRecord } from './tool-server.js';

const TWO_NUMBERS = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
};

let client: Client | null = null;
afterEach(async () => {
  await client?.close();
  client = null;
});

async function connect(tools: LoadedTool[], signal = new AbortController().signal) {
  const records: [string | null, ToolCallRecord][] = [];
  const crashes: string[] = [];
  const server = createToolServer(tools, {
    signal: () => signal,
    record: (id, call) => records.push([id, call]),
    crashed: (message) => crashes.push(message),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, records, crashes };
}

const subtract: LoadedTool = {
  name: 'subtract',
  description: 'a - b',
  input_schema: TWO_NUMBERS,
  execute: async (args) => ({ value: Number(args['a']) - Number(args['b']), content: null }),
};

describe('the in-process tool server', () => {
  it("lists our tools with their own schemas, always loaded, their results handed over up to Claude Code's limit", async () => {
    const { client } = await connect([subtract]);
    const { tools } = await client.listTools();
    expect(tools).toEqual([
      {
        name: 'subtract',
        description: 'a - b',
        inputSchema: TWO_NUMBERS,
        _meta: { 'anthropic/alwaysLoad': true, 'anthropic/maxResultSizeChars': 500_000 },
      },
    ]);
  });

  it('runs a call, times it and records it under the tool-use id Claude Code passes', async () => {
    const { client, records } = await connect([subtract]);
    const reply = await client.callTool({
      name: 'subtract',
      arguments: { a: 5, b: 3 },
      _meta: { 'claudecode/toolUseId': 'toolu_1' },
    });
    expect(reply).toEqual({ content: [{ type: 'text', text: '2' }] });
    expect(records).toEqual([
      ['toolu_1', { name: 'subtract', args: { a: 5, b: 3 }, result: 2, error: null, duration_ms: expect.any(Number) }],
    ]);
  });

  it('returns invalid arguments and thrown errors to the model as tool errors, and records them', async () => {
    const failing: LoadedTool = {
      ...subtract,
      name: 'archive',
      execute: async () => Promise.reject(new Error('archive is offline')),
    };
    const { client, records } = await connect([subtract, failing]);
    const invalid = await client.callTool({ name: 'subtract', arguments: { a: 'lots' } });
    expect(invalid).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: expect.stringMatching(/^invalid arguments for tool subtract: /) }],
    });
    const thrown = await client.callTool({ name: 'archive', arguments: { a: 1, b: 2 } });
    expect(thrown).toEqual({ isError: true, content: [{ type: 'text', text: 'archive is offline' }] });
    const unknown = await client.callTool({ name: 'shred', arguments: {} });
    expect(unknown).toEqual({ isError: true, content: [{ type: 'text', text: 'no tool named shred' }] });
    expect(records.map(([id, call]) => [id, call.name, call.error])).toEqual([
      [null, 'subtract', expect.stringMatching(/^invalid arguments for tool subtract: /)],
      [null, 'archive', 'archive is offline'],
    ]);
  });

  it('passes an MCP result’s text and images on to the model, and records its value', async () => {
    const chart: LoadedTool = {
      ...subtract,
      name: 'chart',
      input_schema: { type: 'object', properties: {} },
      execute: async () => ({
        value: [{ type: 'image', media_type: 'image/png', bytes: 3 }],
        content: [
          { type: 'text', text: 'the chart' },
          { type: 'image', data: 'AAAA', media_type: 'image/png', placeholder: '[image image/png, 3 B]' },
        ],
      }),
    };
    const { client, records } = await connect([chart]);
    const reply = await client.callTool({ name: 'chart', arguments: {} });
    expect(reply).toEqual({
      content: [
        { type: 'text', text: 'the chart' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
      ],
    });
    expect(records[0]?.[1].result).toEqual([{ type: 'image', media_type: 'image/png', bytes: 3 }]);
  });

  it('tells the session when a tool server died, so the turn errors', async () => {
    const dead: LoadedTool = {
      ...subtract,
      name: 'lookup',
      execute: async () =>
        Promise.reject(new ToolServerCrashedError('ledger', 'MCP server "ledger" exited with code 3')),
    };
    const { client, records, crashes } = await connect([dead]);
    const reply = await client.callTool({ name: 'lookup', arguments: { a: 1, b: 2 } });
    expect(reply).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'MCP server "ledger" exited with code 3' }],
    });
    expect(records[0]?.[1].error).toBe('MCP server "ledger" exited with code 3');
    expect(crashes).toEqual(['MCP server "ledger" exited with code 3']);
  });

  it('gives the tool the turn’s signal, followed through listeners the call removes when it ends', async () => {
    const turn = new AbortController();
    const probe: LoadedTool = {
      ...subtract,
      name: 'probe',
      input_schema: { type: 'object', properties: {} },
      execute: (_args, signal) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () =>
            resolve({ value: `stopped: ${String(signal.reason)}`, content: null }),
          );
          turn.abort('turn timed out');
        }),
    };
    const { client } = await connect([probe], turn.signal);
    const result = await client.callTool({ name: 'probe', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'stopped: turn timed out' }]);
    expect(getEventListeners(turn.signal, 'abort')).toHaveLength(0);
  });

  it('renders results for the model: text as it is, anything else as JSON', () => {
    expect(renderToolOutput('206588')).toBe('206588');
    expect(renderToolOutput(0.5)).toBe('0.5');
    expect(renderToolOutput({ value: 1 })).toBe('{"value":1}');
    expect(renderToolOutput(null)).toBe('null');
    expect(renderToolOutput(undefined)).toBe('null');
  });
});

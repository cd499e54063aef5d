import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, it } from 'vitest';
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
  const server = createToolServer(tools, { signal: () => signal, record: (id, call) => records.push([id, call]) });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, records };
}

const subtract: LoadedTool = {
  name: 'subtract',
  description: 'a - b',
  input_schema: TWO_NUMBERS,
  execute: async (args) => Number(args['a']) - Number(args['b']),
};

describe('the in-process tool server', () => {
  it('lists our tools with their own schemas, always loaded', async () => {
    const { client } = await connect([subtract]);
    const { tools } = await client.listTools();
    expect(tools).toEqual([
      { name: 'subtract', description: 'a - b', inputSchema: TWO_NUMBERS, _meta: { 'anthropic/alwaysLoad': true } },
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

  it('gives the tool the turn’s signal', async () => {
    const turn = new AbortController();
    let seen: AbortSignal | null = null;
    const probe: LoadedTool = {
      ...subtract,
      name: 'probe',
      input_schema: { type: 'object', properties: {} },
      execute: async (_args, signal) => {
        seen = signal;
        return 'ok';
      },
    };
    const { client } = await connect([probe], turn.signal);
    await client.callTool({ name: 'probe', arguments: {} });
    turn.abort();
    expect((seen as AbortSignal | null)?.aborted).toBe(true);
  });

  it('renders results for the model: text as it is, anything else as JSON', () => {
    expect(renderToolOutput('206588')).toBe('206588');
    expect(renderToolOutput(0.5)).toBe('0.5');
    expect(renderToolOutput({ value: 1 })).toBe('{"value":1}');
    expect(renderToolOutput(null)).toBe('null');
    expect(renderToolOutput(undefined)).toBe('null');
  });
});

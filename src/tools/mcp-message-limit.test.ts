import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { isOversizeAnswer, limitMcpFetch, MAX_MCP_MESSAGE_BYTES, OVERSIZE_ERROR_CODE } from './mcp-message-limit.js';

const MB = 1024 * 1024;
const encoder = new TextEncoder();

interface Source {
  readonly stream: ReadableStream<Uint8Array>;
  /** Whether the reader gave up on the source. */
  cancelled(): boolean;
}

/** A body made of `blocks` (cycled for ever when `endless`). */
function source(blocks: readonly Uint8Array[], endless = false): Source {
  let at = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at === blocks.length && !endless) {
        controller.close();
        return;
      }
      controller.enqueue(blocks[at % blocks.length] as Uint8Array);
      at += 1;
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

async function run(
  body: Source,
  contentType: string,
  requestBody = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call' }),
  status = 200,
) {
  const delivered: JSONRPCMessage[] = [];
  const fetch = limitMcpFetch(
    (message) => delivered.push(message),
    async () => new Response(body.stream, { status, headers: { 'content-type': contentType } }),
  );
  const response = await fetch('http://127.0.0.1/mcp', { method: 'POST', body: requestBody });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, delivered };
}

const text = (value: string) => encoder.encode(value);
const filler = (size: number, byte = 'x') => text(byte.repeat(size));

describe('limitMcpFetch', () => {
  it('passes a JSON body of up to the limit through whole', async () => {
    const { bytes, delivered } = await run(
      source([filler(MAX_MCP_MESSAGE_BYTES - MB), filler(MB)]),
      'application/json',
    );
    expect(bytes.length).toBe(MAX_MCP_MESSAGE_BYTES);
    expect(delivered).toEqual([]);
  });

  it('stops reading a JSON body once it goes over the limit and answers the request it carried with the cause', async () => {
    const body = source([filler(MB)], true);
    const { bytes, delivered } = await run(body, 'application/json; charset=utf-8');
    expect(bytes.length).toBe(MAX_MCP_MESSAGE_BYTES);
    expect(body.cancelled()).toBe(true);
    expect(delivered).toEqual([
      {
        jsonrpc: '2.0',
        id: 7,
        error: {
          code: OVERSIZE_ERROR_CODE,
          message: 'the server sent a message of more than 32 MB (the most one MCP message may be)',
          data: { holodeck: 'message_too_large' },
        },
      },
    ]);
    expect(isOversizeAnswer((delivered[0] as { error: unknown }).error)).toBe(true);
  });

  it('answers every request of a batch, and none of its notifications', async () => {
    const batch = JSON.stringify([
      { jsonrpc: '2.0', id: 'a', method: 'tools/call' },
      { jsonrpc: '2.0', method: 'notifications/progress' },
      { jsonrpc: '2.0', id: 3, method: 'tools/list' },
    ]);
    const { delivered } = await run(source([filler(MAX_MCP_MESSAGE_BYTES + 1)]), 'application/json', batch);
    expect(delivered.map((message) => (message as { id: unknown }).id)).toEqual(['a', 3]);
  });

  it('holds each event of a stream to the limit, not the stream as a whole', async () => {
    const event = text(`data: ${'y'.repeat(4 * MB)}\n\n`);
    const { bytes, delivered } = await run(source(Array(10).fill(event)), 'text/event-stream');
    expect(bytes.length).toBe(10 * event.length);
    expect(delivered).toEqual([]);
  });

  for (const [name, end] of [
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ] as const) {
    it(`ends an event stream inside the first event over the limit (lines end with ${name}), keeping the events before it`, async () => {
      const before = text(`event: message${end}data: {"small":true}${end}${end}`);
      // One event of many short data lines with no blank line between them.
      const line = text(`data: ${'z'.repeat(MB - 7 - end.length)}${end}`);
      const body = source([before, ...Array(40).fill(line)]);
      const { bytes, delivered } = await run(body, 'text/event-stream');
      expect(body.cancelled()).toBe(true);
      expect(delivered).toHaveLength(1);
      expect(bytes.length).toBeGreaterThan(before.length + MAX_MCP_MESSAGE_BYTES - MB);
      expect(bytes.length).toBeLessThanOrEqual(before.length + MAX_MCP_MESSAGE_BYTES + 32 * end.length);
      expect(new TextDecoder().decode(bytes.subarray(0, before.length))).toBe(new TextDecoder().decode(before));
    });
  }

  it('ends an endless stream that never finishes an event', async () => {
    const body = source([filler(MB, 'q')], true);
    const { bytes, delivered } = await run(body, 'text/event-stream');
    expect(body.cancelled()).toBe(true);
    expect(bytes.length).toBe(MAX_MCP_MESSAGE_BYTES);
    expect(delivered).toHaveLength(1);
  });

  it('leaves a redirect untouched and keeps the status and headers of what it limits', async () => {
    const redirect = await run(source([text('moved')]), 'text/plain', undefined, 307);
    expect(redirect.response.status).toBe(307);
    const failed = await run(source([text('{"error":"bad"}')]), 'application/json', undefined, 503);
    expect(failed.response.status).toBe(503);
    expect(failed.response.headers.get('content-type')).toBe('application/json');
    expect(new TextDecoder().decode(failed.bytes)).toBe('{"error":"bad"}');
  });

  it('delivers nothing for a request body that is not JSON-RPC', async () => {
    const { delivered } = await run(source([filler(MAX_MCP_MESSAGE_BYTES + 1)]), 'application/json', 'not json');
    expect(delivered).toEqual([]);
  });
});

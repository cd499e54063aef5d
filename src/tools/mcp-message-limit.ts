/**
 * The most one MCP message may take, and the fetch that holds an HTTP server to it. The SDK collects a
 * message whole before reading it (a stdio line, a JSON body, an SSE event): without a limit, a server that
 * answers without end would fill the run's memory.
 */
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export const MAX_MCP_MESSAGE_BYTES = 32 * 1024 * 1024;

/** What the limit says, after "it sent …". */
export const OVERSIZE_TEXT = `a message of more than ${MAX_MCP_MESSAGE_BYTES / (1024 * 1024)} MB (the most one MCP message may be)`;

/** The JSON-RPC error code of the answer a request gets when its server's answer went over the limit. */
export const OVERSIZE_ERROR_CODE = -32603;
const OVERSIZE_DATA = { holodeck: 'message_too_large' } as const;

/** Whether an error is the answer `limitMcpFetch` gave a request whose server answered with too much. */
export function isOversizeAnswer(error: unknown): boolean {
  const data = (error as { data?: unknown } | null)?.data;
  return (
    (error as { code?: unknown } | null)?.code === OVERSIZE_ERROR_CODE &&
    typeof data === 'object' &&
    data !== null &&
    (data as { holodeck?: unknown }).holodeck === OVERSIZE_DATA.holodeck
  );
}

/**
 * A fetch for the SDK's streamable HTTP transport that stops reading a response once one message in it
 * goes over MAX_MCP_MESSAGE_BYTES: a JSON body as a whole, each event of an event stream. The requests the
 * response answers are then answered with an error through `deliver` (the transport's `onmessage`), so the
 * call that asked fails with the cause at once and the server's other calls go on.
 */
export function limitMcpFetch(deliver: (message: JSONRPCMessage) => void, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (response.body === null || (response.status >= 300 && response.status < 400)) return response;
    const events = (response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream');
    const over = () => {
      for (const id of requestIds(init?.body)) deliver(oversizeAnswer(id));
    };
    const limited = response.body.pipeThrough(events ? eventLimit(over) : bodyLimit(over));
    return new Response(limited, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

function oversizeAnswer(id: string | number): JSONRPCMessage {
  return {
    jsonrpc: '2.0',
    id,
    error: { code: OVERSIZE_ERROR_CODE, message: `the server sent ${OVERSIZE_TEXT}`, data: { ...OVERSIZE_DATA } },
  };
}

/** The ids of the JSON-RPC requests a POST body carries (one message or a batch). */
function requestIds(body: unknown): (string | number)[] {
  if (typeof body !== 'string') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const ids: (string | number)[] = [];
  for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
    const { id, method } = (message ?? {}) as { id?: unknown; method?: unknown };
    if (typeof method === 'string' && (typeof id === 'string' || typeof id === 'number')) ids.push(id);
  }
  return ids;
}

/** Passes a body through until it grows over the limit; then ends it there. */
function bodyLimit(over: () => void): TransformStream<Uint8Array, Uint8Array> {
  let size = 0;
  return new TransformStream({
    transform(chunk, controller) {
      size += chunk.length;
      if (size <= MAX_MCP_MESSAGE_BYTES) {
        controller.enqueue(chunk);
        return;
      }
      over();
      controller.terminate();
    },
  });
}

const LF = 10;
const CR = 13;

/**
 * Passes an event stream through until one event (the bytes between two blank lines) grows over the
 * limit; then ends it before that event, which the SDK's parser drops as incomplete.
 */
function eventLimit(over: () => void): TransformStream<Uint8Array, Uint8Array> {
  let inEvent = 0;
  let lineStart = true;
  let afterCr = false;
  return new TransformStream({
    transform(chunk, controller) {
      for (let at = 0; at < chunk.length; at += 1) {
        const byte = chunk[at];
        if (byte === LF && afterCr) {
          afterCr = false;
          continue;
        }
        afterCr = byte === CR;
        if (byte === LF || byte === CR) {
          if (lineStart) inEvent = 0;
          lineStart = true;
          continue;
        }
        lineStart = false;
        inEvent += 1;
        if (inEvent > MAX_MCP_MESSAGE_BYTES) {
          controller.enqueue(chunk.subarray(0, at));
          over();
          controller.terminate();
          return;
        }
      }
      controller.enqueue(chunk);
    },
  });
}

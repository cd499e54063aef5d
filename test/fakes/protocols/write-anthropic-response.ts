/** Anthropic Messages responses: JSON, or the SSE event sequence of the streaming API. */
import type { ResolvedAnswer, WireResponse } from './wire-response.js';
import { pieces, sse } from './wire-response.js';

export function writeAnthropicResponse(answer: ResolvedAnswer): WireResponse {
  return answer.stream ? streamResponse(answer) : jsonResponse(answer);
}

export function anthropicErrorBody(status: number, message: string): string {
  const type =
    status === 401
      ? 'authentication_error'
      : status === 403
        ? 'permission_error'
        : status === 429
          ? 'rate_limit_error'
          : status === 529
            ? 'overloaded_error'
            : status >= 500
              ? 'api_error'
              : 'invalid_request_error';
  return JSON.stringify({ type: 'error', error: { type, message } });
}

/** Anthropic reports input tokens without the cached ones; the fake's usage counts them in. */
function inputUsage(answer: ResolvedAnswer): Record<string, number> {
  const { prompt_tokens, cache_read_tokens, cache_creation_tokens } = answer.usage;
  return {
    input_tokens: Math.max(0, prompt_tokens - cache_read_tokens - cache_creation_tokens),
    cache_creation_input_tokens: cache_creation_tokens,
    cache_read_input_tokens: cache_read_tokens,
  };
}

function stopReason(answer: ResolvedAnswer): string {
  return answer.finish_reason ?? (answer.tool_calls.length > 0 ? 'tool_use' : 'end_turn');
}

function jsonResponse(answer: ResolvedAnswer): WireResponse {
  const content = [
    ...(answer.text === '' ? [] : [{ type: 'text', text: answer.text }]),
    ...answer.tool_calls.map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: call.args })),
  ];
  const body = {
    id: answer.id,
    type: 'message',
    role: 'assistant',
    model: answer.model,
    content,
    stop_reason: stopReason(answer),
    stop_sequence: null,
    usage: { ...inputUsage(answer), output_tokens: answer.usage.completion_tokens },
  };
  return { content_type: 'application/json', chunks: [JSON.stringify(body)] };
}

function streamResponse(answer: ResolvedAnswer): WireResponse {
  const chunks = [
    sse(
      {
        type: 'message_start',
        message: {
          id: answer.id,
          type: 'message',
          role: 'assistant',
          model: answer.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { ...inputUsage(answer), output_tokens: 1 },
        },
      },
      'message_start',
    ),
    sse({ type: 'ping' }, 'ping'),
  ];
  let index = 0;
  if (answer.text !== '') {
    chunks.push(block(index, { type: 'text', text: '' }));
    for (const text of pieces(answer.text)) chunks.push(delta(index, { type: 'text_delta', text }));
    chunks.push(sse({ type: 'content_block_stop', index }, 'content_block_stop'));
    index += 1;
  }
  for (const call of answer.tool_calls) {
    chunks.push(block(index, { type: 'tool_use', id: call.id, name: call.name, input: {} }));
    for (const partial of pieces(JSON.stringify(call.args))) {
      chunks.push(delta(index, { type: 'input_json_delta', partial_json: partial }));
    }
    chunks.push(sse({ type: 'content_block_stop', index }, 'content_block_stop'));
    index += 1;
  }
  chunks.push(
    sse(
      {
        type: 'message_delta',
        delta: { stop_reason: stopReason(answer), stop_sequence: null },
        usage: { output_tokens: answer.usage.completion_tokens },
      },
      'message_delta',
    ),
    sse({ type: 'message_stop' }, 'message_stop'),
  );
  return { content_type: 'text/event-stream', chunks };
}

function block(index: number, content_block: Record<string, unknown>): string {
  return sse({ type: 'content_block_start', index, content_block }, 'content_block_start');
}

function delta(index: number, value: Record<string, unknown>): string {
  return sse({ type: 'content_block_delta', index, delta: value }, 'content_block_delta');
}

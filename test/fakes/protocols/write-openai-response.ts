/** OpenAI Chat Completions responses: JSON, or SSE chunks with streamed tool-call argument deltas. */
import type { ResolvedAnswer, WireResponse } from './wire-response.js';
import { pieces, sse } from './wire-response.js';

export function writeOpenAiResponse(answer: ResolvedAnswer): WireResponse {
  return answer.stream ? streamResponse(answer) : jsonResponse(answer);
}

export function openAiErrorBody(status: number, message: string): string {
  const type = status === 401 ? 'invalid_request_error' : status === 429 ? 'rate_limit_error' : 'server_error';
  return JSON.stringify({ error: { message, type, param: null, code: status === 401 ? 'invalid_api_key' : null } });
}

function usageOf(answer: ResolvedAnswer): Record<string, unknown> {
  const { prompt_tokens, completion_tokens, cache_read_tokens } = answer.usage;
  return {
    prompt_tokens,
    completion_tokens,
    total_tokens: prompt_tokens + completion_tokens,
    prompt_tokens_details: { cached_tokens: cache_read_tokens },
    completion_tokens_details: { reasoning_tokens: 0 },
  };
}

function finishReason(answer: ResolvedAnswer): string {
  return answer.finish_reason ?? (answer.tool_calls.length > 0 ? 'tool_calls' : 'stop');
}

function jsonResponse(answer: ResolvedAnswer): WireResponse {
  const toolCalls = answer.tool_calls.map((call) => ({
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: call.raw_args ?? JSON.stringify(call.args) },
  }));
  const body = {
    id: answer.id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: answer.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: answer.text === '' && toolCalls.length > 0 ? null : answer.text,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: finishReason(answer),
      },
    ],
    ...(answer.omit_usage === true ? {} : { usage: usageOf(answer) }),
  };
  return { content_type: 'application/json', chunks: [JSON.stringify(body)] };
}

function streamResponse(answer: ResolvedAnswer): WireResponse {
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null = null): string =>
    sse({
      id: answer.id,
      object: 'chat.completion.chunk',
      created,
      model: answer.model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
  const chunks = [chunk({ role: 'assistant', content: '' })];
  if (answer.text !== '') for (const piece of pieces(answer.text)) chunks.push(chunk({ content: piece }));
  answer.tool_calls.forEach((call, index) => {
    chunks.push(
      chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }),
    );
    for (const piece of pieces(JSON.stringify(call.args))) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  chunks.push(chunk({}, finishReason(answer)));
  if (answer.include_usage && answer.omit_usage !== true) {
    chunks.push(
      sse({
        id: answer.id,
        object: 'chat.completion.chunk',
        created,
        model: answer.model,
        choices: [],
        usage: usageOf(answer),
      }),
    );
  }
  chunks.push('data: [DONE]\n\n');
  return { content_type: 'text/event-stream', chunks };
}

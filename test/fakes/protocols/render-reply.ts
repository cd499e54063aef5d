/** Turns a script's answer into the bytes of the request's protocol. */
import type { FakeAnswer, FakeMessage, FakeProtocol, FakeRequest, FakeUsage } from '../fake-script.js';
import { asRecord } from './narrow.js';
import type { ResolvedAnswer, WireResponse } from './wire-response.js';
import { anthropicErrorBody, writeAnthropicResponse } from './write-anthropic-response.js';
import { ollamaErrorBody, writeOllamaResponse } from './write-ollama-response.js';
import { openAiErrorBody, writeOpenAiResponse } from './write-openai-response.js';

export function renderAnswer(request: FakeRequest, reply: FakeAnswer): WireResponse {
  const prefix = request.protocol === 'anthropic' ? 'toolu' : 'call';
  const resolved: ResolvedAnswer = {
    id: `${request.protocol === 'anthropic' ? 'msg' : 'chatcmpl'}_${request.index}`,
    model: request.model,
    text: reply.text ?? '',
    tool_calls: (reply.tool_calls ?? []).map((call, i) => ({
      id: call.id ?? `${prefix}_${request.index}_${i}`,
      name: call.name,
      args: call.args,
      ...(call.raw_args === undefined ? {} : { raw_args: call.raw_args }),
    })),
    ...(reply.finish_reason === undefined ? {} : { finish_reason: reply.finish_reason }),
    ...(reply.omit_usage === true ? { omit_usage: true } : {}),
    usage: resolveUsage(request, reply),
    stream: request.stream,
    include_usage: asRecord(request.body['stream_options'])['include_usage'] === true,
  };
  switch (request.protocol) {
    case 'anthropic':
      return writeAnthropicResponse(resolved);
    case 'ollama':
      return writeOllamaResponse(resolved);
    case 'openai':
    case 'azure':
      return writeOpenAiResponse(resolved);
  }
}

export function errorBody(protocol: FakeProtocol, status: number, message: string): string {
  switch (protocol) {
    case 'anthropic':
      return anthropicErrorBody(status, message);
    case 'ollama':
      return ollamaErrorBody(message);
    case 'openai':
    case 'azure':
      return openAiErrorBody(status, message);
  }
}

/** The API key the client sent, read the way each API expects it. */
export function apiKeyOf(protocol: FakeProtocol, headers: Readonly<Record<string, string>>): string | null {
  const bearer = /^Bearer\s+(.+)$/i.exec(headers['authorization'] ?? '')?.[1] ?? null;
  switch (protocol) {
    case 'anthropic':
      return headers['x-api-key'] ?? null;
    case 'azure':
      return headers['api-key'] ?? bearer;
    case 'openai':
    case 'ollama':
      return bearer;
  }
}

function resolveUsage(request: FakeRequest, reply: FakeAnswer): Required<FakeUsage> {
  const given = reply.usage;
  const completion = Math.max(
    1,
    Math.ceil(((reply.text ?? '').length + JSON.stringify(reply.tool_calls ?? []).length - 2) / 4),
  );
  return {
    prompt_tokens: given?.prompt_tokens ?? estimatePromptTokens(request),
    completion_tokens: given?.completion_tokens ?? completion,
    cache_read_tokens: given?.cache_read_tokens ?? 0,
    cache_creation_tokens: given?.cache_creation_tokens ?? 0,
  };
}

function estimatePromptTokens(request: FakeRequest): number {
  const chars = request.messages.reduce((sum, message) => sum + messageChars(message), request.system.length);
  return Math.max(1, Math.ceil(chars / 4));
}

function messageChars(message: FakeMessage): number {
  switch (message.role) {
    case 'user':
      return message.text.length;
    case 'assistant':
      return message.text.length + JSON.stringify(message.tool_calls.map((c) => c.args)).length;
    case 'tool':
      return message.content.length;
  }
}

/** Ollama /api/chat responses: one JSON object, or NDJSON lines ending with a `done: true` line. */
import type { ResolvedAnswer, WireResponse } from './wire-response.js';
import { pieces } from './wire-response.js';

export function writeOllamaResponse(answer: ResolvedAnswer): WireResponse {
  const createdAt = new Date().toISOString();
  const toolCalls = answer.tool_calls.map((call) => ({ function: { name: call.name, arguments: call.args } }));
  const final = {
    model: answer.model,
    created_at: createdAt,
    done: true,
    done_reason: 'stop',
    total_duration: 1000,
    load_duration: 10,
    prompt_eval_count: answer.usage.prompt_tokens,
    prompt_eval_duration: 100,
    eval_count: answer.usage.completion_tokens,
    eval_duration: 500,
  };
  if (!answer.stream) {
    const message = {
      role: 'assistant',
      content: answer.text,
      ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
    };
    return { content_type: 'application/json', chunks: [JSON.stringify({ ...final, message })] };
  }
  const line = (value: unknown): string => `${JSON.stringify(value)}\n`;
  const chunks: string[] = [];
  if (answer.text !== '') {
    for (const content of pieces(answer.text)) {
      chunks.push(
        line({ model: answer.model, created_at: createdAt, message: { role: 'assistant', content }, done: false }),
      );
    }
  }
  if (toolCalls.length > 0) {
    chunks.push(
      line({
        model: answer.model,
        created_at: createdAt,
        message: { role: 'assistant', content: '', tool_calls: toolCalls },
        done: false,
      }),
    );
  }
  chunks.push(line({ ...final, message: { role: 'assistant', content: '' } }));
  return { content_type: 'application/x-ndjson', chunks };
}

export function ollamaErrorBody(message: string): string {
  return JSON.stringify({ error: message });
}

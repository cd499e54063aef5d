/** OpenAI Chat Completions (and Ollama /api/chat, which shares its message shape) → neutral messages. */
import type { FakeMessage, FakeToolCall, FakeToolSpec } from '../fake-script.js';
import { asArray, asRecord, asString, isRecord, parseArgs } from './narrow.js';

export interface ParsedConversation {
  readonly system: string;
  readonly messages: readonly FakeMessage[];
  readonly tools: readonly FakeToolSpec[];
}

export function parseOpenAiConversation(body: Readonly<Record<string, unknown>>): ParsedConversation {
  const system: string[] = [];
  const messages: FakeMessage[] = [];
  const names = new Map<string, string>();
  for (const raw of asArray(body['messages'])) {
    const message = asRecord(raw);
    const role = asString(message['role']);
    if (role === 'system' || role === 'developer') {
      system.push(contentText(message['content']));
    } else if (role === 'user') {
      messages.push({ role: 'user', text: contentText(message['content']), images: imagesOf(message) });
    } else if (role === 'assistant') {
      const calls = toolCallsOf(message['tool_calls']);
      for (const call of calls) names.set(call.id, call.name);
      messages.push({ role: 'assistant', text: contentText(message['content']), tool_calls: calls });
    } else if (role === 'tool') {
      const id = asString(message['tool_call_id']);
      const name = names.get(id) ?? (asString(message['tool_name']) || null);
      messages.push({ role: 'tool', call_id: id, name, content: contentText(message['content']), is_error: false });
    }
  }
  return { system: system.join('\n'), messages, tools: toolSpecsOf(body['tools']) };
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  return asArray(content)
    .map((part) => asRecord(part))
    .filter((part) => part['type'] === 'text')
    .map((part) => asString(part['text']))
    .join('');
}

function imagesOf(message: Readonly<Record<string, unknown>>): readonly string[] {
  const fromParts = asArray(message['content'])
    .map((part) => asRecord(part))
    .filter((part) => part['type'] === 'image_url')
    .map((part) => mediaTypeOfDataUrl(asString(asRecord(part['image_url'])['url'])));
  const ollamaImages = asArray(message['images']).map(() => 'image/*');
  return [...fromParts, ...ollamaImages];
}

function mediaTypeOfDataUrl(url: string): string {
  const match = /^data:([^;,]+)/.exec(url);
  return match?.[1] ?? 'image/*';
}

function toolCallsOf(value: unknown): readonly FakeToolCall[] {
  return asArray(value).map((raw, index) => {
    const call = asRecord(raw);
    const fn = asRecord(call['function']);
    const id = asString(call['id']) || `call_${index}`;
    return { id, name: asString(fn['name']), args: parseArgs(fn['arguments']) };
  });
}

function toolSpecsOf(value: unknown): readonly FakeToolSpec[] {
  return asArray(value)
    .filter(isRecord)
    .map((tool) => {
      const fn = asRecord(tool['function']);
      return { name: asString(fn['name']), description: asString(fn['description']), parameters: fn['parameters'] };
    });
}

/** Anthropic Messages request → neutral messages (tool_result blocks become tool messages). */
import type { FakeMessage, FakeToolCall } from '../fake-script.js';
import { asArray, asRecord, asString, isRecord, parseArgs } from './narrow.js';
import type { ParsedConversation } from './parse-openai-request.js';

export function parseAnthropicConversation(body: Readonly<Record<string, unknown>>): ParsedConversation {
  const messages: FakeMessage[] = [];
  const names = new Map<string, string>();
  for (const raw of asArray(body['messages'])) {
    const message = asRecord(raw);
    const blocks = blocksOf(message['content']);
    if (message['role'] === 'assistant') {
      const calls = blocks.filter((b) => b['type'] === 'tool_use').map(toolCallOf);
      for (const call of calls) names.set(call.id, call.name);
      messages.push({ role: 'assistant', text: textOf(blocks), tool_calls: calls });
      continue;
    }
    for (const block of blocks.filter((b) => b['type'] === 'tool_result')) {
      const id = asString(block['tool_use_id']);
      messages.push({
        role: 'tool',
        call_id: id,
        name: names.get(id) ?? null,
        content: typeof block['content'] === 'string' ? block['content'] : textOf(blocksOf(block['content'])),
        is_error: block['is_error'] === true,
      });
    }
    const images = blocks
      .filter((b) => b['type'] === 'image')
      .map((b) => asString(asRecord(b['source'])['media_type']));
    if (blocks.some((b) => b['type'] === 'text' || b['type'] === 'image')) {
      messages.push({ role: 'user', text: textOf(blocks), images });
    }
  }
  const tools = asArray(body['tools'])
    .filter(isRecord)
    .map((tool) => ({
      name: asString(tool['name']),
      description: asString(tool['description']),
      parameters: tool['input_schema'],
    }));
  return { system: textOf(blocksOf(body['system'])), messages, tools };
}

function blocksOf(content: unknown): readonly Readonly<Record<string, unknown>>[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return asArray(content).filter(isRecord);
}

function textOf(blocks: readonly Readonly<Record<string, unknown>>[]): string {
  return blocks
    .filter((b) => b['type'] === 'text')
    .map((b) => asString(b['text']))
    .join('');
}

function toolCallOf(block: Readonly<Record<string, unknown>>): FakeToolCall {
  return { id: asString(block['id']), name: asString(block['name']), args: parseArgs(block['input']) };
}

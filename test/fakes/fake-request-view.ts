/** Read helpers for scripts: where the conversation stands, judged from one request alone. */
import type { FakeMessage, FakeRequest } from './fake-script.js';

export type FakeToolResult = Extract<FakeMessage, { role: 'tool' }>;

/** The number of user messages so far: 1 on the first turn of a conversation. */
export function userTurn(request: FakeRequest): number {
  return request.messages.filter((m) => m.role === 'user').length;
}

export function lastUserText(request: FakeRequest): string {
  for (let i = request.messages.length - 1; i >= 0; i -= 1) {
    const message = request.messages[i];
    if (message?.role === 'user') return message.text;
  }
  return '';
}

/** Tool results the model received since the last user message, in order. */
export function toolResultsSinceLastUser(request: FakeRequest): readonly FakeToolResult[] {
  const results: FakeToolResult[] = [];
  for (let i = request.messages.length - 1; i >= 0; i -= 1) {
    const message = request.messages[i];
    if (message === undefined || message.role === 'user') break;
    if (message.role === 'tool') results.unshift(message);
  }
  return results;
}

/** The offered tool called `name`, also when a host prefixes it (`mcp__server__name`). */
export function offeredTool(request: FakeRequest, name: string): string | null {
  const tool = request.tools.find((t) => t.name === name || t.name.endsWith(`__${name}`));
  return tool?.name ?? null;
}

/** The number a tool result carries: a JSON number, a one-number object, or the first number in its text. */
export function numberIn(content: string): number | null {
  try {
    const parsed: unknown = JSON.parse(content);
    if (typeof parsed === 'number') return parsed;
    if (typeof parsed === 'object' && parsed !== null) {
      const numbers = Object.values(parsed).filter((v): v is number => typeof v === 'number');
      if (numbers.length === 1) return numbers[0] ?? null;
    }
  } catch {
    // not JSON: fall through to the text scan
  }
  const match = /-?\d[\d,]*(?:\.\d+)?(?:e-?\d+)?/i.exec(content);
  return match === null ? null : Number(match[0].replace(/,/g, ''));
}

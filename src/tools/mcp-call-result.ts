/** Reads an MCP `tools/call` result: an error result throws, content becomes the tool's value. */
import { ToolExecutionError } from './tool-execution-error.js';

interface CallResultLike {
  readonly content?: unknown;
  readonly structuredContent?: unknown;
  readonly isError?: unknown;
  readonly toolResult?: unknown;
}

export function mcpCallResultValue(result: CallResultLike): unknown {
  const content = Array.isArray(result.content) ? (result.content as readonly unknown[]) : [];
  if (result.isError === true) {
    throw new ToolExecutionError(textOf(content) || 'the MCP tool reported an error without a message');
  }
  if (result.structuredContent !== undefined && result.structuredContent !== null) return result.structuredContent;
  if (result.toolResult !== undefined) return result.toolResult;
  const texts = content.filter(isTextPart);
  if (texts.length === content.length && texts.length > 0) return parseText(texts.map((p) => p.text).join('\n'));
  return content;
}

function isTextPart(part: unknown): part is { readonly type: 'text'; readonly text: string } {
  if (typeof part !== 'object' || part === null) return false;
  const { type, text } = part as Record<string, unknown>;
  return type === 'text' && typeof text === 'string';
}

function textOf(content: readonly unknown[]): string {
  return content
    .filter(isTextPart)
    .map((p) => p.text)
    .join('\n');
}

/** A text that is JSON (a number, an object…) becomes that value; any other text stays text. */
function parseText(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return text;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return text;
  }
}

/**
 * Reads an MCP `tools/call` result. An error result throws. Otherwise the model is shown the content — text
 * as text, images as images (or a placeholder where the model cannot take them), resources as their text —
 * and the report records the structured content when there is some, else the text (parsed when it is JSON),
 * else a summary of the parts without their binary data.
 */

import { isRecord } from '../core/is-record.js';
import type { ToolContentPart, ToolOutput } from '../core/loaded-tool.js';
import { toJsonValue } from './to-json-value.js';
import { ToolExecutionError } from './tool-execution-error.js';

interface CallResultLike {
  readonly content?: unknown;
  readonly structuredContent?: unknown;
  readonly isError?: unknown;
  readonly toolResult?: unknown;
}

type Part = Readonly<Record<string, unknown>>;

/** What one content part is for the model, and what the report keeps of it. */
interface ReadPart {
  readonly model: ToolContentPart;
  readonly report: unknown;
}

export function mcpCallResultValue(result: CallResultLike): ToolOutput {
  const parts = Array.isArray(result.content) ? result.content.filter(isPart) : [];
  const read = parts.map(readPart);
  if (result.isError === true) {
    const text = read.map((p) => (p.model.type === 'text' ? p.model.text : p.model.placeholder)).join('\n');
    throw new ToolExecutionError(text.trim() || 'the MCP tool reported an error without a message');
  }
  const structured = result.structuredContent ?? null;
  if (read.length === 0) {
    // A result without content (legacy `toolResult`, or structured content only): the model sees the JSON.
    return { value: toJsonValue(structured ?? result.toolResult ?? null), content: null };
  }
  const content = mergeTexts(read.map((p) => p.model));
  if (structured !== null) return { value: toJsonValue(structured), content };
  const onlyText = content.length === 1 && content[0]?.type === 'text' ? content[0].text : null;
  if (onlyText !== null) return { value: parseText(onlyText), content };
  return { value: toJsonValue(read.map((p) => p.report)), content };
}

function readPart(part: Part): ReadPart {
  switch (part['type']) {
    case 'text':
      return textPart(String(part['text'] ?? ''));
    case 'image':
      return imagePart(String(part['data'] ?? ''), String(part['mimeType'] ?? 'image/*'));
    case 'audio':
      return binaryPart('audio', String(part['mimeType'] ?? 'audio/*'), String(part['data'] ?? ''));
    case 'resource':
      return resourcePart(isPart(part['resource']) ? part['resource'] : {});
    case 'resource_link': {
      const text = `[resource ${String(part['uri'] ?? '')}${part['name'] ? ` "${String(part['name'])}"` : ''}]`;
      return textPart(text);
    }
    default:
      return textPart(`[${String(part['type'] ?? 'unknown')} content]`);
  }
}

function textPart(text: string): ReadPart {
  return { model: { type: 'text', text }, report: { type: 'text', text } };
}

function imagePart(data: string, mediaType: string): ReadPart {
  const placeholder = `[image ${mediaType}, ${formatSize(base64Bytes(data))}]`;
  return {
    model: { type: 'image', data, media_type: mediaType, placeholder },
    report: { type: 'image', media_type: mediaType, bytes: base64Bytes(data) },
  };
}

function binaryPart(kind: string, mediaType: string, data: string): ReadPart {
  const text = `[${kind} ${mediaType}, ${formatSize(base64Bytes(data))}]`;
  return { model: { type: 'text', text }, report: { type: kind, media_type: mediaType, bytes: base64Bytes(data) } };
}

/** An embedded resource: its text as text; a binary one as a placeholder naming it. */
function resourcePart(resource: Part): ReadPart {
  const uri = String(resource['uri'] ?? '');
  const mediaType = typeof resource['mimeType'] === 'string' ? resource['mimeType'] : null;
  if (typeof resource['text'] === 'string') {
    const text = resource['text'];
    return { model: { type: 'text', text }, report: { type: 'resource', uri, text } };
  }
  const bytes = base64Bytes(String(resource['blob'] ?? ''));
  const text = `[resource ${uri}${mediaType === null ? '' : ` ${mediaType}`}, ${formatSize(bytes)}]`;
  return { model: { type: 'text', text }, report: { type: 'resource', uri, media_type: mediaType, bytes } };
}

/** Adjacent text parts as one text (lines joined), so a text-only result is one text for the model. */
function mergeTexts(parts: readonly ToolContentPart[]): ToolContentPart[] {
  const merged: ToolContentPart[] = [];
  for (const part of parts) {
    const last = merged.at(-1);
    if (part.type === 'text' && last?.type === 'text')
      merged[merged.length - 1] = { type: 'text', text: `${last.text}\n${part.text}` };
    else merged.push(part);
  }
  return merged;
}

function isPart(value: unknown): value is Part {
  return isRecord(value);
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

function base64Bytes(data: string): number {
  const clean = data.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

/** `512 B`, `12 KB`, `3.4 MB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

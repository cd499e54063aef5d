/**
 * Finds the offset of a path in JSON text without building a document, so that large test-case files are
 * parsed with JSON.parse and only scanned when an issue has to be located.
 */
import { jsonStringEnd } from '../core/json-string-end.js';
import type { ConfigPath } from './pending-issue.js';

export interface JsonHit {
  /** Offset of the value (or of the deepest existing ancestor when the path is incomplete). */
  readonly value: number;
  /** Offset of the key of the last segment, when it is an object member. */
  readonly key: number | null;
  readonly complete: boolean;
}

const QUOTE = 34;

function skipWhitespace(text: string, pos: number): number {
  let i = pos;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
    i++;
  }
  return i;
}

/** Offset just after the value starting at `pos`. */
function skipValue(text: string, pos: number): number {
  const first = text[pos];
  if (first === '"') return jsonStringEnd(text, pos);
  if (first !== '{' && first !== '[') {
    let i = pos;
    while (i < text.length && !',}] \n\r\t'.includes(text[i]!)) i++;
    return i;
  }
  let depth = 0;
  let i = pos;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = jsonStringEnd(text, i);
      continue;
    }
    if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      depth--;
      if (depth === 0) return i + 1;
    }
    i++;
  }
  return i;
}

function readKey(text: string, pos: number): { key: string; end: number } {
  const end = jsonStringEnd(text, pos);
  const raw = text.slice(pos, end);
  return { key: raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1), end };
}

/** Offsets of the member (or element) `segment` of the container at `pos`, or null. */
function child(text: string, pos: number, segment: string | number): { key: number | null; value: number } | null {
  const open = text[pos];
  if (open !== '{' && open !== '[') return null;
  let i = skipWhitespace(text, pos + 1);
  for (let index = 0; i < text.length && text[i] !== '}' && text[i] !== ']'; index++) {
    let keyOffset: number | null = null;
    let matches = open === '[' && segment === index;
    if (open === '{') {
      keyOffset = i;
      const { key, end } = readKey(text, i);
      matches = key === String(segment);
      i = skipWhitespace(text, skipWhitespace(text, end) + 1);
    }
    if (matches) return { key: keyOffset, value: i };
    i = skipWhitespace(text, skipValue(text, i));
    if (text[i] === ',') i = skipWhitespace(text, i + 1);
  }
  return null;
}

export function findJsonPath(text: string, path: ConfigPath): JsonHit {
  let value = skipWhitespace(text, 0);
  let key: number | null = null;
  for (const segment of path) {
    const next = child(text, value, segment);
    if (!next) return { value, key, complete: false };
    key = next.key;
    value = next.value;
  }
  return { value, key, complete: true };
}

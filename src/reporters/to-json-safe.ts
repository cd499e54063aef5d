/** Converts arbitrary runtime values (tool results, args, metadata) into plain JSON values. */

import { defineKey } from '../core/define-key.js';
import type { JsonValue } from '../core/json.js';

/**
 * Plain JSON for any value: `undefined` and functions become `undefined` (dropped from objects, `null` in
 * arrays), non-finite numbers `null`, bigints strings, dates ISO strings, regular expressions their source,
 * maps objects, sets arrays, errors `{ name, message }`, binary data a size note, cycles `"[Circular]"`.
 */
export function toJsonSafe(value: unknown): JsonValue | undefined {
  return convert(value, new WeakSet<object>());
}

function convert(value: unknown, seen: WeakSet<object>): JsonValue | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return value.toString();
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return null;
  return convertObject(value as object, seen);
}

function convertObject(value: object, seen: WeakSet<object>): JsonValue {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof RegExp) return String(value);
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => convert(item, seen) ?? null);
    if (value instanceof Set) return [...value].map((item) => convert(item, seen) ?? null);
    if (value instanceof Error) return { name: value.name, message: value.message };
    const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
    const out: Record<string, JsonValue> = {};
    for (const [key, item] of entries) {
      const converted = convert(item, seen);
      // A `__proto__` key (a model may send one) stays a key of the report.
      if (converted !== undefined) defineKey(out, String(key), converted);
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

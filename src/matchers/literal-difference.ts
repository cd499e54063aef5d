/**
 * Where a literal expected value and an actual argument first differ, as `literalEquals` compares them: the
 * path inside the argument (`a.key39`, `a[3]`, `a["odd key"]`) and the two values found there, so a reason
 * about two large values can name the one place that differs instead of printing both in full.
 * Objects are walked in the expected value's key order, then the actual value's extra keys; arrays item by item.
 */
import { isRecord } from '../core/is-record.js';
import type { JsonObject, JsonValue } from '../core/json.js';
import { literalEquals } from './literal-equals.js';

export interface LiteralDifference {
  readonly path: string;
  /** The expected value there; absent when the expected value has no such key or item. */
  readonly expected: { readonly value: JsonValue } | null;
  /** The actual value there; absent when the call has no such key or item. */
  readonly actual: { readonly value: unknown } | null;
}

/** The first difference of two values known to differ; `path` names the whole value (the argument's name). */
export function literalDifference(expected: JsonValue, actual: unknown, path: string): LiteralDifference {
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const items: readonly JsonValue[] = expected;
    const length = Math.max(items.length, actual.length);
    for (let index = 0; index < length; index++) {
      const inner = differenceAt(items, index, actual, index, `${path}[${index}]`);
      if (inner !== null) return inner;
    }
  } else if (isJsonObject(expected) && isRecord(actual)) {
    for (const key of Object.keys(expected)) {
      const inner = differenceAt(expected, key, actual, key, keyPath(path, key));
      if (inner !== null) return inner;
    }
    for (const key of Object.keys(actual)) {
      if (actual[key] !== undefined && !Object.hasOwn(expected, key)) {
        return { path: keyPath(path, key), expected: null, actual: { value: actual[key] } };
      }
    }
  }
  return { path, expected: { value: expected }, actual: { value: actual } };
}

/** The difference under one key or index, or null when both sides hold equal values there. */
function differenceAt(
  expected: JsonObject | readonly JsonValue[],
  expectedKey: string | number,
  actual: Readonly<Record<string, unknown>> | readonly unknown[],
  actualKey: string | number,
  path: string,
): LiteralDifference | null {
  const has = Object.hasOwn(expected, expectedKey);
  const value = (expected as Readonly<Record<string | number, JsonValue>>)[expectedKey];
  const got = (actual as Readonly<Record<string | number, unknown>>)[actualKey];
  // A key holding `undefined` is absent in JSON terms.
  const present = Object.hasOwn(actual, actualKey) && got !== undefined;
  if (!has || value === undefined) return present ? { path, expected: null, actual: { value: got } } : null;
  if (!present) return { path, expected: { value }, actual: null };
  return literalEquals(value, got) ? null : literalDifference(value, got, path);
}

/** `a.key`, or `a["odd key"]` for a key that is no identifier. */
function keyPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function isJsonObject(value: JsonValue): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Deep equality of a literal expected value (from YAML) with an actual argument (PRODUCT.md §4):
 * numbers by value, booleans only with booleans, `null` only with `null`, strings exactly, arrays element by
 * element, objects key by key regardless of key order. No type coercion: `"206588"` is not `206588`.
 */

import { isRecord } from '../core/is-record.js';
import type { JsonValue } from '../core/json.js';

export function literalEquals(expected: JsonValue, actual: unknown): boolean {
  if (expected === null) return actual === null;
  if (typeof expected === 'number') return typeof actual === 'number' && expected === actual;
  if (typeof expected === 'string' || typeof expected === 'boolean') return expected === actual;
  if (Array.isArray(expected)) return arrayEquals(expected, actual);
  return objectEquals(expected as { readonly [key: string]: JsonValue }, actual);
}

function arrayEquals(expected: readonly JsonValue[], actual: unknown): boolean {
  if (!Array.isArray(actual) || actual.length !== expected.length) return false;
  return expected.every((item, index) => literalEquals(item, actual[index]));
}

function objectEquals(expected: { readonly [key: string]: JsonValue }, actual: unknown): boolean {
  if (!isRecord(actual)) return false;
  const expectedKeys = Object.keys(expected);
  // Keys holding `undefined` are absent in JSON terms.
  const actualKeys = Object.keys(actual).filter((key) => actual[key] !== undefined);
  if (expectedKeys.length !== actualKeys.length) return false;
  return expectedKeys.every(
    (key) => Object.hasOwn(actual, key) && literalEquals(expected[key] as JsonValue, actual[key]),
  );
}

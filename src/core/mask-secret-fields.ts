/**
 * A configuration snapshot with its credential positions emptied: the values of fields named like credentials
 * (`api_key`, `password`, `token`, `Authorization`…) and every header and environment value read `[redacted]`,
 * whatever they are — a key too short or too plain to be masked by value (`api_key: ollama`) included. Run
 * records store their snapshot so; the dashboard sends a record's snapshot so too, for a record written
 * elsewhere, or edited by hand, may still hold a literal key there.
 */
import type { JsonValue } from '../core/json.js';

export const REDACTED = '[redacted]';

/** Field names whose values are never shown. */
const SECRET_KEY =
  /api[_-]?key|secret|password|passwd|passphrase|authorization|credential|bearer|cookie|private[_-]?key|(?:^|[_-])token$|access[_-]?token|auth[_-]?token/i;

/** Fields each of whose values is a credential position, whatever its name. */
const SECRET_MAPS = new Set(['headers', 'env']);

export function isSecretKey(name: string): boolean {
  return SECRET_KEY.test(name);
}

/** A copy of `value` with the values of secret-named fields, and of header and environment maps, redacted. */
export function maskSecretFields(value: JsonValue): JsonValue {
  return mask(value, false);
}

function mask(value: JsonValue, secret: boolean): JsonValue {
  if (secret && value !== null && value !== '' && (typeof value !== 'object' || Array.isArray(value))) {
    return REDACTED;
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => mask(item, false));
  const masked: Record<string, JsonValue> = {};
  for (const [name, item] of Object.entries(value as { readonly [name: string]: JsonValue })) {
    masked[name] = mask(item, secret || isSecretKey(name) || SECRET_MAPS.has(name));
  }
  return masked;
}

/**
 * Removes secrets from data that is about to be stored (run record metadata, config snapshots). Never
 * mutates its input; returns plain JSON.
 *
 * - values under keys that name a secret (`api_key`, `apiKey`, `token`, `password`, `secret`,
 *   `authorization`, `cookie`, `credentials`, `private_key`, ...) are replaced;
 * - every value of a `headers` or `env` object (MCP tool headers and environment) is replaced;
 * - in argument lists, the value of a secret-looking option (`--api-key X`, `--token=X`) is replaced;
 * - any known secret value is replaced wherever it appears, inside longer strings too.
 */
import type { JsonValue } from '../core/json.js';
import { toJsonSafe } from './to-json-safe.js';

export const REDACTED = '[REDACTED]';

const SECRET_WORDS = new Set([
  'apikey',
  'password',
  'passwd',
  'passphrase',
  'secret',
  'authorization',
  'cookie',
  'credential',
  'credentials',
]);
/** Secret only as the last word: `access_token`, `basic_auth`, but not `token_usage` or `auth_type`. */
const SECRET_LAST_WORDS = new Set(['token', 'auth']);
const KEY_QUALIFIERS = new Set(['api', 'access', 'secret', 'private', 'subscription', 'client', 'account', 'signing']);
const REDACT_ALL_VALUES = new Set(['headers', 'env']);

/** Keys seen so far: results repeat the same few keys thousands of times. */
const SECRET_KEY_CACHE = new Map<string, boolean>();
const SECRET_KEY_CACHE_LIMIT = 10_000;

/** Whether a key names a secret: `api_key`, `apiKey`, `OPENAI_API_KEY`, `access_token`, `password`... but not `max_tokens`. */
export function isSecretKey(key: string): boolean {
  const known = SECRET_KEY_CACHE.get(key);
  if (known !== undefined) return known;
  const secret = classifyKey(key);
  if (SECRET_KEY_CACHE.size < SECRET_KEY_CACHE_LIMIT) SECRET_KEY_CACHE.set(key, secret);
  return secret;
}

function classifyKey(key: string): boolean {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  const last = words[words.length - 1] ?? '';
  return (
    SECRET_LAST_WORDS.has(last) ||
    words.some((word, i) => SECRET_WORDS.has(word) || (word === 'key' && KEY_QUALIFIERS.has(words[i - 1] ?? '')))
  );
}

export function redactSecrets(value: unknown, secrets: readonly string[] = []): JsonValue {
  return redact(toJsonSafe(value) ?? null, secretPattern(secrets));
}

export interface Redactor {
  /** Any runtime value, made plain JSON and redacted (as redactSecrets). */
  value(value: unknown): JsonValue;
  /** A value that is plain JSON already (e.g. a rendered test result): redacted without another copy first. */
  json(value: JsonValue): JsonValue;
}

/** redactSecrets for many values with the same secrets: the pattern is built once. */
export function createRedactor(secrets: readonly string[] = []): Redactor {
  const pattern = secretPattern(secrets);
  return {
    value: (value) => redact(toJsonSafe(value) ?? null, pattern),
    json: (value) => redact(value, pattern),
  };
}

/** One pattern matching any known secret, longest first (so a secret containing another is replaced whole). */
function secretPattern(secrets: readonly string[]): RegExp | null {
  const known = [...new Set(secrets.filter((secret) => secret.length > 0))].sort((a, b) => b.length - a.length);
  if (known.length === 0) return null;
  return new RegExp(known.map((secret) => secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
}

type Secrets = RegExp | null;

function redact(value: JsonValue, secrets: Secrets): JsonValue {
  if (typeof value === 'string') return redactString(value, secrets);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return redactArray(value, secrets);
  const out: Record<string, JsonValue> = {};
  for (const [key, item] of Object.entries(value as { readonly [key: string]: JsonValue })) {
    if (isSecretKey(key)) out[key] = item === null ? null : REDACTED;
    else if (REDACT_ALL_VALUES.has(key.toLowerCase()) && isRecord(item)) out[key] = redactAllValues(item);
    else out[key] = redact(item, secrets);
  }
  return out;
}

function redactArray(items: readonly JsonValue[], secrets: Secrets): JsonValue[] {
  const out: JsonValue[] = [];
  items.forEach((item, i) => {
    const previous = items[i - 1];
    if (typeof previous === 'string' && typeof item === 'string' && isSecretOption(previous)) out.push(REDACTED);
    else if (typeof item === 'string' && item.includes('=') && isSecretOption(item.slice(0, item.indexOf('=')))) {
      out.push(`${item.slice(0, item.indexOf('='))}=${REDACTED}`);
    } else out.push(redact(item, secrets));
  });
  return out;
}

/** `--api-key`, `--token`, `-p`-style flags are not guessed: only long options whose name is a secret key. */
function isSecretOption(arg: string): boolean {
  return /^--?[A-Za-z]/.test(arg) && !arg.includes('=') && isSecretKey(arg.replace(/^--?/, ''));
}

function redactAllValues(record: { readonly [key: string]: JsonValue }): JsonValue {
  const out: Record<string, JsonValue> = {};
  for (const [key, item] of Object.entries(record)) out[key] = item === null ? null : REDACTED;
  return out;
}

function redactString(text: string, secrets: Secrets): string {
  return secrets === null ? text : text.replace(secrets, REDACTED);
}

function isRecord(value: JsonValue): value is { readonly [key: string]: JsonValue } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

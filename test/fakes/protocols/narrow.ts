/** Small narrowing helpers for request bodies parsed from JSON. */

export type Json = Readonly<Record<string, unknown>>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asRecord(value: unknown): Json {
  return isRecord(value) ? value : {};
}

export function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function parseArgs(value: unknown): Readonly<Record<string, unknown>> {
  if (isRecord(value)) return value;
  if (typeof value !== 'string' || value.trim() === '') return {};
  try {
    return asRecord(JSON.parse(value));
  } catch {
    return { _unparsed: value };
  }
}

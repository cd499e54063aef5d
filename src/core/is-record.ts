/** The one guard for a plain JSON-like object (not null, not an array), used by every layer. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

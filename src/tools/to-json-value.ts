/**
 * Makes a tool's return value safe for reports and for the model: `undefined` becomes null, and values
 * JSON cannot carry (functions, BigInt, cycles) are replaced by their text.
 */
export function toJsonValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : (JSON.parse(text) as unknown);
  } catch {
    return String(value);
  }
}

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

/** Freezes a freshly cloned value at every level, in place (cyclic and shared references are fine). */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (ArrayBuffer.isView(value)) return value; // typed arrays with elements cannot be frozen
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
  return value;
}

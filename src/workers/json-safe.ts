/** The most a tool's result may take as JSON text (characters): as much as a model response may (32 MB). */
export const MAX_TOOL_RESULT_CHARS = 32 * 1024 * 1024;

/** A result larger than the limit given to toJsonValue. */
export class ResultTooLargeError extends Error {
  constructor(chars: number, limit: number) {
    super(
      `the tool's result is ${megabytes(chars)} as JSON, more than the ${megabytes(limit)} a tool result may be: return less (a page, a summary, an id to fetch the rest with)`,
    );
    this.name = 'ResultTooLargeError';
  }
}

const megabytes = (chars: number) => `${(chars / (1024 * 1024)).toFixed(1)} MB`;

/**
 * Makes a tool's return value safe for reports and for the model: `undefined` becomes null, and values
 * JSON cannot carry (functions, BigInt, cycles) are replaced by their text. With `maxChars`, a value whose JSON
 * is longer throws ResultTooLargeError instead of being carried on (a model request, a report, a copy between
 * threads).
 */
export function toJsonValue(value: unknown, maxChars: number = Number.POSITIVE_INFINITY): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string') {
    if (value.length > maxChars) throw new ResultTooLargeError(value.length, maxChars);
    return value;
  }
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return String(value);
  }
  if (text === undefined) return String(value);
  if (text.length > maxChars) throw new ResultTooLargeError(text.length, maxChars);
  return JSON.parse(text) as unknown;
}

/** Freezes a freshly cloned value at every level, in place (cyclic and shared references are fine). */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (ArrayBuffer.isView(value)) return value; // typed arrays with elements cannot be frozen
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
  return value;
}

import { MAX_VALUE_DEPTH, nestedDeeperThan } from '../core/bound-depth.js';

/** The most a tool's result may take as JSON text (characters): as much as a model response may (32 MB). */
export const MAX_TOOL_RESULT_CHARS = 32 * 1024 * 1024;

/** The most a code grader's result may take (characters of its texts, keys and numbers): as much as a tool's. */
export const MAX_GRADER_RESULT_CHARS = MAX_TOOL_RESULT_CHARS;

/** A result larger than the limit given to toJsonValue or checkGraderResultSize. */
export class ResultTooLargeError extends Error {
  constructor(chars: number, limit: number, kind: 'tool' | 'grader' = 'tool') {
    super(
      kind === 'tool'
        ? `the tool's result is ${megabytes(chars)} as JSON, more than the ${megabytes(limit)} a tool result may be: return less (a page, a summary, an id to fetch the rest with)`
        : `returned more than the ${megabytes(limit)} a grader's result may be (its reason, details and every other text counted): return less (a short reason, details of a few fields)`,
    );
    this.name = 'ResultTooLargeError';
  }
}

/** A result nested deeper than MAX_VALUE_DEPTH. */
export class ResultTooDeepError extends Error {
  constructor(kind: 'tool' | 'grader' = 'tool') {
    super(
      kind === 'tool'
        ? `the tool's result is nested deeper than ${MAX_VALUE_DEPTH} levels (the most a value may be): return a flatter value`
        : `returned a result nested deeper than ${MAX_VALUE_DEPTH} levels (the most a value may be)`,
    );
    this.name = 'ResultTooDeepError';
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
  } catch (error) {
    // Nested so deep that writing it overflowed the stack (a cycle is a TypeError, carried as text).
    if (error instanceof RangeError && /call stack/i.test(error.message)) throw new ResultTooDeepError();
    return String(value);
  }
  if (text === undefined) return String(value);
  if (text.length > maxChars) throw new ResultTooLargeError(text.length, maxChars);
  const parsed = JSON.parse(text) as unknown;
  if (nestedDeeperThan(parsed)) throw new ResultTooDeepError();
  return parsed;
}

/**
 * Throws ResultTooLargeError when a grader's result holds more than `maxChars` characters (strings, keys, and
 * a few per other value), counted without copying it and stopping at the limit, and ResultTooDeepError when it
 * nests deeper than MAX_VALUE_DEPTH; the value itself is left as it is, for the grader result's own checks. A
 * value met twice (shared or cyclic) counts once.
 */
export function checkGraderResult(value: unknown, maxChars: number = MAX_GRADER_RESULT_CHARS): void {
  let size = 0;
  const grow = (chars: number) => {
    size += chars;
    if (size > maxChars) throw new ResultTooLargeError(size, maxChars, 'grader');
  };
  // Objects wait their turn here; strings and other values are counted as they are met.
  const pending: object[] = [];
  const count = (item: unknown) => {
    if (typeof item === 'object' && item !== null) pending.push(item);
    else grow(typeof item === 'string' ? item.length + 2 : 8);
  };
  const seen = new Set<object>();
  count(value);
  while (pending.length > 0) {
    const next = pending.pop() as object;
    if (seen.has(next)) continue;
    seen.add(next);
    if (ArrayBuffer.isView(next)) grow(next.byteLength);
    else if (Array.isArray(next)) for (const item of next) count(item);
    else
      for (const key in next) {
        if (!Object.hasOwn(next, key)) continue;
        grow(key.length + 4);
        count((next as Record<string, unknown>)[key]);
      }
  }
  if (nestedDeeperThan(value)) throw new ResultTooDeepError('grader');
}

/** Freezes a freshly cloned value at every level, in place (cyclic and shared references are fine). */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (ArrayBuffer.isView(value)) return value; // typed arrays with elements cannot be frozen
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
  return value;
}

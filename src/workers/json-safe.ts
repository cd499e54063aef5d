import { MAX_VALUE_DEPTH, nestedDeeperThan } from '../core/bound-depth.js';
import { jsonSizeExceeds } from '../core/json-size.js';

/** The most a tool's result may take as JSON text (characters): as much as a model response may (32 MB). */
export const MAX_TOOL_RESULT_CHARS = 32 * 1024 * 1024;

/** The most a code grader's result may take (characters of its texts, keys and numbers): as much as a tool's. */
export const MAX_GRADER_RESULT_CHARS = MAX_TOOL_RESULT_CHARS;

/** A result larger than the limit given to toJsonValue or checkGraderResultSize. */
export class ResultTooLargeError extends Error {
  /** `chars`: the result's length, null when it was measured only until it passed the limit. */
  constructor(chars: number | null, limit: number, kind: 'tool' | 'grader' = 'tool') {
    const size =
      chars === null
        ? `more than the ${megabytes(limit)} a tool result may be as JSON`
        : `${megabytes(chars)} as JSON, more than the ${megabytes(limit)} a tool result may be`;
    super(
      kind === 'tool'
        ? `the tool's result is ${size}: return less (a page, a summary, an id to fetch the rest with)`
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
 * JSON cannot carry are replaced by text (a BigInt by its digits, a reference back to an enclosing object by
 * `"[Circular]"`, a function alone by its source). With `maxChars`, a value whose JSON
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
  // Measured before it is written: an object graph sharing parts can stand for more text than memory holds.
  if (maxChars !== Number.POSITIVE_INFINITY && jsonSizeExceeds(value, maxChars)) {
    throw new ResultTooLargeError(null, maxChars);
  }
  let text: string | undefined;
  try {
    text = writeJson(value);
  } catch (error) {
    // Nested so deep that writing it overflowed the stack.
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
 * JSON.stringify, except that what JSON cannot hold inside a value is written as text rather than losing the
 * whole value: a BigInt as its digits (`{ count: 10n }` → `{"count":"10"}`), a reference back to an object
 * it is inside as `"[Circular]"`, and a Map or a Set as what it holds (`{"k":1}`, `[1,2]`) rather than the
 * `{}` JSON.stringify makes of them. Plain values take JSON.stringify alone.
 */
function writeJson(value: unknown): string | undefined {
  try {
    const plain = JSON.stringify(value);
    // A Map or a Set is written `{}`: only a text holding one may have lost one.
    if (plain === undefined || !plain.includes('{}')) return plain;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
  // The objects being written, outermost first: `this` (the holder of the value at hand) is the innermost.
  const ancestors: unknown[] = [];
  return JSON.stringify(value, function (this: unknown, _key: string, inner: unknown): unknown {
    if (typeof inner === 'bigint') return inner.toString();
    if (typeof inner !== 'object' || inner === null) return inner;
    if (inner instanceof Set) return [...inner];
    if (inner instanceof Map) {
      const entries = [...inner.entries()];
      return entries.every(([key]) => typeof key === 'string') ? Object.fromEntries(entries) : entries;
    }
    while (ancestors.length > 0 && ancestors[ancestors.length - 1] !== this) ancestors.pop();
    if (ancestors.includes(inner)) return '[Circular]';
    ancestors.push(inner);
    return inner;
  });
}

/**
 * Throws ResultTooLargeError when a grader's result would take more than `maxChars` characters as JSON (a
 * part shared along many paths counted on each, as the reports write it; measured without copying it and
 * stopping at the limit), and ResultTooDeepError when it nests deeper than MAX_VALUE_DEPTH; the value itself
 * is left as it is, for the grader result's own checks.
 */
export function checkGraderResult(value: unknown, maxChars: number = MAX_GRADER_RESULT_CHARS): void {
  if (jsonSizeExceeds(value, maxChars)) throw new ResultTooLargeError(null, maxChars, 'grader');
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

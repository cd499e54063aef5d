/** Human-readable tool assertions, e.g. `subtract(a=206588, b≈181001) — matched call #0`. */
import type { JsonValue } from './json.js';
import { describeValue } from './render-value.js';
import type { ToolAssertionResult } from './results.js';

/**
 * Characters of an argument's value in the expectation of a failed assertion: a longer one is cut, so that the
 * reason after it (which argument differs, and where) stays within the first line a report shows. The JSON keeps
 * the whole `args`.
 */
const ARG_WIDTH = 40;

/**
 * The expectation followed by its outcome: the first satisfying call (the calls assigned to it, under
 * distinct_calls), or why it failed.
 */
export function formatAssertion(result: ToolAssertionResult): string {
  if (!result.passed) return `${formatExpectation(result, ARG_WIDTH)} — ${result.reason ?? 'not satisfied'}`;
  const expectation = formatExpectation(result);
  if (result.count === 0) return `${expectation} — no matching call`;
  const assigned = result.assigned_calls;
  if (assigned !== undefined && assigned.length > 0) {
    const calls = assigned.map((index) => `#${index}`).join(', ');
    return `${expectation} — assigned call${assigned.length > 1 ? 's' : ''} ${calls}`;
  }
  const extra = result.matching_calls > 1 ? ` (${result.matching_calls} matching calls)` : '';
  return `${expectation} — matched call #${result.matched_call_index}${extra}`;
}

/**
 * The expectation as written: literal `a=206588`, fuzzy `b≈181001`, regex `c~/^2009.*$/`, then `×N` when
 * count > 1; a count-0 entry (must not be called) reads `not subtract(...)`. Each argument's value is cut
 * to `argWidth` characters (`a={"key0":"value number 0","key1":"valu…`).
 */
export function formatExpectation(
  result: Pick<ToolAssertionResult, 'tool' | 'args' | 'count'>,
  argWidth = Number.POSITIVE_INFINITY,
): string {
  const args =
    result.args === null
      ? ''
      : `(${Object.entries(result.args)
          .map((arg) => formatArg(arg, argWidth))
          .join(', ')})`;
  const count = result.count > 1 ? ` ×${result.count}` : '';
  const not = result.count === 0 ? 'not ' : '';
  return `${not}${result.tool}${args}${count}`;
}

function formatArg([name, expected]: [string, JsonValue], width: number): string {
  const fuzzy = singleStringKey(expected, 'fuzzy');
  if (fuzzy !== null) return `${name}≈${cut(fuzzy, width)}`;
  const regex = singleStringKey(expected, 'regex');
  if (regex !== null) return `${name}~/${cut(regex, width)}/`;
  return `${name}=${cut(describeValue(expected), width)}`;
}

function cut(text: string, width: number): string {
  if (text.length <= width) return text;
  // Not between the two halves of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(width - 1)) ? width - 1 : width;
  return `${text.slice(0, end)}…`;
}

/** The string under `key` when `value` is an object with exactly that one key (a matcher in config form). */
function singleStringKey(value: JsonValue, key: 'fuzzy' | 'regex'): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as { readonly [name: string]: JsonValue };
  const keys = Object.keys(record);
  const text = record[key];
  return keys.length === 1 && typeof text === 'string' ? text : null;
}

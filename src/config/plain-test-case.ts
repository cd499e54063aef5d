/**
 * The common shapes of a test case, checked without zod: thousands of cases of a few plain fields
 * (`name`, `input`, `ground_truth`, string `expected_tools`, `retrieval_context`, `turns` of the same) are
 * validated in well under a microsecond each, where `testCaseSchema` takes about fifteen.
 *
 * It accepts only what `testCaseSchema` accepts, and the value it returns is equal to the schema's output (it
 * is the item itself: every field of the plain shapes parses to an equal value). Anything else — another
 * key, another type, an invalid value, a rule the schema would report — returns undefined, and the caller
 * runs the schema, which reports every issue with its code, path and hint as always
 * (`plain-test-case.test.ts` checks both against the schema on many generated cases).
 */
import type { TestCaseInput } from './schema/test-case-schema.js';

const NOT_BLANK = /\S/;

/** The item as the schema would parse it, or undefined when only the schema can tell (or it is invalid). */
export function parsePlainTestCase(item: unknown): TestCaseInput | undefined {
  if (!isPlainObject(item)) return undefined;
  let hasName = false;
  let hasInput = false;
  let turns: unknown;
  let flat = false;
  for (const key in item) {
    if (!Object.hasOwn(item, key)) return undefined;
    const value = item[key];
    switch (key) {
      case 'name':
        if (!isNonBlank(value)) return undefined;
        hasName = true;
        break;
      case 'turns':
        if (value === undefined) return undefined;
        turns = value;
        break;
      case 'input':
        if (!isNonBlank(value)) return undefined;
        hasInput = true;
        flat = true;
        break;
      default:
        if (!isPlainTurnField(key, value)) return undefined;
        flat = true;
    }
  }
  if (!hasName) return undefined;
  if (turns === undefined) {
    if (!hasInput || !toolOrderHolds(item)) return undefined;
  } else if (flat || !isPlainTurnList(turns)) {
    return undefined;
  }
  return item as TestCaseInput;
}

function isPlainTurnList(turns: unknown): boolean {
  if (!Array.isArray(turns) || turns.length === 0) return false;
  for (let i = 0; i < turns.length; i++) {
    if (!isPlainTurn(turns[i])) return false;
  }
  return true;
}

function isPlainTurn(turn: unknown): boolean {
  if (!isPlainObject(turn)) return false;
  let hasInput = false;
  for (const key in turn) {
    if (!Object.hasOwn(turn, key)) return false;
    const value = turn[key];
    if (key === 'input') {
      if (!isNonBlank(value)) return false;
      hasInput = true;
    } else if (!isPlainTurnField(key, value)) {
      return false;
    }
  }
  return hasInput && toolOrderHolds(turn);
}

/** A field a turn shares with the flat single-turn shape, in its plain form. */
function isPlainTurnField(key: string, value: unknown): boolean {
  switch (key) {
    case 'ground_truth':
      // A number that lost digits (beyond 2^53) is refused by the schema: not plain.
      return isNonBlank(value) || (typeof value === 'number' && Number.isFinite(value) && keptExactly(value));
    case 'expected_tools':
      return isListOf(value, true);
    case 'expected_tools_order':
      return value === 'any' || value === 'strict';
    case 'distinct_calls':
      return typeof value === 'boolean';
    case 'retrieval_context':
      // An empty list is refused by the schema: not plain.
      return isListOf(value, false) && (value as unknown[]).length > 0;
    default:
      return false;
  }
}

/**
 * `expected_tools_order: strict` needs an expected tool; plain expected tools are names (count 1), so any
 * entry will do. (No forbidden tools or counts here, so no entry can contradict another.)
 */
function toolOrderHolds(turn: Record<string, unknown>): boolean {
  if (turn['expected_tools_order'] !== 'strict') return true;
  const expected = turn['expected_tools'];
  return Array.isArray(expected) && expected.length > 0;
}

function isListOf(value: unknown, nonBlank: boolean): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (nonBlank ? !isNonBlank(item) : typeof item !== 'string') return false;
  }
  return true;
}

function isNonBlank(value: unknown): value is string {
  return typeof value === 'string' && NOT_BLANK.test(value);
}

/**
 * What JSON and YAML parsers make of a mapping; anything else (a class instance, a null prototype, which the
 * schema's output would not keep) goes to zod.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  );
}

function keptExactly(value: number): boolean {
  return !Number.isInteger(value) || Number.isSafeInteger(value);
}

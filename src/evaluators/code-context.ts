/**
 * The read-only context handed to a code grader (PRODUCT.md §5). It is a deep copy, frozen at every level, so a
 * grader can neither change the runner's data nor see later changes: its return value is its only channel back.
 */
import type { EvaluationInput } from '../core/evaluator.js';
import type { GraderContext } from '../core/grader.js';

export function buildGraderContext(input: EvaluationInput): GraderContext {
  return deepFrozenCopy({
    turn_input: input.turn_input,
    agent_response: input.agent_response,
    ground_truth: input.ground_truth,
    tool_invocations: input.tool_invocations,
    retrieval_context: input.retrieval_context,
    turn_index: input.turn_index,
    test_case_name: input.test_case_name,
    turn_config: input.turn_config,
    turn: input.turn,
  });
}

/**
 * Arrays and objects are copied and frozen recursively (shared and cyclic references stay shared). Values that
 * cannot be frozen in place (dates, regular expressions, maps, typed arrays) are replaced by independent
 * clones; functions are kept as they are.
 */
export function deepFrozenCopy<T>(value: T): T {
  return copy(value, new Map()) as T;
}

function copy(value: unknown, seen: Map<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const known = seen.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    seen.set(value, items);
    for (const item of value) items.push(copy(item, seen));
    return Object.freeze(items);
  }
  if (!isPlainObject(value)) return cloneOpaque(value, seen);
  const record: Record<string, unknown> = {};
  seen.set(value, record);
  for (const [key, item] of Object.entries(value)) record[key] = copy(item, seen);
  return Object.freeze(record);
}

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function cloneOpaque(value: object, seen: Map<object, unknown>): unknown {
  let clone: unknown;
  try {
    clone = structuredClone(value);
  } catch {
    // Not cloneable (e.g. holds functions): keep the own enumerable data, frozen.
    clone = Object.freeze(Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copy(item, seen)])));
  }
  seen.set(value, clone);
  return clone;
}

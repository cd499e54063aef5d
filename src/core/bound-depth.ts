/**
 * How deep a value from outside may nest. A model's tool-call arguments, a tool's result, a module agent's
 * report or a grader's details may be nested any number of levels; holodeck's reports, redaction and JSON
 * rendering walk them, and a value nested tens of thousands of levels deep would overflow the stack there
 * and end the run. No real argument, result or detail comes near the limit.
 */

export const MAX_VALUE_DEPTH = 128;

/** What stands in for a part nested deeper than the limit. */
export function tooDeepText(max: number = MAX_VALUE_DEPTH): string {
  return `[nested deeper than ${max} levels]`;
}

/** Whether `value` holds objects or arrays more than `max` levels deep, stopping at the first part past it. */
export function nestedDeeperThan(value: unknown, max: number = MAX_VALUE_DEPTH): boolean {
  return pathPastDepth(value, max) !== null;
}

/**
 * The keys down to the first object or array nested more than `max` levels deep in `value`, or null. Neither
 * walk goes deeper than `max` + 1 levels, so their recursion is bounded whatever the value.
 */
export function pathPastDepth(value: unknown, max: number = MAX_VALUE_DEPTH): (string | number)[] | null {
  // Most values are plain trees well within the limit: a quick walk says so. A value it finds past the limit,
  // or whose shared parts make it too long to walk as a tree, is walked again part by part: a part shared
  // several times is measured once, and a part holding one of its own ancestors (a cycle) is not followed —
  // a cyclic value is not deep, only cyclic, and JSON cannot carry it anyway.
  const visits = { left: QUICK_WALK_VISITS };
  if (quickWithin(value, 1, max, visits)) return null;
  return exactPathPast(value, max);
}

/** How many containers the quick walk visits before it leaves the value to the exact one. */
const QUICK_WALK_VISITS = 10_000_000;

const isContainer = (value: unknown): value is object =>
  // Typed arrays hold bytes, not values: they nest nothing.
  typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);

/** Whether every part of `value` at `depth` is within `max`, as a tree (false also when out of visits). */
function quickWithin(value: unknown, depth: number, max: number, visits: { left: number }): boolean {
  if (!isContainer(value)) return true;
  if (depth > max || --visits.left < 0) return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      if (!quickWithin(value[index], depth + 1, max, visits)) return false;
    }
    return true;
  }
  for (const key in value) {
    if (Object.hasOwn(value, key) && !quickWithin((value as Record<string, unknown>)[key], depth + 1, max, visits))
      return false;
  }
  return true;
}

function exactPathPast(value: unknown, max: number): (string | number)[] | null {
  const heights = new Map<object, number>();
  const ancestors = new Set<object>();
  const path: (string | number)[] = [];
  // The height of `node` at `depth` (a container counts 1 and its tallest part), or null once a part lies past
  // `max` (`path` then holds the keys to it, innermost first).
  const heightOf = (node: unknown, depth: number): number | null => {
    if (!isContainer(node) || ancestors.has(node)) return 0;
    const known = heights.get(node);
    if (known !== undefined) return depth + known - 1 > max ? null : known;
    if (depth > max) return null;
    ancestors.add(node);
    let tallest = 0;
    const part = (key: string | number, item: unknown): boolean => {
      const height = heightOf(item, depth + 1);
      if (height === null) {
        path.push(key);
        return false;
      }
      tallest = Math.max(tallest, height);
      return true;
    };
    try {
      if (Array.isArray(node)) {
        for (let index = 0; index < node.length; index += 1) if (!part(index, node[index])) return null;
      } else {
        for (const key in node) {
          if (Object.hasOwn(node, key) && !part(key, (node as Record<string, unknown>)[key])) return null;
        }
      }
    } finally {
      ancestors.delete(node);
    }
    heights.set(node, tallest + 1);
    return tallest + 1;
  };
  return heightOf(value, 1) === null ? path.reverse() : null;
}

/**
 * `value` itself when it nests at most `max` levels deep; else a copy whose objects and arrays past depth `max`
 * are replaced by `tooDeepText` (the copy's recursion stops at the limit; a part met again at the same depth is
 * copied once).
 */
export function boundDepth<T>(value: T, max: number = MAX_VALUE_DEPTH): T {
  if (!nestedDeeperThan(value, max)) return value;
  const copies = new Map<object, Map<number, unknown>>();
  const cut = (node: unknown, depth: number): unknown => {
    if (!isContainer(node)) return node;
    if (depth > max) return tooDeepText(max);
    const known = copies.get(node)?.get(depth);
    if (known !== undefined) return known;
    let copy: unknown;
    if (Array.isArray(node)) copy = node.map((item) => cut(item, depth + 1));
    else {
      const fields: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(node)) fields[key] = cut(item, depth + 1);
      copy = fields;
    }
    const byDepth = copies.get(node) ?? new Map<number, unknown>();
    byDepth.set(depth, copy);
    copies.set(node, byDepth);
    return copy;
  };
  return cut(value, 1) as T;
}

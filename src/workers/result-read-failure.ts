/**
 * What to say of a grader's result whose checks threw: a limit of ours (too large, too deep) says so itself;
 * anything else was thrown by the grader's own code as the result was read (a getter, a proxy), and is said so,
 * naming the getter when one can be found.
 */
import { describeThrown } from '../core/describe-thrown.js';
import { ResultTooDeepError, ResultTooLargeError } from './json-safe.js';

/** How many properties the search for the throwing getter reads at most. */
const MAX_READS = 10_000;

export function resultReadFailure(value: unknown, error: unknown): string {
  if (error instanceof ResultTooLargeError || error instanceof ResultTooDeepError) return error.message;
  const getter = throwingGetter(value);
  return getter === null
    ? `returned a result that threw ${describeThrown(error)} as it was read`
    : `returned a result whose ${getter.path} getter threw ${describeThrown(getter.error)}`;
}

/** The first getter (breadth first) that throws, by its path from the result (`score`, `details.rows[2]`). */
function throwingGetter(value: unknown): { readonly path: string; readonly error: unknown } | null {
  const queue: Array<{ readonly path: string; readonly value: unknown }> = [{ path: '', value }];
  const seen = new Set<object>();
  let reads = 0;
  for (let next = queue.shift(); next !== undefined && reads < MAX_READS; next = queue.shift()) {
    const holder = next.value;
    if (typeof holder !== 'object' || holder === null || seen.has(holder)) continue;
    seen.add(holder);
    let descriptors: Record<string, PropertyDescriptor>;
    try {
      descriptors = Object.getOwnPropertyDescriptors(holder);
    } catch (error) {
      return { path: next.path === '' ? 'result' : next.path, error };
    }
    for (const [key, descriptor] of Object.entries(descriptors)) {
      if (descriptor.enumerable !== true) continue;
      reads += 1;
      const path = Array.isArray(holder) && /^\d+$/.test(key) ? `${next.path}[${key}]` : joinKey(next.path, key);
      if (descriptor.get === undefined) {
        queue.push({ path, value: descriptor.value });
        continue;
      }
      try {
        queue.push({ path, value: descriptor.get.call(holder) });
      } catch (error) {
        return { path, error };
      }
    }
  }
  return null;
}

function joinKey(path: string, key: string): string {
  if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path === '' ? key : `${path}.${key}`;
}

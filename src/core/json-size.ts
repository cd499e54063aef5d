/**
 * Whether a value's JSON text is longer than `limit` characters, known without writing it. What is counted is
 * a lower bound of what JSON.stringify writes (a string's characters and quotes, a key's with its quotes and
 * colon, brackets and commas, a digit per number, `true`, `null`), so a value said to exceed does exceed.
 * A part reached along two paths counts twice, as JSON writes it twice: a small object graph that shares
 * parts — 60 levels of two references to one object stand for 2^60 paths — is measured as the text it would
 * become, and the walk stops as soon as the limit is passed, so it reads about `limit` values at most,
 * whatever the graph. A cycle (which JSON cannot write) and an object with its own `toJSON` count as their
 * brackets; no part past the limit is read.
 */
export function jsonSizeExceeds(value: unknown, limit: number): boolean {
  let size = 0;
  // Values still to count; markers for arrays being walked and for objects whose walk ends (they leave the path).
  const pending: unknown[] = [value];
  const path = new Set<object>();
  while (pending.length > 0) {
    let next = pending.pop();
    if (next instanceof Leave) {
      path.delete(next.object);
      continue;
    }
    if (next instanceof ArrayWalk) {
      if (next.index >= next.array.length) continue;
      const item = next.array[next.index];
      next.index += 1;
      pending.push(next);
      next = item;
    }
    if (typeof next !== 'object' || next === null) size += primitiveSize(next);
    else {
      size += 2;
      if (!path.has(next) && !hasOwnJson(next)) {
        path.add(next);
        pending.push(new Leave(next));
        if (Array.isArray(next)) {
          // Its commas at once: a long (even sparse) array is over the limit before any item is read.
          size += Math.max(0, next.length - 1);
          pending.push(new ArrayWalk(next));
        } else if (ArrayBuffer.isView(next)) {
          // A typed array writes an entry per element; a DataView writes none.
          size += next instanceof DataView ? 0 : 4 * (next as unknown as { length: number }).length;
        } else {
          for (const key in next) {
            if (!Object.hasOwn(next, key)) continue;
            const item = (next as Record<string, unknown>)[key];
            const nested = typeof item === 'object' && item !== null;
            const own = nested ? 0 : primitiveSize(item);
            // A value JSON leaves out (undefined, a function) leaves its key out too.
            if (nested || own > 0) size += key.length + 3 + own;
            if (size > limit) return true;
            if (nested) pending.push(item);
          }
        }
      }
    }
    if (size > limit) return true;
  }
  return false;
}

/** The fewest characters JSON writes for a value that is not an object (0: left out, or not written at all). */
function primitiveSize(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return value.length + 2;
    case 'number':
      return 1;
    case 'boolean':
      return 4;
    default:
      return value === null ? 4 : 0;
  }
}

/** Objects that write themselves (a Date, a Buffer): their text is theirs to choose. */
function hasOwnJson(value: object): boolean {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

class Leave {
  constructor(readonly object: object) {}
}

class ArrayWalk {
  index = 0;
  constructor(readonly array: readonly unknown[]) {}
}

/** Anything thrown, as text: one pair of helpers for every layer (worker threads, tools, backends). */

/** `TypeError: boom`, using the class name when a custom error kept the default `name`. */
export function describeThrown(error: unknown): string {
  if (error instanceof Error) {
    const className = error.constructor?.name;
    const type = error.name === 'Error' && className && className !== 'Error' ? className : error.name;
    return error.message ? `${type}: ${error.message}` : type;
  }
  if (typeof error === 'string') return JSON.stringify(error);
  // A plain object (`throw { code: 42 }`) as JSON, not `[object Object]`; cut: it is named, not reprinted.
  if (error !== null && typeof error === 'object' && String(error) === '[object Object]') {
    const json = jsonOf(error);
    if (json !== null) return json.length > THROWN_JSON_CHARS ? `${json.slice(0, THROWN_JSON_CHARS)}…` : json;
  }
  return String(error);
}

const THROWN_JSON_CHARS = 200;

function jsonOf(value: object): string | null {
  try {
    return JSON.stringify(value) ?? null;
  } catch {
    // Cyclic, or holding a BigInt.
    return null;
  }
}

/** The message of anything thrown, without a redundant `Error: ` prefix. */
export function thrownMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

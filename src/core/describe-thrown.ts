/** Anything thrown, as text: one pair of helpers for every layer (worker threads, tools, backends). */

/** `TypeError: boom`, using the class name when a custom error kept the default `name`. */
export function describeThrown(error: unknown): string {
  if (error instanceof Error) {
    const className = error.constructor?.name;
    const type = error.name === 'Error' && className && className !== 'Error' ? className : error.name;
    return error.message ? `${type}: ${error.message}` : type;
  }
  if (typeof error === 'string') return JSON.stringify(error);
  return String(error);
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

/**
 * How long a user module may take to import before the configuration gives up on it: a module agent's or a
 * grader's in the main thread (load-module.ts), a tool's or a grader's in its worker (workers/export-reader.ts).
 */
export const IMPORT_TIME_LIMIT_MS = 30_000;

/** The message of an import that did not finish within the limit. */
export function importTooSlowMessage(where: string, limitMs: number): string {
  return `importing ${where} did not finish within ${limitMs / 1000} s: its top level blocks (an endless loop?) or waits for something that does not come`;
}

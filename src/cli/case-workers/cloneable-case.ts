/**
 * Whether a test case's configuration can be sent to a case worker as data (a structured clone): plain data
 * only. A case whose configuration holds functions — a code grader, a compiled argument pattern, a JSON
 * schema validator — cannot; its worker keeps it from the configuration it loaded and is sent its name.
 */
export function isCloneable(value: unknown, seen: Set<object> = new Set()): boolean {
  if (typeof value === 'function' || typeof value === 'symbol') return false;
  if (typeof value !== 'object' || value === null) return true;
  if (seen.has(value)) return true;
  seen.add(value);
  if (value instanceof RegExp || value instanceof Date || ArrayBuffer.isView(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== Array.prototype && proto !== null) return false;
  for (const item of Object.values(value)) if (!isCloneable(item, seen)) return false;
  return true;
}

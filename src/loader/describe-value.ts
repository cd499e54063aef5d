import { isClass } from './is-class.js';

/** `a class`, `a number (42)`, `an object` … for "is not a function" messages about a user module's export. */
export function describeValue(value: unknown): string {
  if (isClass(value)) return 'a class';
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string')
    return `a string (${JSON.stringify(value.length > 30 ? `${value.slice(0, 27)}...` : value)})`;
  return `a ${typeof value} (${String(value)})`;
}

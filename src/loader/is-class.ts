/**
 * Whether a user export is a class: a function that throws when called without `new`, so it cannot serve as a
 * grader, a tool or an agent factory, which holodeck calls as plain functions.
 */
export function isClass(value: unknown): boolean {
  return typeof value === 'function' && /^class\b/.test(Function.prototype.toString.call(value));
}

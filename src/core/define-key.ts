/**
 * Sets `key` on `target` as an own, enumerable data property. Defined, not assigned: a `__proto__` key (from a
 * model's JSON, a user's YAML) stays a key instead of replacing the object's prototype.
 */
export function defineKey(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
